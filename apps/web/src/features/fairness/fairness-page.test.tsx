import { crashPointOf, hashChain } from '@khela/games/fair/crash';
import { diceRoll } from '@khela/games/fair/dice';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, resetBrowser } from '../../../test/render';
import { changeLanguage } from '../../lib/i18n';
import { FairnessPage } from './fairness-page';

const CHAIN = hashChain('6b68656c61'.padEnd(64, '0'), 5);
const DICE_SEED = 'ab'.repeat(32);

function renderPage(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <FairnessPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The live region that announces a result. */
const result = () => screen.getByRole('status');

beforeEach(async () => {
  vi.unstubAllGlobals();
  mockApi();
  await resetBrowser('en');
});

describe('FairnessPage', () => {
  it('explains crash first and verifies a pasted round hash in the browser', async () => {
    const user = userEvent.setup();
    renderPage('/fairness');
    expect(screen.getByRole('heading', { level: 1, name: 'Provably fair games' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crash' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/terminating hash, before round 1/)).toBeTruthy();

    await user.type(screen.getByLabelText('Round hash'), CHAIN[1] as string);
    await user.type(screen.getByLabelText(/Previous round's hash/), CHAIN[0] as string);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    // Fixed vector 27.94×, and the package's own figure.
    expect(within(result()).getByText('27.94×')).toBeTruthy();
    expect(crashPointOf(CHAIN[1] as string)).toBe(2794);
    const link = within(result()).getByText("Leads to the previous round's hash").closest('div');
    expect(link?.textContent).toContain('Yes');
  });

  it('shows a translated error at the field, focuses it and changes no result', async () => {
    const user = userEvent.setup();
    renderPage('/fairness?game=crash');
    const hash = screen.getByLabelText('Round hash');
    await user.type(hash, 'not a hash');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('A hash is 64 characters, digits 0–9 and letters a–f.')).toBeTruthy();
    expect(hash.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(hash);
    expect(result().textContent).toBe('');
  });

  it('pre-fills and checks a dice round from a deep link', () => {
    renderPage(`/fairness?game=dice&serverSeed=${DICE_SEED}&clientSeed=lucky&nonce=7&target=25&side=over`);
    expect(screen.getByRole('button', { name: 'Dice' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Client seed') as HTMLInputElement).value).toBe('lucky');
    expect(diceRoll(DICE_SEED, 'lucky', 7)).toBe(9532);
    expect(within(result()).getByText('95.32')).toBeTruthy();
    expect(within(result()).getByText('Won, 1.3201× the stake')).toBeTruthy();
  });

  it('pre-fills and checks a crash round from ?game=crash&hash=', () => {
    renderPage(`/fairness?game=crash&hash=${CHAIN[3]}`);
    expect(within(result()).getByText(`${(crashPointOf(CHAIN[3] as string) / 100).toFixed(2)}×`)).toBeTruthy();
  });

  it('replays a slot round with its stops, symbols and win', async () => {
    renderPage(`/fairness?game=slot&serverSeed=${'77'.repeat(32)}&stake=2.00`);
    expect(within(result()).getByText('Reel stops: 26, 10, 0, 25, 16')).toBeTruthy();
    expect(within(result()).getByRole('table', { name: 'Symbols on the reels' })).toBeTruthy();
    const total = within(result()).getByText('Round win').closest('div');
    expect(total?.textContent).toContain('25.00');
  });

  it('switches game with the buttons and speaks Bangla', async () => {
    const user = userEvent.setup();
    renderPage('/fairness');
    await user.click(screen.getByRole('button', { name: 'Slots' }));
    expect(screen.getByText(/exactly 96.00%/)).toBeTruthy();
    await changeLanguage('bn');
    expect(await screen.findByRole('heading', { level: 1, name: 'ন্যায্য খেলা, নিজেই যাচাই করুন' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'যাচাই করুন' })).toBeTruthy();
  });

  it("writes results in the reader's digits", async () => {
    await changeLanguage('bn');
    renderPage(`/fairness?game=crash&hash=${CHAIN[1]}`);
    expect(within(result()).getByText('২৭.৯৪×')).toBeTruthy();
    expect(within(result()).getByText('ক্র্যাশ পয়েন্ট')).toBeTruthy();
  });
});

describe('/fairness in the site', () => {
  it('is a route with the site frame, linked from the side menu', async () => {
    renderApp('/fairness');
    expect(await screen.findByRole('heading', { level: 1, name: 'Provably fair games' })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Provably fair' });
    expect(links.length).toBeGreaterThan(0);
    for (const a of links) expect(a.getAttribute('href')).toBe('/fairness');
  });
});
