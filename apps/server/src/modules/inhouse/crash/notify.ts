/**
 * The crash feed's NOTIFY payloads. PostgreSQL refuses a payload of 8000 bytes or more, and a
 * busy round's messages are larger (a batch of a hundred bets, the settled list of a thousand),
 * so a message that does not fit is cut into fragments that each do, sent in one statement and
 * joined again by the listening processes. A message that fits goes whole, as `{ o, b, t }`.
 */

/** Under PostgreSQL's 8000-byte limit, with room to spare. */
export const MAX_PAYLOAD_BYTES = 7_900;
/** A message whose fragments have not all arrived by then is dropped (its sender's connection broke). */
const STALE_MS = 30_000;

/** o: the sending process, b: the brand, t: the message's text or, with m, its i-th of n pieces. */
export type Fragment = { o: string; b: number; t: string; m?: number; i?: number; n?: number };

const bytes = (s: string) => Buffer.byteLength(s);
let sequence = 0;

/** The payloads that carry `text` (a serialized message) to the other processes. */
export function fragmentsOf(origin: string, brandId: number, text: string, limit = MAX_PAYLOAD_BYTES): string[] {
  const whole = JSON.stringify({ o: origin, b: brandId, t: text } satisfies Fragment);
  if (bytes(whole) <= limit) return [whole];
  const m = ++sequence;
  // The envelope around a piece, with room for the largest index and count.
  const budget = limit - bytes(JSON.stringify({ o: origin, b: brandId, t: '', m, i: 1e9, n: 1e9 }));
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    let size = Math.min(text.length - at, budget);
    // Quotes and backslashes take two bytes once escaped, other scripts up to three: shrink to fit.
    for (let used = bytes(JSON.stringify(text.slice(at, at + size))); used > budget; ) {
      size = Math.max(1, Math.floor((size * budget) / used) - 1);
      used = bytes(JSON.stringify(text.slice(at, at + size)));
    }
    pieces.push(text.slice(at, at + size));
    at += size;
  }
  return pieces.map((t, i) => JSON.stringify({ o: origin, b: brandId, t, m, i, n: pieces.length } satisfies Fragment));
}

/** Joins fragments back into messages: `add` answers a message's text once all of it is there. */
export function reassembler() {
  const pending = new Map<string, { parts: string[]; got: number; at: number }>();
  return {
    add(f: Fragment): string | null {
      if (f.m === undefined || f.i === undefined || f.n === undefined) return f.t;
      const now = Date.now();
      for (const [key, p] of pending) if (now - p.at > STALE_MS) pending.delete(key);
      const key = `${f.o}/${f.m}`;
      let p = pending.get(key);
      if (!p) {
        p = { parts: new Array<string>(f.n), got: 0, at: now };
        pending.set(key, p);
      }
      if (p.parts[f.i] === undefined) {
        p.parts[f.i] = f.t;
        p.got++;
      }
      if (p.got < f.n) return null;
      pending.delete(key);
      return p.parts.join('');
    },
    /** Forgets partial messages (the connection they came on is gone). */
    clear() {
      pending.clear();
    },
  };
}
