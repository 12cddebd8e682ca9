/**
 * Per-environment execution settings (Flink's ExecutionConfig).
 * @example env.getConfig().enableObjectReuse()
 */
import type { JobListener } from "../common/progress.js";

export type ExecutionMode = "auto" | "in-process" | "threads";

export class ExecutionConfig {
  private objectReuse = false;
  private mode: ExecutionMode = "auto";
  private modeSet = false;
  private progress = true;
  private readonly listeners: JobListener[] = [];

  /** Lets the engine pass records to functions without the defensive copies (Flink's object reuse). */
  enableObjectReuse(): this {
    this.objectReuse = true;
    return this;
  }
  disableObjectReuse(): this {
    this.objectReuse = false;
    return this;
  }
  isObjectReuseEnabled(): boolean {
    return this.objectReuse;
  }
  /**
   * Where subtasks run: in this thread, in worker threads, or chosen per job ("auto", which runs
   * in process for now: threads are opt-in). Unset, the environment variable SLUICE_EXECUTION_MODE
   * decides, else "auto".
   */
  setExecutionMode(mode: ExecutionMode): this {
    this.mode = mode;
    this.modeSet = true;
    return this;
  }
  /** @internal Whether the program chose the mode (it then wins over SLUICE_EXECUTION_MODE). */
  isExecutionModeSet(): boolean {
    return this.modeSet;
  }
  getExecutionMode(): ExecutionMode {
    return this.mode;
  }
  /**
   * Turns off the live progress display on stderr (shown only when stderr is a terminal; also
   * off with the environment variable SLUICE_PROGRESS=0). Job listeners still get progress.
   * @example env.getConfig().disableProgress()
   */
  disableProgress(): this {
    this.progress = false;
    return this;
  }
  enableProgress(): this {
    this.progress = true;
    return this;
  }
  isProgressEnabled(): boolean {
    return this.progress;
  }
  /** @internal ExecutionEnvironment.registerJobListener keeps them here, with the other per-environment settings. */
  addJobListener(listener: JobListener): void {
    this.listeners.push(listener);
  }
  /** @internal */
  getJobListeners(): readonly JobListener[] {
    return this.listeners;
  }
}
