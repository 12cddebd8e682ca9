/**
 * Sink functions for `addSink` (Flink's SinkFunction / RichSinkFunction): a function of the
 * value, an object with `invoke(value, context)` (and optional `open`/`close`), or a Rich class.
 */
import type { Configuration } from "../../common/configuration.js";
import { AbstractRichFunction } from "../../common/functions.js";
import type { SinkContext } from "../runtime/operators/sink-operators.js";

export type SinkFunction<T> =
  | ((value: T, context: SinkContext) => void)
  | { invoke(value: T, context: SinkContext): void; open?(parameters: Configuration): void; close?(): void };

export abstract class RichSinkFunction<T> extends AbstractRichFunction {
  /**
   * Called once per record this sink receives.
   * @example
   * class Log extends RichSinkFunction<string> {
   * invoke(value: string) { console.log(this.getRuntimeContext().getIndexOfThisSubtask(), value); }
   * }
   */
  abstract invoke(value: T, context: SinkContext): void;
}
