import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Randomness for in-house games (ARCHITECTURE §5 "Fairness"). Everything here runs in Node and
 * in browsers, so a player can recompute a seeded round in the page that showed it.
 */

/** A source of uniform integers. */
export interface Rng {
  /** A uniform integer in [0, n); 1 ≤ n ≤ 2^32. */
  below(n: number): number;
}

const TWO_32 = 2 ** 32;

/**
 * Builds an Rng on a source of uniform 32-bit words by rejection sampling. A bare `word % n` is
 * biased whenever n does not divide 2^32: the first 2^32 mod n results get one extra preimage
 * each (for n = 3·2^30 the values below 2^30 come up twice as often as the others). Words at or
 * above the largest multiple of n are thrown away instead, so every result has exactly
 * ⌊2^32 / n⌋ preimages. At most half the words are rejected, so a draw costs under two words
 * on average.
 */
export function rngFromWords(nextWord: () => number): Rng {
  return {
    below(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`below(${n}): n must be 1..2^32`);
      const limit = TWO_32 - (TWO_32 % n);
      for (;;) {
        const word = nextWord();
        if (word < limit) return word % n;
      }
    },
  };
}

/** Words of the platform's CSPRNG (Node's and browsers' `crypto.getRandomValues`), fetched 1,024 at a time. */
export function cryptoRng(): Rng {
  const buffer = new Uint32Array(1024);
  let next = buffer.length;
  return rngFromWords(() => {
    if (next === buffer.length) {
      globalThis.crypto.getRandomValues(buffer);
      next = 0;
    }
    return buffer[next++] as number;
  });
}

/** HMAC-SHA256(key, message) — the block function of `seededRng`, exported for tests and verifiers. */
export function hmacSha256(key: Uint8Array, message: string): Uint8Array {
  return hmac(sha256, key, utf8ToBytes(message));
}

/**
 * A deterministic stream from a server seed (the derivation every provably-fair game uses):
 * block k is HMAC-SHA256(key = the seed's bytes, `${message}:${k}`) for k = 0, 1, 2 …, read as
 * eight big-endian 32-bit words, then scaled by rejection sampling like `cryptoRng`. Anyone who
 * knows the seed and the message can recompute every draw.
 */
export function seededRng(serverSeedHex: string, message: string): Rng {
  if (!/^(?:[0-9a-f]{2})+$/i.test(serverSeedHex)) throw new RangeError('seededRng: the server seed must be hex');
  const key = hexToBytes(serverSeedHex.toLowerCase());
  let counter = 0;
  let block: DataView = new DataView(new ArrayBuffer(0));
  let offset = 0;
  return rngFromWords(() => {
    if (offset === block.byteLength) {
      const bytes = hmacSha256(key, `${message}:${counter++}`);
      block = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      offset = 0;
    }
    const word = block.getUint32(offset, false);
    offset += 4;
    return word;
  });
}

/** A fresh 32-byte server seed from the CSPRNG, as hex. */
export function newServerSeed(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
