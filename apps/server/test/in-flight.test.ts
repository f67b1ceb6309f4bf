import { describe, expect, it } from 'vitest';
import { keyedLimit } from '../src/modules/wallet/in-flight';

/** A run that ends when the test says so, recording when it started. */
function controlled(started: string[], name: string) {
  let finish!: (fail?: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = (fail) => (fail ? reject(fail) : resolve(name));
  });
  return {
    run: () => {
      started.push(name);
      return done;
    },
    finish: (fail?: Error) => finish(fail),
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('the per-member limit of movements at the database', () => {
  it('runs at most the limit of one key at once, the rest in arrival order; other keys do not wait', async () => {
    const limit = keyedLimit(2);
    const started: string[] = [];
    const runs = ['a1', 'a2', 'a3', 'a4', 'b1'].map((name) => controlled(started, name));
    const results = runs.map((r, i) => limit(i < 4 ? 'a' : 'b', r.run));
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    runs[1]?.finish();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    runs[0]?.finish();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    for (const r of runs) r.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
  });

  it('passes a failed run’s error to its caller and hands its place to the next', async () => {
    const limit = keyedLimit(1);
    const started: string[] = [];
    const first = controlled(started, 'first');
    const second = controlled(started, 'second');
    const a = limit('k', first.run);
    const b = limit('k', second.run);
    await tick();
    expect(started).toEqual(['first']);
    first.finish(new Error('refused'));
    await expect(a).rejects.toThrow('refused');
    await tick();
    expect(started).toEqual(['first', 'second']);
    second.finish();
    expect(await b).toBe('second');
    // Idle again: a new run of the key starts at once.
    const third = controlled(started, 'third');
    const c = limit('k', third.run);
    await tick();
    expect(started.at(-1)).toBe('third');
    third.finish();
    await c;
  });
});
