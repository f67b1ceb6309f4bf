/**
 * Group commit of the ledger's single-wallet movements (decision 0047).
 *
 * A bet, a win, a rollback or an adjustment changes one wallet and system accounts. Sent alone,
 * each is a round trip, a statement and a commit; when many arrive at once (a busy site, or one
 * player's burst on one wallet, whose movements PostgreSQL can only run one after another) those
 * costs, not the ledger's own work, are most of what a movement costs. Here a process keeps at
 * most BATCHES_IN_FLIGHT calls of these movements at the database; while they are out, the
 * movements that arrive wait, and go together in the next call (ledger_post_many(), one commit),
 * up to MOVEMENTS_PER_BATCH. A movement that finds nothing out goes at once, alone, so a quiet
 * site waits for nothing.
 *
 * Each movement still runs as alone in the database (its own subtransaction: refused alone,
 * answered alone). A call orders its movements by wallet (keeping the order of each wallet's
 * own), so every call takes its wallets' locks in ascending id and two calls cannot deadlock on
 * each other. One that meets a deadlock with some other transaction anyway is sent again alone.
 */
export const BATCHES_IN_FLIGHT = 2;
export const MOVEMENTS_PER_BATCH = 32;

/** PostgreSQL's deadlock_detected: the movement was undone and may be sent again. */
const DEADLOCK = '40P01';

/** One movement's answer: its row, or the database's refusal (code and message). */
export type Answer<R> = { row: R } | { code: string; message: string };

export type GroupCommit<M, R> = (movement: M, wallet: bigint) => Promise<R>;

/**
 * `one` sends a movement alone (its row, or it throws as the database refused it); `many` sends
 * several in one call and answers each, in order.
 */
export function groupCommit<M, R>(
  one: (movement: M) => Promise<R>,
  many: (movements: M[]) => Promise<Answer<R>[]>,
): GroupCommit<M, R> {
  type Waiting = { movement: M; wallet: bigint; resolve: (row: R) => void; reject: (err: unknown) => void };
  const queue: Waiting[] = [];
  let out = 0;

  async function send(batch: Waiting[]) {
    if (batch.length === 1) {
      const [w] = batch as [Waiting];
      await one(w.movement).then(w.resolve, w.reject);
      return;
    }
    // Stable: each wallet's movements keep the order they arrived in.
    batch.sort((a, b) => (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0));
    let answers: Answer<R>[];
    try {
      answers = await many(batch.map((w) => w.movement));
    } catch (err) {
      // Nothing of the call committed: each movement fails as it would have alone.
      for (const w of batch) w.reject(err);
      return;
    }
    await Promise.all(
      batch.map(async (w, i) => {
        const answer = answers[i];
        if (answer && 'row' in answer) return w.resolve(answer.row);
        if (answer?.code === DEADLOCK) return one(w.movement).then(w.resolve, w.reject);
        w.reject(answer ? refusal(answer) : new Error('the ledger gave no answer for a movement'));
      }),
    );
  }

  function pump() {
    while (out < BATCHES_IN_FLIGHT && queue.length > 0) {
      const batch = queue.splice(0, MOVEMENTS_PER_BATCH);
      out++;
      void send(batch).finally(() => {
        out--;
        pump();
      });
    }
  }

  return (movement, wallet) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ movement, wallet, resolve, reject });
      pump();
    });
}

/** The database's refusal of one movement, as the error a call alone would have thrown. */
function refusal(answer: { code: string; message: string }): Error {
  return Object.assign(new Error(answer.message), { code: answer.code });
}
