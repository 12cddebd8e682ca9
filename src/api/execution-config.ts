/**
 * Per-environment execution settings (Flink's ExecutionConfig).
 * @example env.getConfig().enableObjectReuse()
 */
import type { JobListener } from "../common/progress.js";
import { InvalidProgramException } from "../common/errors.js";
import { parseByteSize } from "../common/byte-size.js";

export type ExecutionMode = "auto" | "in-process" | "threads" | "processes";

export class ExecutionConfig {
  private objectReuse = false;
  private mode: ExecutionMode = "auto";
  private modeSet = false;
  private progress = true;
  private readonly listeners: JobListener[] = [];
  private jobTimeoutMs = 0;
  private memoryBudget: number | undefined;
  private spillDirectory: string | undefined;

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
  /**
   * The memory the records of one job may take (Flink's managed memory): sort buffers, hash tables,
   * groups, combiners and buffered exchanges share it by the fractions the optimizer assigns (plan
   * JSON `memory_fraction`) and spill to disk beyond their share. Bytes, or text like "512mb".
   * Unset, the environment variable SLUICE_MEMORY_BUDGET decides, else 35% of the V8 heap limit.
   * @example env.getConfig().setMemoryBudget("256mb")
   */
  setMemoryBudget(bytes: number | string): this {
    this.memoryBudget = parseByteSize(bytes, "setMemoryBudget");
    return this;
  }
  /**
   * The budget set with setMemoryBudget, in bytes (undefined: the environment or the default decides).
   * @example const bytes = env.getConfig().getMemoryBudget(); // undefined unless set
   */
  getMemoryBudget(): number | undefined {
    return this.memoryBudget;
  }
  /**
   * Where jobs spill: each job makes its own directory inside it and removes it when it ends
   * (success, failure or cancel); directories a killed process left are removed by the next job.
   * Unset, the environment variable SLUICE_SPILL_DIR decides, else `os.tmpdir()`.
   * @example env.getConfig().setSpillDirectory("/mnt/scratch")
   */
  setSpillDirectory(path: string): this {
    if (typeof path !== "string" || path.length === 0) {
      throw new InvalidProgramException(`setSpillDirectory: the directory must be a non-empty path, got ${String(path)}`);
    }
    this.spillDirectory = path;
    return this;
  }
  /**
   * The directory set with setSpillDirectory (undefined: the environment or the default decides).
   * @example const dir = env.getConfig().getSpillDirectory(); // undefined unless set
   */
  getSpillDirectory(): string | undefined {
    return this.spillDirectory;
  }
}
