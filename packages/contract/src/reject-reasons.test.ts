import { describe, expect, it } from 'vitest';
import { readReason, rejectionOf, storedReason } from './reject-reasons';
import { RejectBody } from './staff-cashier';

describe('rejection reasons', () => {
  it('store a code with its note and read them back; free text stays free text', () => {
    expect(storedReason('duplicate_request')).toBe('[duplicate_request]');
    expect(storedReason('limits', '  over the daily amount ')).toBe('[limits] over the daily amount');
    expect(readReason('[limits] over the daily amount')).toEqual({ code: 'limits', note: 'over the daily amount' });
    expect(readReason('[other]')).toEqual({ code: 'other', note: '' });
    // Written before the list, or a bracket of staff's own: all note.
    expect(readReason('Name does not match.')).toEqual({ code: null, note: 'Name does not match.' });
    expect(readReason('[urgent] call me')).toEqual({ code: null, note: '[urgent] call me' });
  });

  it('take a code and a note, or older free text, and refuse neither', () => {
    const body = RejectBody.parse({ reasonCode: 'payment_not_received', note: 'statement empty' });
    expect(rejectionOf(body)).toBe('[payment_not_received] statement empty');
    expect(rejectionOf(RejectBody.parse({ reason: 'typed reason' }))).toBe('typed reason');
    expect(RejectBody.safeParse({ note: 'only a note' }).success).toBe(false);
    expect(RejectBody.safeParse({ reasonCode: 'bored' }).success).toBe(false);
  });
});
