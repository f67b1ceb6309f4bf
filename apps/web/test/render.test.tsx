import { failure, stub } from '@khela/client/testing';
import {
  memberInfoCall,
  promotionCall,
  promotionListCall,
  systemStatusCall,
  updateLanguageCall,
  walletBalanceCall,
} from '@khela/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../src/lib/api';
import { memberFixture, mockCalls, sentTo, statusFixture } from './render';

/** mockCalls, the web tests' one call stub: what it answers and what it says was sent. */

const balance = { sumBalance: '10.00', currency: 'BDT', currencySymbol: '৳', decimals: 2 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mockCalls', () => {
  it('lists every call made to the stubs given, in the order they were sent', async () => {
    const { sent } = mockCalls([stub(memberInfoCall, memberFixture()), stub(walletBalanceCall, balance)]);
    await call(memberInfoCall);
    await call(walletBalanceCall);
    await call(memberInfoCall);
    expect(sent.map((s) => s.path)).toEqual([memberInfoCall.path, walletBalanceCall.path, memberInfoCall.path]);
  });

  it('lists a call answered with a failure, 404 included', async () => {
    const { sent } = mockCalls([
      stub(promotionCall, failure(404, 'NOT_FOUND')),
      stub(updateLanguageCall, failure(400, 'VALIDATION_FAILED')),
    ]);
    await expect(call(promotionCall, { params: { id: '9' }, query: {} })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(call(updateLanguageCall, { language: 'en' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(sent.map((s) => [s.path, s.body])).toEqual([
      [promotionCall.path.replace(':id', '9'), undefined],
      [updateLanguageCall.path, { language: 'en' }],
    ]);
  });

  it('lists calls in the order sent while an earlier answer is held back', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const { sent } = mockCalls([
      stub(memberInfoCall, async () => {
        await held;
        return memberFixture();
      }),
      stub(walletBalanceCall, balance),
    ]);
    const first = call(memberInfoCall);
    await call(walletBalanceCall);
    await call(walletBalanceCall);
    release();
    await first;
    expect(sent.map((s) => s.path)).toEqual([memberInfoCall.path, walletBalanceCall.path, walletBalanceCall.path]);
  });

  it('lists a call to a page default the test overrides', async () => {
    const { sent } = mockCalls([stub(systemStatusCall, statusFixture({ maintenance: true }))]);
    expect(await call(systemStatusCall, {})).toMatchObject({ maintenance: true });
    expect(sentTo(sent, systemStatusCall)).toHaveLength(1);
  });

  it('leaves out a call a page default answered, even when its path fits a stub given', async () => {
    const { sent, fetchMock } = mockCalls([stub(promotionCall, failure(404, 'NOT_FOUND'))]);
    // The list call's path fits the single promotion's `:id` pattern, but a page default answers it.
    expect(await call(promotionListCall, { category: 'all' })).toMatchObject({ list: [] });
    await call(walletBalanceCall).catch(() => {});
    expect(sent).toEqual([]);
    // Every call, stubbed or not, is still in fetchMock.sent.
    expect(fetchMock.sent.map((s) => s.path)).toEqual([promotionListCall.path, walletBalanceCall.path]);
  });
});
