/**
 * Group commit: items that arrive while earlier calls are at the database wait and go together
 * in the next call, one transaction for all of them, as a database's group commit does for its
 * flushes. Used by the ledger's single-wallet movements (decision 0047) and the cashier's deposit
 * credits (decision 0042).
 *
 * At most `inFlight` calls are out at once; a call beyond the first starts only once
 * `secondBatchMin` items wait (under load calls stay large), and an item that finds nothing out
 * goes at once. `gatherTurn` waits for the end of the event loop's turn before a call starts, so
 * the items of that turn go together. A lone item goes through `one`; several through `many`,
 * ordered by `order` first when given (a stable sort: items that compare equal keep their order).
 */
export type GroupCommitOptions<I, R> = {
  inFlight: number;
  maxBatch: number;
  secondBatchMin?: number;
  gatherTurn?: boolean;
  order?: (a: I, b: I) => number;
  /** Sends one item alone: its answer, or it throws as the item was refused. */
  one: (item: I) => Promise<R>;
  /**
   * Sends several in one call and says, for each in order, what became of it. Throwing means
   * nothing of the call was written: every item of it fails with that error.
   */
  many: (items: I[]) => Promise<Outcome<R>[]>;
};

/** One item's fate in a call: answered, refused (with the error a call alone would throw), or to be sent again alone. */
export type Outcome<R> = { row: R } | { refused: unknown } | { alone: true };

export function groupCommit<I, R>(o: GroupCommitOptions<I, R>): (item: I) => Promise<R> {
  type Waiting = { item: I; resolve: (row: R) => void; reject: (err: unknown) => void };
  const queue: Waiting[] = [];
  let out = 0;
  let scheduled = false;

  const mayStart = () =>
    queue.length > 0 && (out === 0 || (out < o.inFlight && queue.length >= (o.secondBatchMin ?? 1)));
  const alone = (w: Waiting) => o.one(w.item).then(w.resolve, w.reject);

  async function send(batch: Waiting[]) {
    if (batch.length === 1) return alone(batch[0] as Waiting);
    const order = o.order;
    if (order) batch.sort((a, b) => order(a.item, b.item));
    let outcomes: Outcome<R>[];
    try {
      outcomes = await o.many(batch.map((w) => w.item));
    } catch (err) {
      for (const w of batch) w.reject(err);
      return;
    }
    await Promise.all(
      batch.map((w, i) => {
        const outcome = outcomes[i];
        if (!outcome) return w.reject(new Error('a call gave no answer for one of its items'));
        if ('row' in outcome) return w.resolve(outcome.row);
        if ('refused' in outcome) return w.reject(outcome.refused);
        return alone(w);
      }),
    );
  }

  function start() {
    while (mayStart()) {
      const batch = queue.splice(0, o.maxBatch);
      out++;
      void send(batch).finally(() => {
        out--;
        pump();
      });
    }
  }

  function pump() {
    if (!o.gatherTurn) return start();
    if (scheduled || !mayStart()) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      start();
    });
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}
