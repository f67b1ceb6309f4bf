/**
 * How many of one member's movements this process has at the database at once (decision 0046),
 * for the movements that change several wallets (a transfer between members); those of one
 * wallet share calls instead (ledger.ts, decision 0047).
 *
 * Every movement of a member changes the same wallet row, so PostgreSQL runs them one after
 * another whatever is sent: the others wait on the row's lock, each holding a connection of the
 * pool, and each hand-over wakes a waiting backend that re-reads the row. Two at a time keep the
 * wallet busy (one holds its lock while the next has claimed its key and written the house's
 * posting, ready to take the lock as soon as it is free); the rest wait here, in order, without
 * a connection, so a member's burst of bets cannot take the whole pool from everyone else.
 */
export const MOVEMENTS_IN_FLIGHT_PER_MEMBER = 2;

type Gate = { running: number; waiting: (() => void)[] };

/** Runs `run` under a per-key limit: at most `limit` runs of one key at once, the others queued in arrival order. */
export type KeyedLimit = <T>(key: string, run: () => Promise<T>) => Promise<T>;

export function keyedLimit(limit: number): KeyedLimit {
  const gates = new Map<string, Gate>();
  return async (key, run) => {
    let gate = gates.get(key);
    if (!gate) {
      gate = { running: 0, waiting: [] };
      gates.set(key, gate);
    }
    const g = gate;
    if (g.running < limit) g.running++;
    // The slot is handed over by the run that ends, so a newcomer cannot overtake the queue.
    else await new Promise<void>((resolve) => g.waiting.push(resolve));
    try {
      return await run();
    } finally {
      const next = g.waiting.shift();
      if (next) next();
      else if (--g.running === 0) gates.delete(key);
    }
  };
}
