/**
 * One run of a job module's entry in the coordinator (runJob): its mode, parallelism and the
 * actions it ran so far, numbered in the order the entry reached them.
 */
export type JobMode = "auto" | "in-process" | "threads" | "processes";

export interface SessionOptions {
  readonly moduleUrl: string;
  readonly args: unknown;
  readonly mode: JobMode;
  readonly parallelism?: number;
  readonly signal?: AbortSignal;
}

export class JobSession {
  private closed = false;
  constructor(readonly options: SessionOptions) {}

  close(): void {
    this.closed = true;
  }
  isClosed(): boolean {
    return this.closed;
  }
}
