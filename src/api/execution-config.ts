/**
 * Per-environment execution settings (Flink's ExecutionConfig).
 * @example env.getConfig().enableObjectReuse()
 */
import type { JobListener } from "../common/progress.js";
import { InvalidProgramException } from "../common/errors.js";

export type ExecutionMode = "auto" | "in-process" | "threads" | "processes";

export class ExecutionConfig {
  private objectReuse = false;
  private mode: ExecutionMode = "auto";
  private modeSet = false;
  private progress = true;
  private readonly listeners: JobListener[] = [];
  private jobTimeoutMs = 0;

  /**
   * Lets the engine pass records to functions without the defensive copies (Flink's object reuse).
   * @example
   * env.getConfig().enableObjectReuse();
   */
  enableObjectReuse(): this {
    this.objectReuse = true;
    return this;
  }
  /**
   * Copies records between chained functions again (the default).
   * @example
   * env.getConfig().disableObjectReuse(); // the default
   */
  disableObjectReuse(): this {
    this.objectReuse = false;
    return this;
  }
  /**
   * Whether object reuse is on.
   * @example
   * env.getConfig().isObjectReuseEnabled(); // false
   */
  isObjectReuseEnabled(): boolean {
    return this.objectReuse;
  }
  /**
   * Where this environment's jobs run when the program is a job module run by runJob: in process,
   * in worker threads, in child processes, or chosen per job ("auto"). Unset, runJob's mode
   * decides. A script (not a job module) always runs in process.
   * @example
   * env.getConfig().setExecutionMode("in-process");
   */
  setExecutionMode(mode: ExecutionMode): this {
    this.mode = mode;
    this.modeSet = true;
    return this;
  }
  /** @internal Whether the program chose the mode (it then wins over runJob's). */
  isExecutionModeSet(): boolean {
    return this.modeSet;
  }
  /**
   * The execution mode the program set, or the default.
   * @example
   * env.getConfig().getExecutionMode();
   */
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
  /**
   * Shows job progress on stderr again after disableProgress().
   * @example
   * env.getConfig().enableProgress();
   */
  enableProgress(): this {
    this.progress = true;
    return this;
  }
  /**
   * Whether job progress is shown.
   * @example
   * env.getConfig().isProgressEnabled();
   */
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
  /**
   * Fails every job of this environment (execute, collect, executeAsync, ...) that runs longer than
   * `ms` milliseconds with a JobExecutionException "Job '<name>' timed out after <ms> ms"; its
   * output hooks clean up, so it leaves no output. In process the record loops stop at their next
   * batch; in worker threads a function that does not return is terminated. 0 (the default): no
   * timeout.
   * @example env.getConfig().setJobTimeout(60_000); // one minute per job
   */
  setJobTimeout(ms: number): this {
    if (!Number.isInteger(ms) || ms < 0) {
      throw new InvalidProgramException(`setJobTimeout: the timeout must be a non-negative integer of milliseconds, got ${String(ms)}`);
    }
    this.jobTimeoutMs = ms;
    return this;
  }
  /**
   * The job timeout in milliseconds (0: none).
   * @example
   * env.getConfig().setJobTimeout(60_000).getJobTimeout(); // 60000
   */
  getJobTimeout(): number {
    return this.jobTimeoutMs;
  }
}
