/**
 * Combines the watermarks and watermark statuses of a subtask's input channels (Flink's
 * StatusWatermarkValve): the subtask's watermark is the minimum over its active, aligned
 * channels and never goes backwards. An idle channel stops holding the minimum back; when it
 * turns active again it only counts once its watermark has caught up with the output
 * watermark. When every channel is idle the valve emits the maximum watermark across them and
 * turns idle itself; a watermark arriving while the valve or its channel is idle is ignored.
 */
export interface ValveOutput {
  emitWatermark(watermark: number): void;
  emitWatermarkStatus(idle: boolean): void;
}

export class StatusWatermarkValve {
  private readonly watermarks: number[];
  private readonly idle: boolean[];
  private readonly aligned: boolean[];
  private lastOutputWatermark = -Infinity;
  private lastOutputIdle = false;

  constructor(numChannels: number, private readonly output: ValveOutput) {
    this.watermarks = new Array<number>(numChannels).fill(-Infinity);
    this.idle = new Array<boolean>(numChannels).fill(false);
    this.aligned = new Array<boolean>(numChannels).fill(true);
  }

  /** The last watermark the valve emitted. */
  get currentWatermark(): number {
    return this.lastOutputWatermark;
  }
  get isIdle(): boolean {
    return this.lastOutputIdle;
  }

  inputWatermark(watermark: number, channel: number): void {
    if (this.lastOutputIdle || this.idle[channel]) return;
    if (!(watermark > this.watermarks[channel]!)) return;
    this.watermarks[channel] = watermark;
    if (!this.aligned[channel] && watermark >= this.lastOutputWatermark) this.aligned[channel] = true;
    this.findAndOutputNewMinWatermark();
  }

  inputWatermarkStatus(idle: boolean, channel: number): void {
    if (idle && !this.idle[channel]) {
      this.idle[channel] = true;
      this.aligned[channel] = false;
      if (!this.idle.includes(false)) {
        // Nothing will advance any more: flush the largest watermark seen, then go idle.
        if (this.watermarks[channel] === this.lastOutputWatermark) this.findAndOutputMaxWatermark();
        this.lastOutputIdle = true;
        this.output.emitWatermarkStatus(true);
      } else if (this.watermarks[channel] === this.lastOutputWatermark) {
        this.findAndOutputNewMinWatermark();
      }
    } else if (!idle && this.idle[channel]) {
      this.idle[channel] = false;
      if (this.watermarks[channel]! >= this.lastOutputWatermark) this.aligned[channel] = true;
      if (this.lastOutputIdle) {
        this.lastOutputIdle = false;
        this.output.emitWatermarkStatus(false);
      }
    }
  }

  private findAndOutputNewMinWatermark(): void {
    let min = Infinity;
    let any = false;
    for (let i = 0; i < this.watermarks.length; i++) {
      if (!this.aligned[i]) continue;
      any = true;
      if (this.watermarks[i]! < min) min = this.watermarks[i]!;
    }
    if (any && min > this.lastOutputWatermark) {
      this.lastOutputWatermark = min;
      this.output.emitWatermark(min);
    }
  }

  private findAndOutputMaxWatermark(): void {
    let max = -Infinity;
    for (const w of this.watermarks) if (w > max) max = w;
    if (max > this.lastOutputWatermark) {
      this.lastOutputWatermark = max;
      this.output.emitWatermark(max);
    }
  }
}
