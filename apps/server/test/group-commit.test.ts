import { describe, expect, it } from 'vitest';
import { BATCHES_IN_FLIGHT, MOVEMENTS_PER_BATCH } from '../src/modules/wallet/ledger';
import { groupCommit, type Outcome } from '../src/platform/group-commit';

/** A call held until the test lets it go. */
function held<T>() {
  let release!: (v: T) => void;
  let fail!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    release = res;
    fail = rej;
  });
  return { promise, release, fail };
}

type Movement = { name: string; wallet: bigint };

/** A database double: records each call and holds it until the test answers it; options as the ledger's. */
function database(options: { secondBatchMin?: number; gatherTurn?: boolean } = {}) {
  const calls: { movements: string[]; answer: ReturnType<typeof held<Outcome<string>[]>> }[] = [];
  const alone: { movement: string; answer: ReturnType<typeof held<string>> }[] = [];
  const send = groupCommit<Movement, string>({
    inFlight: BATCHES_IN_FLIGHT,
    maxBatch: MOVEMENTS_PER_BATCH,
    order: (a, b) => (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0),
    ...options,
    one: (m) => {
      const answer = held<string>();
      alone.push({ movement: m.name, answer });
      return answer.promise;
    },
    many: (ms) => {
      const answer = held<Outcome<string>[]>();
      calls.push({ movements: ms.map((m) => m.name), answer });
      return answer.promise;
    },
  });
  return { commit: (name: string, wallet: bigint) => send({ name, wallet }), calls, alone };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('sends a movement that finds nothing out at once, alone', async () => {
    const db = database();
    const posted = db.commit('bet', 7n);
    expect(db.alone.map((a) => a.movement)).toEqual(['bet']);
    db.alone[0]?.answer.release('row');
    expect(await posted).toBe('row');
  });

  it('keeps at most the limit out; what waits goes in one call, ordered by wallet, each wallet in arrival order', async () => {
    const db = database();
    const first = Array.from({ length: BATCHES_IN_FLIGHT }, (_, i) => db.commit(`first${i}`, 1n));
    const waiting = [
      db.commit('w9-a', 9n),
      db.commit('w2-a', 2n),
      db.commit('w9-b', 9n),
      db.commit('w2-b', 2n),
      db.commit('w5', 5n),
    ];
    expect(db.alone).toHaveLength(BATCHES_IN_FLIGHT);
    expect(db.calls).toHaveLength(0);
    db.alone[0]?.answer.release('r0');
    await tick();
    expect(db.calls.map((c) => c.movements)).toEqual([['w2-a', 'w2-b', 'w5', 'w9-a', 'w9-b']]);
    db.calls[0]?.answer.release(['A', 'B', 'C', 'D', 'E'].map((row) => ({ row })));
    // Each answer reaches its own caller, whatever the call's order.
    expect(await Promise.all(waiting)).toEqual(['D', 'A', 'E', 'B', 'C']);
    for (const a of db.alone.slice(1)) a.answer.release('r');
    await Promise.all(first);
  });

  it(`puts at most ${MOVEMENTS_PER_BATCH} movements in one call`, async () => {
    const db = database();
    const first = Array.from({ length: BATCHES_IN_FLIGHT }, (_, i) => db.commit(`first${i}`, 1n));
    const waiting = Array.from({ length: MOVEMENTS_PER_BATCH + 3 }, (_, i) => db.commit(`m${i}`, BigInt(i)));
    for (const a of db.alone) a.answer.release('r');
    await Promise.all(first);
    await tick();
    expect(db.calls.map((c) => c.movements.length)).toEqual([MOVEMENTS_PER_BATCH, 3]);
    for (const c of db.calls) c.answer.release(c.movements.map((row) => ({ row })));
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: MOVEMENTS_PER_BATCH + 3 }, (_, i) => `m${i}`));
  });

  it("refuses a movement the database refused with the database's error, and sends one it undid again alone", async () => {
    const db = database();
    const first = Array.from({ length: BATCHES_IN_FLIGHT }, (_, i) => db.commit(`first${i}`, 1n));
    const [posted, short, deadlocked] = [db.commit('a', 1n), db.commit('b', 2n), db.commit('c', 3n)];
    const refusedShort = short.catch((e: { code?: string; message: string }) => e);
    db.alone[0]?.answer.release('r0');
    await tick();
    db.calls[0]?.answer.release([
      { row: 'A' },
      { refused: Object.assign(new Error('insufficient funds'), { code: 'KH001' }) },
      { alone: true },
    ]);
    expect(await posted).toBe('A');
    expect(await refusedShort).toMatchObject({ code: 'KH001', message: 'insufficient funds' });
    await tick();
    const again = db.alone.find((a) => a.movement === 'c');
    again?.answer.release('C');
    expect(await deadlocked).toBe('C');
    for (const a of db.alone.slice(1)) a.answer.release('r');
    await Promise.all(first);
  });

  it('with a second-call minimum and the turn gathered, starts a second call only once enough wait', async () => {
    const db = database({ secondBatchMin: 3, gatherTurn: true });
    const lone = db.commit('lone', 1n);
    // Nothing starts before the turn ends: the turn's movements go together.
    expect(db.alone).toHaveLength(0);
    await tick();
    expect(db.alone.map((a) => a.movement)).toEqual(['lone']);
    const two = [db.commit('a', 1n), db.commit('b', 2n)];
    await tick();
    expect(db.calls).toHaveLength(0);
    const third = db.commit('c', 3n);
    await tick();
    expect(db.calls.map((c) => c.movements)).toEqual([['a', 'b', 'c']]);
    db.calls[0]?.answer.release(['A', 'B', 'C'].map((row) => ({ row })));
    expect(await Promise.all([...two, third])).toEqual(['A', 'B', 'C']);
    db.alone[0]?.answer.release('L');
    expect(await lone).toBe('L');
  });

  it('fails only the movements of a call that failed, and goes on with the next', async () => {
    const db = database();
    const first = Array.from({ length: BATCHES_IN_FLIGHT }, (_, i) => db.commit(`first${i}`, 1n));
    const lost = [db.commit('a', 1n), db.commit('b', 2n)];
    const failures = lost.map((p) => p.catch((e: Error) => e.message));
    db.alone[0]?.answer.release('r0');
    await tick();
    db.calls[0]?.answer.fail(new Error('connection lost'));
    expect(await Promise.all(failures)).toEqual(['connection lost', 'connection lost']);
    const later = db.commit('c', 3n);
    const alone = db.alone.at(-1);
    expect(alone?.movement).toBe('c');
    alone?.answer.release('C');
    expect(await later).toBe('C');
    for (const a of db.alone.slice(1, BATCHES_IN_FLIGHT)) a.answer.release('r');
    await Promise.all(first);
  });
});
