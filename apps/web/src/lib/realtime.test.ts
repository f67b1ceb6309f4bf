import { describe, expect, it } from 'vitest';
import { knownMessage } from './realtime';

describe('the realtime messages the site reads', () => {
  it('takes the messages of the contract with the fields it reads', () => {
    expect(knownMessage({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(knownMessage({ type: 'session-ended' })).toEqual({ type: 'session-ended' });
    expect(knownMessage({ type: 'balance', sumBalance: '12.50', currency: 'BDT', extra: 1 })).toEqual({
      type: 'balance',
      sumBalance: '12.50',
      currency: 'BDT',
    });
  });

  it('takes a notice with its kind and params, keeping only text params', () => {
    expect(
      knownMessage({
        type: 'notice',
        id: '44',
        kind: 'withdraw.paid',
        params: { amount: '2000.00', odd: 3 },
        requestId: '900',
        unread: 2,
      }),
    ).toEqual({
      type: 'notice',
      id: '44',
      kind: 'withdraw.paid',
      params: { amount: '2000.00' },
      requestId: '900',
      unread: 2,
    });
    expect(knownMessage({ type: 'notice', id: 44, kind: 'withdraw.paid', params: {} })).toBeNull();
  });

  it("skips a newer server's message and a malformed one instead of guessing", () => {
    expect(knownMessage({ type: 'unread', count: 3 })).toBeNull();
    expect(knownMessage({ type: 'balance', sumBalance: 12.5, currency: 'BDT' })).toBeNull();
    expect(knownMessage('ready')).toBeNull();
    expect(knownMessage(null)).toBeNull();
  });
});
