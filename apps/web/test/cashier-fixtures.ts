import { type Stub, stub } from '@khela/client/testing';
import type { CashierMethod, CashierRequest, WithdrawSummary } from '@khela/contract/cashier';
import { IS_AGENT } from '@khela/contract/constants';
import { memberInfoCall, walletBalanceCall } from '@khela/contract/endpoints';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { ui } from '../src/lib/ui-store';
import { memberFixture, mockCalls, resetBrowser, statusFixture } from './render';

// The cashier tests' fixtures (used by src/features/cashier/*.test.tsx only).

/** A method as the server answers it: a provider's bKash, ৳100–25,000, no fee. */
export function methodFixture(over: Partial<CashierMethod> = {}): CashierMethod {
  return {
    id: 1,
    direction: 'deposit',
    kind: 'psp',
    channel: 'bkash',
    name: 'bKash',
    logoUrl: null,
    currency: 'BDT',
    min: '100.00',
    max: '25000.00',
    feeBp: 0,
    feeFixed: '0.00',
    feeBearer: 'operator',
    presets: ['500.00', '1000.00', '2000.00'],
    processingMinutes: 5,
    ...over,
  };
}

/** A request as its owner sees it: a pending provider deposit of ৳1,000 unless told otherwise. */
export function requestFixture(over: Partial<CashierRequest> = {}): CashierRequest {
  return {
    id: '501',
    type: 'deposit',
    methodId: 1,
    methodName: 'bKash',
    kind: 'psp',
    channel: 'bkash',
    state: 'pending',
    amount: '1000.00',
    fee: '0.00',
    net: '1000.00',
    currency: 'BDT',
    reason: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    expiresAt: null,
    history: [
      { state: 'created', at: '2026-11-26T10:00:00.000Z', note: null },
      { state: 'pending', at: '2026-11-26T10:00:01.000Z', note: null },
    ],
    redirectUrl: null,
    bank: null,
    transferReference: null,
    playerReference: null,
    payoutAccount: null,
    confirmation: null,
    canCancel: false,
    canConfirm: false,
    ...over,
  };
}

export function summaryFixture(over: Partial<WithdrawSummary> = {}): WithdrawSummary {
  return {
    balance: '5000.00',
    currency: 'BDT',
    turnoverRemaining: '0.00',
    turnoverRequired: '0.00',
    withdrawable: '5000.00',
    min: '200.00',
    max: '50000.00',
    dailyCount: 5,
    dailyAmount: '200000.00',
    usedCount: 1,
    usedAmount: '1000.00',
    medianMinutesToPaid: 42,
    paymentPasswordSet: true,
    paymentPasswordLockedUntil: null,
    payeeName: 'Rahim Uddin',
    ...over,
  };
}

/** A logged-in real player, with the given cashier answers over the defaults. */
export function loggedIn(stubs: Stub[], isAgent: number = IS_AGENT.PLAYER) {
  const calls = mockCalls(
    [
      stub(memberInfoCall, memberFixture({ account: 'rahim1234', type: isAgent, isAgent })),
      stub(walletBalanceCall, { sumBalance: '5000.00', currency: 'BDT', currencySymbol: '৳', decimals: 2 }),
      ...stubs,
    ],
    { status: statusFixture({ brand: { loggedInToHomePage: true } }) },
  );
  sessionStorage.setItem('token', 'tok-123456789012345678901234');
  sessionStorage.setItem('isAgent', String(isAgent));
  return calls;
}

export const centre = () => screen.findByRole('dialog', { name: 'Member centre' });

/** A notice socket that never opens: the pages' listener waits quietly. */
class QuietSocket {
  close() {}
  send() {}
}

/**
 * Each test of the file starts from a fresh English browser with `socket` standing in for the
 * notice socket, and closes the centre it opened.
 */
export function cashierTestHooks(socket: unknown = QuietSocket) {
  beforeEach(async () => {
    await resetBrowser('en');
    vi.stubGlobal('WebSocket', socket);
  });
  afterEach(() => {
    act(() => ui.closeModal());
    vi.unstubAllGlobals();
  });
}
