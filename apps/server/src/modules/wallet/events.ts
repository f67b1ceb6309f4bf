import { EventEmitter } from 'node:events';
import type { Database } from '../../platform/db';

/** A wallet's new balance, published after the movement that changed it has committed. */
export type BalanceChange = { brandId: number; memberId: bigint; currency: string; balance: bigint };

// One bus per database: tests run several apps on several databases in one process, and a
// member id means nothing outside its own database.
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

export function publishBalance(db: Database, change: BalanceChange) {
  busOf(db).emit('balance', change);
}

/** Subscribes to balance changes on this database in this process; returns the unsubscribe function. */
export function onBalance(db: Database, listener: (change: BalanceChange) => void): () => void {
  const bus = busOf(db);
  bus.on('balance', listener);
  return () => bus.off('balance', listener);
}
