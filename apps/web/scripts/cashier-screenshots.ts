/**
 * Screenshots of the player cashier for docs/cashier.md: the real server with the built site on a
 * fresh PGlite database (the demo brand, its sandbox provider switched on), the demo player
 * `demo1234` with money, a payment password, a payout account, turnover left to wager, requests
 * in each state and notices, and each page in BN and EN, dark and light, on a 390-px phone and
 * a 1440-px desktop in Debian's Chromium.
 *
 *   npm run build --workspace @khela/web && node --import tsx apps/web/scripts/cashier-screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, startKhela } from '../../../e2e/src/harness';
import { sendNotice } from '../../server/src/modules/cashier/notices';
import { setPaymentPassword } from '../../server/src/modules/cashier/payment-password';
import { SANDBOX, sandboxProvider } from '../../server/src/modules/cashier/providers/sandbox';
import { createSession } from '../../server/src/platform/sessions';

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '../../..');
const OUT = path.join(root, 'docs/cashier/screenshots');

type Variant = { lang: 'bn' | 'en'; theme: 'dark' | 'light'; device: 'phone' | 'desktop' };
const ALL: Variant[] = [
  { lang: 'bn', theme: 'dark', device: 'phone' },
  { lang: 'en', theme: 'light', device: 'desktop' },
  { lang: 'bn', theme: 'light', device: 'desktop' },
  { lang: 'en', theme: 'dark', device: 'phone' },
];
const MINOR: Variant[] = ALL.slice(0, 2);
const only = process.env.SHOTS ? process.env.SHOTS.split(',') : null;

async function main() {
  // The e2e journeys' server: the demo brand on a fresh PGlite database and a free port.
  const khela = await startKhela();
  const { db, url } = khela;
  const k = db.kysely;
  const brand = await k
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', 'khela')
    .executeTakeFirstOrThrow();
  const brandId = brand.id;
  const member = await k
    .selectFrom('members')
    .select(['id', 'is_agent'])
    .where('account', '=', 'demo1234')
    .where('brand_id', '=', brandId)
    .executeTakeFirstOrThrow();
  const methods = await k
    .selectFrom('cashier_methods')
    .select(['id', 'direction', 'kind', 'channel', 'name_en'])
    .where('brand_id', '=', brandId)
    .execute();
  const pick = (direction: string, channel: string) => {
    const m = methods.find((x) => x.direction === direction && x.channel === channel);
    if (!m) throw new Error(`no ${direction} ${channel} method in the demo seed`);
    return m.id;
  };
  const bankIn = pick('deposit', 'bank');
  const bkashIn = pick('deposit', 'bkash');
  const nagadOut = pick('withdraw', 'nagad');

  // The demo player's upline is the demo agent, so the transfer page has someone to send to.
  const agent = await k
    .selectFrom('members')
    .select('id')
    .where('account', '=', 'agent1234')
    .where('brand_id', '=', brandId)
    .executeTakeFirstOrThrow();
  await k.updateTable('members').set({ upline_id: agent.id }).where('id', '=', member.id).execute();
  await setPaymentPassword(db, { id: member.id, brandId }, { newPassword: '246810' }, '127.0.0.1');
  await k.updateTable('members').set({ payee_name: 'Rahim Uddin' }).where('id', '=', member.id).execute();
  const dayAgo = new Date(Date.now() - 2 * 86_400_000);
  const payout = await k
    .insertInto('payout_accounts')
    .values({
      brand_id: brandId,
      member_id: member.id,
      method_id: nagadOut,
      account_number: '01712345678',
      payee_name: 'Rahim Uddin',
      usable_from: dayAgo,
      created_at: dayAgo,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  let ref = 4100;
  const request = async (v: {
    type: 'deposit' | 'withdraw';
    state: string;
    amount: bigint;
    methodId: number;
    ageMinutes: number;
    fee?: bigint;
    payout?: bigint;
  }) => {
    const at = new Date(Date.now() - v.ageMinutes * 60_000);
    ref++;
    const bank = v.type === 'deposit' && v.methodId === bankIn;
    const r = await k
      .insertInto('cashier_requests')
      .values({
        brand_id: brandId,
        member_id: member.id,
        type: v.type,
        method_id: v.methodId,
        state: v.state as 'submitted',
        amount_minor: v.amount,
        fee_minor: v.fee ?? 0n,
        currency: 'BDT',
        transfer_reference: bank ? `KH-${ref}Q` : null,
        player_reference: bank && v.state !== 'pending' ? `DBBL${ref}77` : null,
        payout_account_id: v.payout ?? null,
        created_at: at,
        updated_at: at,
        expires_at: v.state === 'pending' ? new Date(Date.now() + 27 * 60_000) : null,
        decided_at: v.state === 'credited' ? new Date(at.getTime() + 4 * 60_000) : null,
        paid_at: v.state === 'paid' ? new Date(at.getTime() + 40 * 60_000) : null,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const events: [string, number][] =
      v.type === 'deposit'
        ? v.state === 'pending'
          ? [['pending', 0]]
          : [
              ['pending', 0],
              ['credited', 4],
            ]
        : [
            ['under_review', 0],
            ['approved', 20],
            ['paying', 21],
            ['paid', 40],
          ];
    for (const [state, after] of events)
      await k
        .insertInto('cashier_request_events')
        .values({
          request_id: r.id,
          state: state as 'pending',
          actor: 'member',
          note: null,
          at: new Date(at.getTime() + after * 60_000),
        })
        .execute();
    return String(r.id);
  };
  const pendingBank = await request({
    type: 'deposit',
    state: 'pending',
    amount: 200_000n,
    methodId: bankIn,
    ageMinutes: 3,
  });
  const credited = await request({
    type: 'deposit',
    state: 'credited',
    amount: 100_000n,
    fee: 0n,
    methodId: bkashIn,
    ageMinutes: 90,
  });
  const paid = await request({
    type: 'withdraw',
    state: 'paid',
    amount: 150_000n,
    fee: 1_500n,
    methodId: nagadOut,
    ageMinutes: 60,
    payout: payout.id,
  });
  void paid;
  const turnover = await k
    .insertInto('turnover_requirements')
    .values({
      brand_id: brandId,
      member_id: member.id,
      source: 'deposit',
      source_key: 'shots:1',
      required_minor: 300_000n,
      remaining_minor: 125_000n,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const notices: [Parameters<typeof sendNotice>[1]['kind'], Record<string, string>][] = [
    ['deposit.arrival', { amount: '1000.00', currency: 'BDT', method: 'bKash' }],
    ['withdraw.paid', { amount: '1500.00', currency: 'BDT', method: 'Nagad' }],
    ['transfer.received', { amount: '500.00', currency: 'BDT', counterparty: 'agent1234' }],
    ['payout_account.changed', { until: new Date(Date.now() + 86_400_000).toISOString(), method: 'Nagad' }],
    [
      'deposit.rejected',
      { amount: '2000.00', currency: 'BDT', method: 'Bank transfer', reason: 'ব্যাংক স্টেটমেন্টে এই রেফারেন্স পাওয়া যায়নি' },
    ],
  ];
  for (const [kind, params] of notices) await sendNotice(db, { brandId, memberId: member.id, kind, params });

  // A withdrawal being paid through the sandbox: the payout console has one to decide.
  const paying = await k
    .insertInto('cashier_requests')
    .values({
      brand_id: brandId,
      member_id: member.id,
      type: 'withdraw',
      method_id: nagadOut,
      state: 'paying',
      amount_minor: 250_000n,
      currency: 'BDT',
      provider: SANDBOX,
      payout_id: 'wd-shots-1',
      payout_account_id: payout.id,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await sandboxProvider.createPayout(
    {
      requestId: String(paying.id),
      payoutId: 'wd-shots-1',
      amountMinor: 250_000n,
      currency: 'BDT',
      channel: 'nagad',
      accountNumber: '01712345678',
      payeeName: 'Rahim Uddin',
    },
    { brandId, origin: url },
  );

  const token = await createSession(db, member, {
    ip: '127.0.0.1',
    userAgent: 'screenshots',
    loginType: 'password',
    hours: 24,
  });

  const browser = await launchChromium();
  mkdirSync(OUT, { recursive: true });

  const open = async (v: Variant) => {
    const context = await browser.newContext({
      viewport: v.device === 'phone' ? { width: 390, height: 1000 } : { width: 1440, height: 900 },
      deviceScaleFactor: 1,
      isMobile: v.device === 'phone',
      hasTouch: v.device === 'phone',
      locale: v.lang === 'bn' ? 'bn-BD' : 'en-GB',
      timezoneId: 'Asia/Dhaka',
      // The sandbox's own pages follow the device's setting, not the site's stored theme.
      colorScheme: v.theme,
    });
    await context.addInitScript(
      ([lang, theme, tok]) => {
        localStorage.setItem('lang', lang);
        localStorage.setItem('theme', theme);
        sessionStorage.setItem('token', tok);
        sessionStorage.setItem('account', 'demo1234');
        sessionStorage.setItem('isAgent', '0');
        // The brand's announcements pop up once a visit; these pictures are of the cashier.
        sessionStorage.setItem('noticePopupSeen', '1');
      },
      [v.lang, v.theme, token] as const,
    );
    return { context, page: await context.newPage() };
  };
  const shot = async (page: Page, name: string, v: Variant) => {
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);
    const file = path.join(OUT, `${name}-${v.lang}-${v.theme}-${v.device}.png`);
    // The member centre is a dialog over the home page: the viewport is what the player sees.
    await page.screenshot({ path: file });
    console.log(path.relative(root, file));
  };
  const centre = (p: string, extra = '') => `${url}/?centre=member&page=${p}${extra}`;
  const screens: { name: string; variants: Variant[]; run: (page: Page, v: Variant) => Promise<void> }[] = [
    {
      name: 'deposit',
      variants: ALL,
      run: async (page, v) => {
        await page.goto(centre('depositv2'));
        await page.waitForSelector('.csh-method');
        // The brand's announcements open over the first page of a visit: close them.
        const notices = page.locator('[data-testid=modal-backdrop]:has(.notice-item)');
        if (await notices.count())
          await notices
            .getByRole('button', { name: /close|বন্ধ/i })
            .first()
            .click()
            .catch(() => page.keyboard.press('Escape'));
        await page.waitForTimeout(300);
        await page.locator('.csh-method').first().click();
        await page.locator('.csh-chip').nth(1).click();
        await shot(page, 'deposit', v);
        await page.locator('form.csh button[type=submit]').last().click();
        await page.waitForTimeout(500);
        await shot(page, 'deposit-confirm', v);
        // Through the sandbox's hosted checkout.
        await page.getByRole('button').last().click();
        await page.waitForURL(/psp\/sandbox\/checkout/, { timeout: 10_000 }).catch(() => {});
        if (page.url().includes('/psp/sandbox/checkout')) await shot(page, 'sandbox-checkout', v);
      },
    },
    {
      name: 'deposit-bank-pending',
      variants: ALL,
      run: async (page, v) => {
        await page.goto(centre('depositv2', `&deposit=${pendingBank}`));
        await page.waitForSelector('.csh-bank');
        await shot(page, 'deposit-bank-pending', v);
      },
    },
    {
      name: 'deposit-credited',
      variants: ALL,
      run: async (page, v) => {
        await page.goto(centre('depositv2', `&deposit=${credited}`));
        await page.waitForSelector('.csh-status-head');
        await shot(page, 'deposit-credited', v);
      },
    },
    {
      name: 'withdraw-turnover',
      variants: ALL,
      run: async (page, v) => {
        await k
          .updateTable('turnover_requirements')
          .set({ remaining_minor: 125_000n })
          .where('id', '=', turnover.id)
          .execute();
        await page.goto(centre('withdraw'));
        await page.waitForSelector('.csh');
        await shot(page, 'withdraw-turnover', v);
      },
    },
    {
      name: 'withdraw-ready',
      variants: ALL,
      run: async (page, v) => {
        await k
          .updateTable('turnover_requirements')
          .set({ remaining_minor: 0n })
          .where('id', '=', turnover.id)
          .execute();
        await page.goto(centre('withdraw'));
        await page.waitForSelector('.csh');
        await shot(page, 'withdraw-ready', v);
        // Further down: the paid withdrawal waiting for the player to say whether it arrived.
        await page
          .locator('.csh-list')
          .first()
          .evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await shot(page, 'withdraw-paid', v);
        // A notice arriving while the page is open: the toast.
        await sendNotice(db, {
          brandId,
          memberId: member.id,
          kind: 'withdraw.approved',
          params: { amount: '1500.00', currency: 'BDT', method: 'Nagad' },
        });
        const toast = await page
          .waitForSelector('.csh-toast', { timeout: 8000 })
          .then(() => true)
          .catch(() => false);
        if (toast) await shot(page, 'toast', v);
        else console.error(`toast ${v.lang}-${v.theme}-${v.device}: no toast arrived`);
        // One notice per page shown here: the inbox keeps the seeded ones only.
        await k
          .deleteFrom('member_messages')
          .where('member_id', '=', member.id)
          .where('kind', '=', 'withdraw.approved')
          .execute();
      },
    },
    {
      name: 'security',
      variants: ALL,
      run: async (page, v) => {
        await k
          .updateTable('members')
          .set({ payment_password_locked_until: null, payment_password_failures: 0 })
          .where('id', '=', member.id)
          .execute();
        await page.goto(centre('securityCenter'));
        await page.waitForLoadState('networkidle');
        await shot(page, 'security', v);
        await k
          .updateTable('members')
          .set({ payment_password_locked_until: new Date(Date.now() + 12 * 60_000), payment_password_failures: 5 })
          .where('id', '=', member.id)
          .execute();
        await page.goto(centre('securityCenter'));
        await shot(page, 'security-locked', v);
        await k
          .updateTable('members')
          .set({ payment_password_locked_until: null, payment_password_failures: 0 })
          .where('id', '=', member.id)
          .execute();
      },
    },
    {
      name: 'transfer-upline',
      variants: MINOR,
      run: async (page, v) => {
        await page.goto(centre('transferUpline'));
        await shot(page, 'transfer-upline', v);
      },
    },
    {
      name: 'wallet',
      variants: MINOR,
      run: async (page, v) => {
        await page.goto(centre('transferFund'));
        await shot(page, 'wallet', v);
      },
    },
    {
      name: 'inbox',
      variants: ALL,
      run: async (page, v) => {
        await page.goto(centre('messageV2'));
        await shot(page, 'inbox', v);
      },
    },
    {
      name: 'sandbox-payouts',
      variants: MINOR,
      run: async (page, v) => {
        await page.goto(`${url}/psp/sandbox/payouts?lang=${v.lang}`);
        await shot(page, 'sandbox-payouts', v);
      },
    },
  ];
  for (const s of screens) {
    if (only && !only.includes(s.name)) continue;
    for (const v of s.variants) {
      const { context, page } = await open(v);
      try {
        await s.run(page, v);
      } catch (e) {
        console.error(`${s.name} ${v.lang}-${v.theme}-${v.device}:`, (e as Error).message);
      } finally {
        await context.close();
      }
    }
  }
  await browser.close();
  await khela.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
