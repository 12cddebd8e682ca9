/**
 * Runs a job graph (Flink's local streaming runtime, in one event loop): every vertex becomes
 * p subtasks wired by channels; records are pushed synchronously, one at a time, from a source
 * through the channels' partitioners into the downstream subtasks' gates. Asynchrony comes
 * from the sources (sockets deliver data over time; bounded sources yield between chunks) and
 * from the periodic watermark timer (every auto-watermark interval). A source that ends emits
 * the end-of-time watermark, then ends its channels; a subtask whose channels have all ended
 * finishes, closes and ends its own. The job is done when every source has ended; it fails on
 * the first error (a TaskFailure names operator and subtask) and stops on cancel, without
 * firing windows.
 */
import { JobExecutionException, TaskFailure, describeError } from "../../common/errors.js";
import { AccumulatorRegistry } from "../../common/runtime-context-impl.js";
import type { Vertex } from "../graph/job-graph.js";
import { MAX_WATERMARK, NO_TIMESTAMP } from "../watermarks/watermark.js";
import { LineWriter } from "./line-writer.js";
import type { OperatorMetricsSummary } from "./operator.js";
import type { OperatorSubtask } from "./subtask.js";
import { wireJob, type SourceSubtask } from "./wiring.js";

import type { JobStatus } from "../../common/job-client.js";

export type { JobStatus };

export interface StreamJobOptions {
  readonly jobName: string;
  readonly autoWatermarkInterval: number;
  readonly objectReuse: boolean;
}

export interface StreamJobOutcome {
  readonly netRuntimeMs: number;
  readonly accumulators: Map<string, unknown>;
  readonly operators: OperatorMetricsSummary[];
  readonly channels: { source: string; target: string; ship: string; records: number }[];
}

export class StreamJob {
  private status: JobStatus = "CREATED";
  private readonly accumulators = new AccumulatorRegistry();
  private readonly stdout = new LineWriter("stdout");
  private readonly stderr = new LineWriter("stderr");
  private sources: SourceSubtask[] = [];
  private subtasks: OperatorSubtask[] = [];
  private wiring!: ReturnType<typeof wireJob>;
  private periodic: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private failure: unknown;
  private stopping: Promise<void> | undefined;
  private resolveDone!: (o: StreamJobOutcome) => void;
  private rejectDone!: (e: unknown) => void;
  /** Settles when the job finished (resolves), failed or was cancelled (rejects). */
  readonly done: Promise<StreamJobOutcome>;

  constructor(private readonly graph: readonly Vertex[], private readonly options: StreamJobOptions) {
    this.done = new Promise((res, rej) => {
      this.resolveDone = res;
      this.rejectDone = rej;
    });
    this.done.catch(() => {}); // observed through getJobExecutionResult(); never unhandled
  }

  getStatus(): JobStatus {
    return this.status;
  }

  /**
   * Ends the job at once without running it (a Sluice worker thread replaying the program: the
   * streaming job runs in the coordinator only, so its sources, sockets and sinks are not repeated).
   */
  finishWithoutRunning(): void {
    this.status = "FINISHED";
    this.resolveDone({ netRuntimeMs: 0, accumulators: new Map(), operators: [], channels: [] });
  }

  /** Builds the subtasks, opens every operator and starts the sources and the watermark timer. */
  start(): void {
    this.startedAt = performance.now();
    this.status = "RUNNING";
    try {
      this.wiring = wireJob(this.graph, {
        objectReuse: this.options.objectReuse,
        accumulators: this.accumulators,
        stdout: this.stdout,
        stderr: this.stderr,
      });
      this.sources = this.wiring.sources;
      this.subtasks = this.wiring.subtasks;
      for (let i = this.subtasks.length - 1; i >= 0; i--) this.subtasks[i]!.open();
    } catch (e) {
      this.fail(e);
      return;
    }
    const interval = this.options.autoWatermarkInterval;
    const periodic = this.subtasks.filter((s) => s.operator.wantsPeriodic);
    if (interval > 0 && periodic.length > 0) {
      this.periodic = setInterval(() => this.runPeriodic(periodic), interval);
      this.periodic.unref();
    }
    let open = this.sources.length;
    for (const s of this.sources) {
      s.finished = this.runSource(s).then(() => {
        if (--open === 0 && this.status === "RUNNING") this.finish();
      });
    }
  }

  /** Stops the sources and closes every operator; open windows do not fire. */
  cancel(): Promise<void> {
    if (this.status !== "RUNNING") return this.stopping ?? Promise.resolve();
    this.status = "CANCELED";
    this.stopping = this.stop().then(() => this.rejectDone(new JobExecutionException(`Job '${this.options.jobName}' was cancelled`)));
    return this.stopping;
  }

  private async runSource(s: SourceSubtask): Promise<void> {
    const ctx = {
      collect: (value: unknown) => {
        if (this.status !== "RUNNING") return;
        try {
          s.output.collect(value, NO_TIMESTAMP);
        } catch (e) {
          this.fail(e);
        }
      },
      isRunning: () => this.status === "RUNNING",
    };
    try {
      await s.fn.run(ctx);
    } catch (e) {
      this.fail(new TaskFailure(s.name, 0, 1, e));
      return;
    }
    if (this.status !== "RUNNING") return;
    try {
      s.output.emitWatermark(MAX_WATERMARK);
      s.output.end();
    } catch (e) {
      this.fail(e);
    }
  }

  private runPeriodic(subtasks: readonly OperatorSubtask[]): void {
    for (const s of subtasks) {
      if (this.status !== "RUNNING") return;
      try {
        s.periodic();
      } catch (e) {
        this.fail(e);
      }
    }
  }

  private finish(): void {
    this.status = "FINISHED";
    this.clearTimer();
    try {
      for (const s of this.subtasks) s.close(); // normally all closed already
    } catch (e) {
      this.status = "RUNNING";
      this.fail(e);
      return;
    }
    this.stdout.flush();
    this.stderr.flush();
    this.resolveDone(this.outcome());
  }

  private fail(e: unknown): void {
    if (this.status !== "RUNNING" && this.status !== "CREATED") return;
    this.status = "FAILED";
    this.failure = e;
    this.stopping = this.stop().then(() => this.rejectDone(this.toJobException(this.failure)));
  }

  private async stop(): Promise<void> {
    this.clearTimer();
    const runs: Promise<void>[] = [];
    for (const s of this.sources) {
      try {
        s.fn.cancel();
      } catch (e) {
        process.stderr.write(`sluice: cancelling source '${s.name}' failed: ${describeError(e)}\n`);
      }
      runs.push(s.finished);
    }
    await Promise.allSettled(runs);
    for (const s of this.subtasks) {
      try {
        s.close();
      } catch (e) {
        process.stderr.write(`sluice: closing '${s.name}' (${s.index + 1}/${s.parallelism}) failed: ${describeError(e)}\n`);
      }
    }
    this.stdout.flush();
    this.stderr.flush();
  }

  private clearTimer(): void {
    if (this.periodic !== undefined) clearInterval(this.periodic);
    this.periodic = undefined;
  }

  private toJobException(e: unknown): JobExecutionException {
    const job = this.options.jobName;
    if (e instanceof TaskFailure) {
      return new JobExecutionException(
        `Job '${job}' failed: operator '${e.operator}' (subtask ${e.subtask + 1}/${e.parallelism}) threw ${describeError(e.userError)}`,
        { cause: e.userError },
      );
    }
    return new JobExecutionException(`Job '${job}' failed: ${describeError(e)}`, { cause: e });
  }

  private outcome(): StreamJobOutcome {
    return {
      netRuntimeMs: Math.round(performance.now() - this.startedAt),
      accumulators: this.accumulators.merged(),
      operators: this.wiring.metrics(),
      channels: this.wiring.channelMetrics(),
    };
  }
}
