import { previousHash } from './crash';

/**
 * The commitment a seeded game shows before play (dice: "server seed hash"): SHA-256 of the
 * server seed's bytes (not of its hex text), as lowercase hex — the same step that links crash
 * round hashes, so one definition serves both games and the fairness page's verifiers.
 */
export function serverSeedHash(serverSeedHex: string): string {
  if (!/^(?:[0-9a-f]{2})+$/i.test(serverSeedHex)) throw new RangeError('serverSeedHash: the server seed must be hex');
  return previousHash(serverSeedHex.toLowerCase());
}
