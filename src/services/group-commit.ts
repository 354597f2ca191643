/**
 * Group commit: writes that arrive while earlier ones are in flight go to the database together, in one
 * transaction and one round trip, instead of one transaction each. At most `maxFlights` batches are in flight; a
 * write that finds a free flight leaves at once (alone, when the service is quiet: no added wait), the others
 * queue and leave together when a flight returns. Every caller still waits for its own batch's commit.
 *
 * A batch that fails (any statement's error aborts its transaction, so nothing of it is stored) is written again
 * one item at a time, so one bad item fails alone.
 */
export interface GroupCommitOptions<I, O> {
  /** Writes the items in one transaction; one result per item, in order. */
  writeBatch(items: I[]): Promise<O[]>;
  /** Writes one item in a transaction of its own. */
  writeOne(item: I): Promise<O>;
  maxBatch: number;
  maxFlights: number;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export interface GroupCommitStats {
  batches: number;
  items: number;
  largest: number;
  /** Batches that failed and were written again one item at a time. */
  retried: number;
}

export class GroupCommit<I, O> {
  private queue: Pending<I, O>[] = [];
  private flights = 0;
  readonly stats: GroupCommitStats = { batches: 0, items: 0, largest: 0, retried: 0 };

  constructor(private readonly options: GroupCommitOptions<I, O>) {}

  write(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.flights < this.options.maxFlights && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.flights++;
      void this.fly(batch).finally(() => {
        this.flights--;
        this.pump();
      });
    }
  }

  private async fly(batch: Pending<I, O>[]): Promise<void> {
    this.stats.batches++;
    this.stats.items += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    let results: O[];
    try {
      results = await this.options.writeBatch(batch.map((p) => p.item));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      this.stats.retried++;
      await Promise.all(batch.map((p) => this.options.writeOne(p.item).then(p.resolve, p.reject)));
      return;
    }
    for (const [i, p] of batch.entries()) p.resolve(results[i]);
  }
}
