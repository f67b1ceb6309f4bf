import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/platform/passwords';

/**
 * Written by the node-argon2 binding this project used before decision 0005 changed it, with the
 * same parameters (its PHC string lists p before t): accounts created then must still log in.
 */
const EARLIER_HASH =
  '$argon2id$v=19$m=19456,p=1,t=2$k6EjzSVdF/8y5q1HVwsHvg$1rf+eeXJnz9sTIRgRXx661Dvz9mEKbP2XLywzyDvDf0';

describe('passwords', () => {
  it('hashes with argon2id and the OWASP parameters, and verifies its own hash', async () => {
    const hash = await hashPassword('Correct-Horse-9');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Correct-Horse-9')).toBe(true);
    expect(await verifyPassword(hash, 'correct-horse-9')).toBe(false);
  });

  it('verifies a hash written by the earlier argon2 binding', async () => {
    expect(await verifyPassword(EARLIER_HASH, 'hunter2-pass')).toBe(true);
    expect(await verifyPassword(EARLIER_HASH, 'hunter2-pasS')).toBe(false);
  });

  it('answers false, without throwing, for a stored value that is not an argon2 hash', async () => {
    expect(await verifyPassword('not-a-hash', 'hunter2-pass')).toBe(false);
    expect(await verifyPassword('', 'hunter2-pass')).toBe(false);
  });
});
