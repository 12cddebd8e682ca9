/**
 * The library's error types (API.md "Enums and errors").
 * - InvalidProgramException: the program is wrong, found at definition time (or on the first record
 *   where the shape was unknown then).
 * - JobExecutionException: a run failed; names the operator and subtask; `cause` is what user code threw.
 * - InternalError: a broken invariant inside the engine.
 */
export class InvalidProgramException extends Error {
  override name = "InvalidProgramException";
}

export class JobExecutionException extends Error {
  override name = "JobExecutionException";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export class InternalError extends Error {
  override name = "InternalError";
}

/**
 * Thrown inside a running task: user code (or a bad record) failed in `operator` at `subtask`.
 * The job runner turns it into a JobExecutionException.
 */
export class TaskFailure extends Error {
  override name = "TaskFailure";
  constructor(
    readonly operator: string,
    readonly subtask: number,
    readonly parallelism: number,
    readonly userError: unknown,
  ) {
    super(`${operator} (${subtask + 1}/${parallelism}) failed: ${describeError(userError)}`);
  }
}

/** A short text for any thrown value. */
export function describeError(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  try {
    return String(e);
  } catch {
    return "<unprintable error>";
  }
}

/** Checks a parallelism setting; `who` (an operator or method name) leads the error message. */
export function checkParallelism(parallelism: number, who?: string): number {
  if (!Number.isInteger(parallelism) || parallelism < 1) {
    throw new InvalidProgramException(`${who === undefined ? "" : `${who}: `}parallelism must be a positive integer, got ${parallelism}`);
  }
  return parallelism;
}
