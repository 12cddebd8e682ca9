/**
 * Flink's Configuration: a typed key/value map handed to `open(parameters)` by `withParameters`.
 * @example
 * const c = new Configuration(); c.setInteger("limit", 3); c.getInteger("limit", 0) // 3
 */
export class Configuration {
  private readonly values = new Map<string, unknown>();

  /** Builds a Configuration from a plain object (or copies another Configuration). */
  static from(source: Configuration | Record<string, unknown> | undefined): Configuration {
    const c = new Configuration();
    if (source instanceof Configuration) for (const [k, v] of source.values) c.values.set(k, v);
    else if (source) for (const [k, v] of Object.entries(source)) c.values.set(k, v);
    return c;
  }

  set(key: string, value: unknown): void {
    this.values.set(key, value);
  }
  get<T = unknown>(key: string, defaultValue?: T): T {
    return (this.values.has(key) ? this.values.get(key) : defaultValue) as T;
  }
  containsKey(key: string): boolean {
    return this.values.has(key);
  }
  keySet(): string[] {
    return [...this.values.keys()];
  }
  toObject(): Record<string, unknown> {
    return Object.fromEntries(this.values);
  }

  setString(key: string, v: string): void { this.set(key, v); }
  getString(key: string, d: string | null = null): string | null {
    return this.values.has(key) ? String(this.values.get(key)) : d;
  }
  setInteger(key: string, v: number): void { this.set(key, Math.trunc(v)); }
  getInteger(key: string, d = 0): number { return this.numberOf(key, d); }
  setLong(key: string, v: number): void { this.set(key, Math.trunc(v)); }
  getLong(key: string, d = 0): number { return this.numberOf(key, d); }
  setDouble(key: string, v: number): void { this.set(key, v); }
  getDouble(key: string, d = 0): number { return this.numberOf(key, d); }
  setBoolean(key: string, v: boolean): void { this.set(key, v); }
  getBoolean(key: string, d = false): boolean {
    if (!this.values.has(key)) return d;
    const v = this.values.get(key);
    return typeof v === "string" ? v.toLowerCase() === "true" : Boolean(v);
  }

  private numberOf(key: string, d: number): number {
    if (!this.values.has(key)) return d;
    const n = Number(this.values.get(key));
    return Number.isNaN(n) ? d : n;
  }
}
