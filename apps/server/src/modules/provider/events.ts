import { EventEmitter } from 'node:events';
import type { Database } from '../../platform/db';

/** A provider win just held in suspense (decision 0025): what staff are alerted with. */
export type HeldWinAlert = {
  brandId: number;
  vendor: string;
  heldId: bigint;
  txId: string;
  memberId: bigint;
  roundId: string;
  currency: string;
  amount: bigint;
  stakeTotal: bigint;
  reason: 'ratio' | 'amount' | 'both';
};

// One bus per database, as for balances (wallet/events.ts): tests run several apps at once.
const buses = new WeakMap<Database, EventEmitter>();

function busOf(db: Database): EventEmitter {
  let bus = buses.get(db);
  if (!bus) {
    bus = new EventEmitter();
    bus.setMaxListeners(0);
    buses.set(db, bus);
  }
  return bus;
}

/** Tells this process's listeners about a held win; called after its transaction committed. */
export function publishHeldWin(db: Database, alert: HeldWinAlert) {
  busOf(db).emit('held', alert);
}

/** Subscribes to held wins on this database in this process; returns the unsubscribe function. */
export function onHeldWin(db: Database, listener: (alert: HeldWinAlert) => void): () => void {
  const bus = busOf(db);
  bus.on('held', listener);
  return () => bus.off('held', listener);
}
