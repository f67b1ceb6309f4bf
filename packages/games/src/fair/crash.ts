import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * Crash fairness (docs/decisions/0015). Bust points come from a pre-generated SHA-256 hash chain:
 * the operator draws a secret seed h_N, computes h_{i-1} = SHA-256(h_i) down to h_0, and
 * publishes h_0 (the terminating hash) before round 1. Round i is played with h_i, revealed
 * when the round ends; anyone can check SHA-256(h_i) = h_{i-1}, all the way back to h_0. The
 * operator cannot change a bust point after publishing h_0, and nobody can compute h_{i+1} from
 * what has been revealed.
 *
 * The bust point of a round hash h: r = the first 52 bits of h as a fraction of 2^52 (uniform
 * in [0, 1)), bust = ⌊100 × (1 − edge) / (1 − r)⌋ / 100, never below 1.00. Then for every x of
 * two decimals ≥ 1.01, P(bust ≥ x) = (1 − edge) / x: a cash-out target x returns (1 − edge) of
 * the stake on average, whatever x is. Multipliers are carried as integer hundredths.
 */

/** The house edge of crash, as a fraction in hundredths of a percent: 300 = 3 % (RTP 97 %). */
export const CRASH_EDGE_BASIS_POINTS = 300;
const BITS = 52;
const TWO_52 = 2 ** BITS;

/** SHA-256 of a hex string's bytes, as hex: the link from h_i to h_{i-1}. */
export function previousHash(hashHex: string): string {
  return bytesToHex(sha256(hexToBytes(hashHex)));
}

/** The bust point of a round hash, in hundredths (100 = 1.00×). */
export function crashPointOf(hashHex: string, edgeBasisPoints = CRASH_EDGE_BASIS_POINTS): number {
  if (!/^[0-9a-f]{64}$/.test(hashHex)) throw new RangeError('crashPointOf: a round hash is 64 lowercase hex digits');
  // 13 hex digits = 52 bits, exactly representable in a double.
  const r = Number.parseInt(hashHex.slice(0, BITS / 4), 16);
  // 100 × (1 − edge) / (1 − r/2^52) = (10000 − edge_bp) × 2^52 / (100 × (2^52 − r)), in integers.
  const numerator = BigInt(10_000 - edgeBasisPoints) * BigInt(TWO_52);
  const denominator = 100n * (BigInt(TWO_52) - BigInt(r));
  const hundredths = Number(numerator / denominator);
  return Math.max(100, hundredths);
}

/** A hash chain of `length` round hashes after the terminating hash: [h_0, h_1, …, h_length]. */
export function hashChain(seedHex: string, length: number): string[] {
  const chain = new Array<string>(length + 1);
  chain[length] = seedHex;
  for (let i = length; i > 0; i--) chain[i - 1] = previousHash(chain[i] as string);
  return chain;
}

/**
 * Checks a revealed round hash against the published terminating hash: hashing it `distance`
 * times (its round number) must give the terminating hash. Returns false otherwise.
 */
export function linksTo(roundHashHex: string, terminatingHashHex: string, distance: number): boolean {
  let h = roundHashHex;
  for (let i = 0; i < distance; i++) h = previousHash(h);
  return h === terminatingHashHex;
}
