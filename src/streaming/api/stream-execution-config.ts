/**
 * Settings of a StreamExecutionEnvironment (the streaming part of Flink's ExecutionConfig).
 * @example env.getConfig().setAutoWatermarkInterval(50)
 */
import { InvalidProgramException } from "../../common/errors.js";

export class StreamExecutionConfig {
  private autoWatermarkInterval = 200;
  private objectReuse = false;

  /**
   * How often (ms) watermark generators emit periodically; 0 disables periodic watermarks.
   * @example
   * senv.getConfig().setAutoWatermarkInterval(200);
   */
  setAutoWatermarkInterval(ms: number): this {
    if (!Number.isFinite(ms) || ms < 0) throw new InvalidProgramException(`setAutoWatermarkInterval: expected milliseconds >= 0, got ${ms}`);
    this.autoWatermarkInterval = ms;
    return this;
  }
  /**
   * The interval of periodic watermarks, in milliseconds.
   * @example
   * senv.getConfig().getAutoWatermarkInterval();
   */
  getAutoWatermarkInterval(): number {
    return this.autoWatermarkInterval;
  }
  /**
   * Lets operators pass records on without the defensive copies (Flink's object reuse).
   * @example
   * senv.getConfig().enableObjectReuse();
   */
  enableObjectReuse(): this {
    this.objectReuse = true;
    return this;
  }
  /**
   * Copies records between chained operators (the default).
   * @example
   * senv.getConfig().disableObjectReuse();
   */
  disableObjectReuse(): this {
    this.objectReuse = false;
    return this;
  }
  /**
   * Whether object reuse is on.
   * @example
   * senv.getConfig().isObjectReuseEnabled();
   */
  isObjectReuseEnabled(): boolean {
    return this.objectReuse;
  }
}
