/**
 * Per-environment execution settings (Flink's ExecutionConfig).
 * @example env.getConfig().enableObjectReuse()
 */
export type ExecutionMode = "auto" | "in-process" | "threads";

export class ExecutionConfig {
  private objectReuse = false;
  private mode: ExecutionMode = "auto";

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
  /** Where subtasks run: in this thread, in worker threads, or chosen per job ("auto"). */
  setExecutionMode(mode: ExecutionMode): this {
    this.mode = mode;
    return this;
  }
  getExecutionMode(): ExecutionMode {
    return this.mode;
  }
}
