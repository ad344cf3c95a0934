/**
 * The service clock. Batch windows, retries, debounce and rate-limit windows read it, and
 * `/_sandbox/clock` advances it, so tests never sleep through real minutes. It is real time
 * plus an offset; listeners run whatever falls due when it is advanced.
 */
export class ServiceClock {
  private offsetMs: number;
  private readonly listeners = new Set<(now: Date) => void | Promise<void>>();

  constructor(offsetMs = 0) {
    this.offsetMs = offsetMs;
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** The service's current day, `YYYY-MM-DD` (UTC). */
  today(): string {
    return this.now().toISOString().slice(0, 10);
  }

  get offset(): number {
    return this.offsetMs;
  }

  async advance(seconds: number): Promise<Date> {
    this.offsetMs += seconds * 1000;
    const now = this.now();
    for (const listener of this.listeners) await listener(now);
    return now;
  }

  onAdvance(listener: (now: Date) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** ISO 8601 UTC without milliseconds, as the interface writes timestamps. */
export function isoTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
