/**
 * A bounded, fair work pool: at most `limit` jobs run at once, at most `perKey` of them for
 * one key (one subscription), and keys take turns. So one endpoint that answers slowly can
 * hold at most `perKey` slots while every other subscription's deliveries keep flowing.
 */
export class FairPool<T> {
  private readonly queues = new Map<string, Array<{ item: T; resolve: (value: boolean) => void }>>();
  private order: string[] = [];
  private cursor = 0;
  private readonly active = new Map<string, number>();
  private running = 0;

  constructor(
    private readonly limit: number,
    private readonly perKey: number,
    private readonly run: (item: T) => Promise<boolean>,
  ) {}

  /** Queues one job; resolves with what `run` answered (false when it failed or was dropped). */
  add(key: string, item: T): Promise<boolean> {
    return new Promise((resolve) => {
      let queue = this.queues.get(key);
      if (!queue) {
        this.queues.set(key, (queue = []));
        this.order.push(key);
      }
      queue.push({ item, resolve });
      this.pump();
    });
  }

  /** Drops every job not started yet (each resolves false). Running jobs finish. */
  clear(): void {
    for (const queue of this.queues.values()) for (const job of queue) job.resolve(false);
    this.queues.clear();
    this.order = [];
    this.cursor = 0;
  }

  get size(): { running: number; queued: number } {
    let queued = 0;
    for (const queue of this.queues.values()) queued += queue.length;
    return { running: this.running, queued };
  }

  private pick(): { key: string; job: { item: T; resolve: (value: boolean) => void } } | null {
    for (let tried = 0; tried < this.order.length; tried += 1) {
      const index = (this.cursor + tried) % this.order.length;
      const key = this.order[index]!;
      if ((this.active.get(key) ?? 0) >= this.perKey) continue;
      const queue = this.queues.get(key)!;
      const job = queue.shift()!;
      if (queue.length === 0) {
        this.queues.delete(key);
        this.order.splice(index, 1);
        this.cursor = this.order.length === 0 ? 0 : index % this.order.length;
      } else {
        this.cursor = (index + 1) % this.order.length;
      }
      return { key, job };
    }
    return null;
  }

  private pump(): void {
    while (this.running < this.limit) {
      const next = this.pick();
      if (!next) return;
      const { key, job } = next;
      this.running += 1;
      this.active.set(key, (this.active.get(key) ?? 0) + 1);
      let run: Promise<boolean>;
      try {
        run = this.run(job.item);
      } catch {
        run = Promise.resolve(false);
      }
      run
        .catch(() => false)
        .then((value) => {
          this.running -= 1;
          const left = (this.active.get(key) ?? 1) - 1;
          if (left === 0) this.active.delete(key);
          else this.active.set(key, left);
          job.resolve(value);
          this.pump();
        });
    }
  }
}
