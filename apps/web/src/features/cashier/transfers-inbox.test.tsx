import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stub } from '@khela/client/testing';
import { CASHIER_STATES } from '@khela/contract/cashier';
import { IS_AGENT } from '@khela/contract/constants';
import {
  consolidatedFundsCall,
  messagesCall,
  messagesReadCall,
  uplineTransferCall,
  uplineTransfersCall,
  withdrawSummaryCall,
} from '@khela/contract/endpoints';
import { REJECT_REASONS } from '@khela/contract/reject-reasons';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { cashierTestHooks, centre, loggedIn, summaryFixture } from '../../../test/cashier-fixtures';
import { FakeSocket } from '../../../test/fake-socket';
import { renderApp, resetBrowser, sentTo } from '../../../test/render';
import { loadCashierTexts } from './texts';

/*
 * Transfers (spec §2 transferUpline), the wallet (transferFund), the inbox (messageV2) and the
 * notices the socket pushes.
 */

cashierTestHooks(FakeSocket);
beforeEach(() => {
  FakeSocket.all = [];
});

const transfer = (over = {}) => ({
  id: '1',
  direction: 'in' as const,
  counterparty: 'agent77',
  amount: '300.00',
  currency: 'BDT',
  remark: 'for the weekend',
  at: '2026-11-25T08:00:00.000Z',
  ...over,
});

describe('transfer to upline', () => {
  it('sends a player’s money to its upline with a counted remark, after the confirmation', async () => {
    const { sent } = loggedIn([
      stub(uplineTransfersCall, {
        upline: 'agent77',
        isAgent: false,
        min: '100.00',
        max: '10000.00',
        list: [transfer()],
      }),
      stub(uplineTransferCall, transfer({ id: '2', direction: 'out', amount: '500.00' })),
    ]);
    renderApp('/?centre=member&page=transferUpline');
    const dialog = await centre();
    expect(await within(dialog).findByText('To your agent:')).toBeTruthy();
    expect(within(dialog).getAllByText('agent77').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('+৳300.00')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Amount'), '500');
    await userEvent.type(within(dialog).getByLabelText('Remark'), 'rent');
    expect(within(dialog).getByText('4/140')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const check = within(dialog).getByRole('region', { name: 'Check your transfer' });
    expect(within(check).getByText('To').nextSibling?.textContent).toBe('agent77');
    // The password by the brand's rule (six digits without one), asked with the figures.
    expect(within(check).getByText('Please enter 6 characters, digits only')).toBeTruthy();
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));
    expect(within(check).getByText('Payment password cannot be empty')).toBeTruthy();
    await userEvent.type(within(check).getByLabelText('Payment password'), '12345');
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));
    expect(within(check).getByText('Please enter 6 characters, digits only')).toBeTruthy();
    expect(sentTo(sent, uplineTransferCall)).toEqual([]);
    await userEvent.type(within(check).getByLabelText('Payment password'), '6');
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Transfer sent.')).toBeTruthy();
    const body = sentTo(sent, uplineTransferCall)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ amount: '500.00', remark: 'rent', paymentPassword: '123456' });
    expect(body.toAccount).toBeUndefined();
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets an agent name a direct downline', async () => {
    const { sent } = loggedIn(
      [
        stub(uplineTransfersCall, { upline: null, isAgent: true, min: '100.00', max: '10000.00', list: [] }),
        stub(uplineTransferCall, transfer({ direction: 'out', counterparty: 'karim9' })),
      ],
      IS_AGENT.AGENT,
    );
    renderApp('/?centre=member&page=transferUpline');
    const dialog = await centre();
    await userEvent.type(await within(dialog).findByLabelText('Downline account'), 'karim9');
    await userEvent.type(within(dialog).getByLabelText('Amount'), '200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.type(within(dialog).getByLabelText('Payment password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sentTo(sent, uplineTransferCall)[0]?.body).toMatchObject({ toAccount: 'karim9' }));
  });
});

describe('the wallet page', () => {
  it('shows the one wallet and what makes it up', async () => {
    loggedIn([
      stub(consolidatedFundsCall, {
        sumBalance: '5000.00',
        currency: 'BDT',
        currencySymbol: '৳',
        decimals: 2,
        wallets: [{ name: 'Main wallet', balance: '5000.00' }],
      }),
    ]);
    renderApp('/?centre=member&page=transferFund');
    const dialog = await centre();
    expect(await within(dialog).findByText(/One wallet holds all your money/)).toBeTruthy();
    expect(within(dialog).getByText('Main wallet')).toBeTruthy();
    expect(within(dialog).getAllByRole('link', { name: 'Withdraw' }).at(-1)?.getAttribute('href')).toContain(
      'page=withdraw',
    );
  });
});

const message = (id: string, kind: string, params: Record<string, string>, read = false) => ({
  id,
  kind,
  params,
  requestId: null,
  at: '2026-11-26T09:00:00.000Z',
  read,
});

describe('the inbox', () => {
  it('writes each notice from its kind in the reader’s language, marks unread ones, and marks all read', async () => {
    const { sent } = loggedIn([
      stub(messagesCall, {
        list: [
          message('12', 'withdraw.rejected', { amount: '2000.00', currency: 'BDT', reason: 'Name does not match.' }),
          message('11', 'deposit.arrival', { amount: '1000.00', currency: 'BDT' }, true),
          message('10', 'something.new', {}, true),
        ],
        unread: 1,
        next: null,
      }),
      stub(messagesReadCall, { unread: 0 }),
    ]);
    renderApp('/?centre=member&page=messageV2');
    const dialog = await centre();
    expect(
      await within(dialog).findByText(
        'Your withdrawal of ৳2,000.00 was rejected and the money is back in your wallet. Name does not match.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Your deposit of ৳1,000.00 has arrived in your wallet.')).toBeTruthy();
    expect(within(dialog).getByText('There is news about your account.')).toBeTruthy();
    expect(within(dialog).getAllByText('New')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(sentTo(sent, messagesReadCall)[0]?.body).toEqual({ upTo: '12' }));
  });

  it('reads in Bengali with Bengali digits, the method by its Bengali name and the reason from the list', async () => {
    await resetBrowser('bn');
    const names = { method: 'City Bank', method_bn: 'সিটি ব্যাংক', method_en: 'City Bank' };
    loggedIn([
      stub(messagesCall, {
        list: [
          message('13', 'deposit.rejected', {
            amount: '500.00',
            ...names,
            reason: '[payment_not_received] Statement shows nothing',
          }),
          message('12', 'deposit.arrival', { amount: '800.00', ...names }),
          message('11', 'deposit.arrival', { amount: '1000.00' }),
        ],
        unread: 3,
        next: null,
      }),
    ]);
    renderApp('/?centre=member&page=messageV2');
    const dialog = await screen.findByRole('dialog', { name: 'সদস্য কেন্দ্র' });
    expect(await within(dialog).findByRole('heading', { name: 'বার্তা' })).toBeTruthy();
    expect(await within(dialog).findByText('আপনার ১,০০০.০০৳ ডিপোজিট ওয়ালেটে যোগ হয়েছে।')).toBeTruthy();
    expect(within(dialog).getByText('সিটি ব্যাংক থেকে আপনার ৮০০.০০৳ ডিপোজিট ওয়ালেটে যোগ হয়েছে।')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'সিটি ব্যাংক থেকে আপনার ৫০০.০০৳ ডিপোজিট প্রত্যাখ্যাত হয়েছে। আমরা পেমেন্টটি পাইনি। নোট: Statement shows nothing',
      ),
    ).toBeTruthy();
  });

  it('names the method in English on an English page, and a payout account by its number', async () => {
    loggedIn([
      stub(messagesCall, {
        list: [
          message('21', 'deposit.rejected', {
            amount: '500.00',
            method: 'City Bank',
            method_bn: 'সিটি ব্যাংক',
            method_en: 'City Bank',
            reason: '[duplicate_request]',
          }),
          message('20', 'payout_account.changed', { account: '••••4321', usableFrom: '2026-11-27T09:00:00.000Z' }),
        ],
        unread: 2,
        next: null,
      }),
    ]);
    renderApp('/?centre=member&page=messageV2');
    const dialog = await centre();
    expect(await within(dialog).findByRole('heading', { name: 'Messages' })).toBeTruthy();
    expect(
      await within(dialog).findByText(
        'Your deposit of ৳500.00 by City Bank was rejected. It repeats another request of yours.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/Your payout account ••••4321 was changed\./)).toBeTruthy();
  });
});

describe('notices over the socket', () => {
  it('show a toast and refresh the open cashier page', async () => {
    let reads = 0;
    loggedIn([
      stub(withdrawSummaryCall, () => {
        reads++;
        return summaryFixture();
      }),
    ]);
    renderApp('/?centre=member&page=withdraw');
    await centre();
    await waitFor(() => expect(reads).toBe(1));
    await waitFor(() => expect(FakeSocket.all.filter((s) => s.readyState === 1)).toHaveLength(1));
    const ws = FakeSocket.all.find((s) => s.readyState === 1) as FakeSocket;
    ws.push({ type: 'ready' });
    ws.push({
      type: 'notice',
      id: '44',
      kind: 'withdraw.paid',
      params: { amount: '2000.00', currency: 'BDT' },
      requestId: '900',
      unread: 3,
    });
    const toast = await screen.findByText('Your withdrawal of ৳2,000.00 was paid. Please confirm whether it arrived.');
    expect(toast.closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(reads).toBe(2));
  });
});

describe('the cashier’s texts', () => {
  it('name every request state, every notice kind the server sends and every rejection reason, in every language', async () => {
    const here = path.dirname(new URL(import.meta.url).pathname);
    const source = readFileSync(path.resolve(here, '../../../../server/src/modules/cashier/notices.ts'), 'utf8');
    const block = source.slice(
      source.indexOf('NOTICE_KINDS = ['),
      source.indexOf('] as const', source.indexOf('NOTICE_KINDS')),
    );
    const kinds = [...block.matchAll(/'([a-z_.]+)'/g)].map((m) => m[1] as string);
    expect(kinds.length).toBeGreaterThan(5);
    for (const lang of ['bn', 'en', 'cn', 'id', 'th', 'ty', 'vi']) {
      await loadCashierTexts(lang);
      for (const state of CASHIER_STATES)
        expect(i18next.exists(`cashier.states.${state}`, { lng: lang }), `${lang} ${state}`).toBe(true);
      for (const kind of kinds)
        expect(i18next.exists(`notices.kinds.${kind}`, { lng: lang }), `${lang} ${kind}`).toBe(true);
      for (const reason of REJECT_REASONS)
        expect(i18next.exists(`notices.reasons.${reason}`, { lng: lang }), `${lang} ${reason}`).toBe(true);
    }
  });
});
