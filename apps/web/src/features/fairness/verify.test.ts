import { crashPointOf, hashChain, linksTo } from '@khela/games/fair/crash';
import { diceMultiplier, diceRoll } from '@khela/games/fair/dice';
import { serverSeedHash } from '@khela/games/fair/seed-hash';
import { replayRound } from '@khela/games/slot/engine';
import { SLOT_MODEL_1 } from '@khela/games/slot/model-1';
import { describe, expect, it } from 'vitest';
import { MAX_CHAIN_DISTANCE, verifyCrash, verifyDice, verifySlot } from './verify';

// One chain for every crash case: [h_0 (published) … h_5 (the seed)].
const CHAIN = hashChain('6b68656c61'.padEnd(64, '0'), 5);
const h = (i: number) => CHAIN[i] as string;
const DICE_SEED = 'ab'.repeat(32);
const SLOT_SEED = '77'.repeat(32);

describe('verifyCrash', () => {
  it('gives the bust point of a round hash (a fixed vector, then the package formula)', () => {
    // Hard-coded: a change to the published bust formula must show up here.
    expect(h(1)).toBe('f71cdb925228381545000eb2e8c5ec0a7f0d81762f88aa0472e848fd6ec1bdb3');
    expect(verifyCrash({ hash: h(1) })).toEqual({ ok: true, bust: 2794 });
    for (let i = 0; i <= 5; i++) expect(verifyCrash({ hash: h(i) })).toMatchObject({ bust: crashPointOf(h(i)) });
  });

  it('checks the link to the previous round and to the published hash', () => {
    expect(verifyCrash({ hash: h(3), previousHash: h(2) })).toMatchObject({ linksPrevious: true });
    expect(verifyCrash({ hash: h(3), previousHash: h(1) })).toMatchObject({ linksPrevious: false });
    expect(verifyCrash({ hash: h(4), terminatingHash: h(0), round: '4' })).toMatchObject({ linksTerminating: true });
    expect(verifyCrash({ hash: h(4), terminatingHash: h(0), round: '3' })).toMatchObject({ linksTerminating: false });
    expect(linksTo(h(4), h(0), 4)).toBe(true);
    // Pasted with spaces and capitals, as copied from a page.
    expect(verifyCrash({ hash: ` ${h(2).toUpperCase()} `, terminatingHash: h(0), round: '২' })).toMatchObject({
      ok: true,
      linksTerminating: true,
    });
  });

  it.each([
    [{ hash: '' }, 'hash', 'required'],
    [{ hash: 'abc' }, 'hash', 'hash'],
    [{ hash: h(1), previousHash: 'xyz' }, 'previousHash', 'hash'],
    [{ hash: h(1), terminatingHash: h(0) }, 'round', 'required'],
    [{ hash: h(1), round: '1' }, 'terminatingHash', 'required'],
    [{ hash: h(1), terminatingHash: h(0), round: '0' }, 'round', 'round'],
    [{ hash: h(1), terminatingHash: h(0), round: '1.5' }, 'round', 'round'],
    [{ hash: h(1), terminatingHash: h(0), round: String(MAX_CHAIN_DISTANCE + 1) }, 'round', 'roundTooFar'],
  ])('refuses %o at %s with %s', (fields, field, error) => {
    expect(verifyCrash(fields)).toEqual({ ok: false, field, error });
  });
});

describe('verifyDice', () => {
  it('rolls, checks the seed hash and settles a bet (a fixed vector, then the package formula)', () => {
    const hash = '9a2db2e23f1504cd056606553ac049c5e718e8f9ce9233876df1a7a1821af885';
    expect(
      verifyDice({
        serverSeed: DICE_SEED,
        clientSeed: 'lucky',
        nonce: '7',
        serverSeedHash: hash,
        target: '25',
        side: 'over',
      }),
    ).toEqual({
      ok: true,
      roll: 9532,
      hashMatches: true,
      bet: { target: 2500, side: 'over', won: true, multiplier: 13_201 },
    });
    expect(serverSeedHash(DICE_SEED)).toBe(hash);
    for (let nonce = 0; nonce < 20; nonce++) {
      const r = verifyDice({ serverSeed: DICE_SEED, clientSeed: 'lucky', nonce: String(nonce), target: '50.00' });
      const roll = diceRoll(DICE_SEED, 'lucky', nonce);
      expect(r).toEqual({
        ok: true,
        roll,
        bet: { target: 5000, side: 'under', won: roll < 5000, multiplier: diceMultiplier(5000, 'under') },
      });
    }
  });

  it('says when the hash shown before play does not match', () => {
    expect(verifyDice({ serverSeed: DICE_SEED, clientSeed: 'lucky', nonce: '7', serverSeedHash: h(0) })).toMatchObject({
      hashMatches: false,
    });
  });

  it('keeps the client seed exactly as typed', () => {
    const spaced = verifyDice({ serverSeed: DICE_SEED, clientSeed: ' Lucky', nonce: '0' });
    expect(spaced).toMatchObject({ roll: diceRoll(DICE_SEED, ' Lucky', 0) });
  });

  it.each([
    [{ serverSeed: '', clientSeed: 'a', nonce: '0' }, 'serverSeed', 'required'],
    [{ serverSeed: 'abc', clientSeed: 'a', nonce: '0' }, 'serverSeed', 'seed'],
    [{ serverSeed: DICE_SEED, clientSeed: '', nonce: '0' }, 'clientSeed', 'required'],
    [{ serverSeed: DICE_SEED, clientSeed: 'x'.repeat(257), nonce: '0' }, 'clientSeed', 'clientSeed'],
    [{ serverSeed: DICE_SEED, clientSeed: 'a', nonce: '' }, 'nonce', 'required'],
    [{ serverSeed: DICE_SEED, clientSeed: 'a', nonce: '-1' }, 'nonce', 'nonce'],
    [{ serverSeed: DICE_SEED, clientSeed: 'a', nonce: '99999999999999999' }, 'nonce', 'nonce'],
    [{ serverSeed: DICE_SEED, clientSeed: 'a', nonce: '0', serverSeedHash: '12' }, 'serverSeedHash', 'hash'],
    [{ serverSeed: DICE_SEED, clientSeed: 'a', nonce: '0', target: '0.5' }, 'target', 'target'],
    [{ serverSeed: DICE_SEED, clientSeed: 'a', nonce: '0', target: '99', side: 'under' }, 'target', 'target'],
    [{ serverSeed: DICE_SEED, clientSeed: 'a', nonce: '0', target: '1.234' }, 'target', 'target'],
  ])('refuses %o at %s with %s', (fields, field, error) => {
    expect(verifyDice(fields)).toEqual({ ok: false, field, error });
  });
});

describe('verifySlot', () => {
  it('replays a round from its seed (a fixed vector, then the package engine)', () => {
    const r = verifySlot({ serverSeed: SLOT_SEED, model: 'slot-1', stake: '2.00' }, 2);
    if (!r.ok) throw new Error(r.error);
    expect(r.round.spins.map((s) => s.stops)).toEqual([[26, 10, 0, 25, 16]]);
    expect(r.round.win).toBe(2_500n);
    expect(r.round).toEqual(replayRound(SLOT_MODEL_1, SLOT_SEED, { modelVersion: 'slot-1', stake: '200' }));
    // Bangla digits and the stake without decimals read the same.
    expect(verifySlot({ serverSeed: SLOT_SEED, model: 'slot-1', stake: '২' }, 2)).toEqual(r);
  });

  it('says whether the seed is the one whose hash the game showed before the spin', () => {
    const fields = { serverSeed: SLOT_SEED, model: 'slot-1', stake: '2.00' };
    const shown = serverSeedHash(SLOT_SEED);
    expect(verifySlot({ ...fields, serverSeedHash: shown }, 2)).toMatchObject({ ok: true, hashMatches: true });
    expect(verifySlot({ ...fields, serverSeedHash: 'ab'.repeat(32) }, 2)).toMatchObject({ hashMatches: false });
    expect(verifySlot({ ...fields, serverSeedHash: '12' }, 2)).toEqual({
      ok: false,
      field: 'serverSeedHash',
      error: 'hash',
    });
  });

  it.each([
    [{ serverSeed: '', model: 'slot-1', stake: '2' }, 'serverSeed', 'required'],
    [{ serverSeed: 'zz', model: 'slot-1', stake: '2' }, 'serverSeed', 'seed'],
    [{ serverSeed: SLOT_SEED, model: 'slot-9', stake: '2' }, 'model', 'model'],
    [{ serverSeed: SLOT_SEED, model: 'slot-1', stake: '' }, 'stake', 'required'],
    [{ serverSeed: SLOT_SEED, model: 'slot-1', stake: 'two' }, 'stake', 'stake'],
    [{ serverSeed: SLOT_SEED, model: 'slot-1', stake: '0' }, 'stake', 'stake'],
    [{ serverSeed: SLOT_SEED, model: 'slot-1', stake: '2.001' }, 'stake', 'stake'],
    [{ serverSeed: SLOT_SEED, model: 'slot-1', stake: '0.05' }, 'stake', 'stakeLines'],
  ])('refuses %o at %s with %s', (fields, field, error) => {
    expect(verifySlot(fields, 2)).toEqual({ ok: false, field, error });
  });
});
