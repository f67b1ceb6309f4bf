/**
 * Screenshots of the Cashier area for apps/admin/README.md: the real server with the built back
 * office on a fresh PGlite database (the demo brand), a finance desk filled with requests written
 * straight into the cashier's tables, and each screen in BN and EN, light and dark, on a desktop
 * (and a tablet for the queues) in Debian's Chromium.
 *
 *   npm run build && node --import tsx apps/admin/scripts/cashier-screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { launchChromium, startKhela } from '../../../e2e/src/harness';
import { registerProvider } from '../../server/src/modules/cashier/providers';
import type { ProviderRecord } from '../../server/src/modules/cashier/providers/adapter';
import { openStaffSession } from '../../server/src/modules/staff/sessions';
import { adjust } from '../../server/src/modules/wallet/service';

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '../../..');
const OUT = path.resolve(here, '../docs/screenshots');
/** A picture drawn pixel by pixel, encoded as a real PNG (RGBA, no filter). */
function drawPng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]) {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) row.set(pixel(x, y), 1 + x * 4);
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A round logo: a pink disc with a white ring. */
const PNG = drawPng(64, 64, (x, y) => {
  const d = Math.hypot(x - 31.5, y - 31.5);
  const ring = d > 22 && d < 26;
  return ring ? [255, 255, 255, 255] : [226, 19, 110, d < 31 ? 255 : 0];
});

/** A player's proof: a phone's statement screen, a header band and lines of text. */
const PROOF = drawPng(270, 480, (x, y) => {
  if (y < 60) return [226, 19, 110, 255];
  const line = (y - 80) % 36;
  const width = 60 + ((Math.floor((y - 80) / 36) * 53) % 150);
  if (y > 80 && line < 12 && x > 20 && x < 20 + width) return [90, 98, 110, 255];
  if (y > 380 && y < 430 && x > 20 && x < 250) return [230, 235, 240, 255];
  return [250, 250, 250, 255];
});

let records: ProviderRecord[] = [];

async function main() {
  registerProvider({
    name: 'demopay',
    channels: ['bkash', 'nagad', 'rocket', 'upay'],
    createDeposit: async () => ({ redirectUrl: 'https://demopay.example/checkout' }),
    queryDeposit: async () => null,
    createPayout: async () => null,
    records: async () => records,
    verifyWebhook: async () => {
      throw new Error('not used');
    },
  });
  // The e2e journeys' server (the demo brand on a fresh PGlite database), serving the back office too.
  const khela = await startKhela({ ADMIN_DIST: path.join(root, 'apps/admin/dist') });
  const { db, app, url } = khela;
  const k = db.kysely;
  const brand = await k
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', 'khela')
    .executeTakeFirstOrThrow();
  const brandId = brand.id;

  // Staff: the owner who takes the screenshots and a colleague who approved a large withdrawal first.
  const owner = await k
    .insertInto('staff')
    .values({ brand_id: brandId, username: 'rahima', roles: ['owner'], created_by: 'screenshots' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const karim = await k
    .insertInto('staff')
    .values({ brand_id: brandId, username: 'karim', roles: ['finance'], created_by: 'screenshots' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await openStaffSession(db, app.config, owner.id, {
    brand: { id: brandId } as never,
    ip: '127.0.0.1',
    userAgent: 'screenshots',
  });

  // Players with money and play.
  const names = ['rahim.uddin', 'nusrat22', 'tanvir.h', 'farzana.k', 'sabbir07', 'mitu.akter'];
  const players: bigint[] = [];
  for (const n of names) {
    const m = await k
      .insertInto('members')
      .values({ brand_id: brandId, account: n, member_label: '[]', is_agent: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    players.push(m.id);
    await adjust(db, {
      brandId,
      member: { id: m.id, brandId, isAgent: 1 },
      amount: 250_000n + BigInt(players.length) * 37_500n,
      currency: 'BDT',
      reason: 'opening',
      actor: 'screenshots',
    });
  }
  const method = (v: Record<string, unknown>) =>
    k
      .insertInto('cashier_methods')
      .values({ brand_id: brandId, currency: 'BDT', ...v } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const bankIn = await method({
    direction: 'deposit',
    kind: 'bank_transfer',
    channel: 'bank',
    name_bn: 'ব্যাংক ট্রান্সফার',
    name_en: 'Bank transfer',
    min_minor: 50_000n,
    max_minor: 5_000_000n,
    presets_minor: ['50000', '100000', '200000', '500000'],
    processing_minutes: 30,
    sort: 2,
    bank_name: 'Dutch-Bangla Bank',
    bank_account_name: 'Khela Gaming Ltd',
    bank_account_number: '1071100045678',
    bank_branch: 'Gulshan',
    bank_routing_number: '090261726',
  });
  const bkash = await method({
    direction: 'deposit',
    kind: 'psp',
    provider: 'demopay',
    channel: 'bkash',
    name_bn: 'বিকাশ',
    name_en: 'bKash',
    min_minor: 20_000n,
    max_minor: 2_500_000n,
    fee_bp: 150,
    presets_minor: ['50000', '100000', '200000'],
    processing_minutes: 2,
    sort: 1,
  });
  const nagadOut = await method({
    direction: 'withdraw',
    kind: 'psp',
    provider: 'demopay',
    channel: 'nagad',
    name_bn: 'নগদ',
    name_en: 'Nagad',
    min_minor: 20_000n,
    max_minor: 5_000_000n,
    fee_bp: 100,
    sort: 1,
  });
  const bankOut = await method({
    direction: 'withdraw',
    kind: 'bank_transfer',
    channel: 'bank',
    name_bn: 'ব্যাংক',
    name_en: 'Bank account',
    min_minor: 100_000n,
    max_minor: 10_000_000n,
    sort: 2,
    enabled: false,
  });
  const logo = await app.inject({
    method: 'POST',
    url: `/bo/cashier/methods/${bkash}/logo`,
    headers: { authorization: `Bearer ${session.token}` },
    payload: { image: PNG.toString('base64') },
  });
  if (logo.statusCode !== 200) throw new Error(`logo: ${logo.body}`);
  const account = (member: bigint, methodId: number, number: string, payee: string) =>
    k
      .insertInto('payout_accounts')
      .values({ brand_id: brandId, member_id: member, method_id: methodId, account_number: number, payee_name: payee })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const accA = await account(players[0] as bigint, nagadOut, '01712345678', 'Rahim Uddin');
  const accB = await account(players[3] as bigint, bankOut, '2051034567801', 'Farzana Khatun');
  const accC = await account(players[4] as bigint, nagadOut, '01898765432', 'Sabbir Hossain');

  let ref = 1000;
  const request = async (v: {
    member: bigint;
    type: 'deposit' | 'withdraw';
    state: string;
    amount: bigint;
    methodId: number;
    ageMinutes: number;
    fee?: bigint;
    payout?: bigint;
    firstBy?: bigint;
    providerTx?: string;
    reason?: string;
  }) => {
    const at = new Date(Date.now() - v.ageMinutes * 60_000);
    ref++;
    const r = await k
      .insertInto('cashier_requests')
      .values({
        brand_id: brandId,
        member_id: v.member,
        type: v.type,
        method_id: v.methodId,
        state: v.state as 'submitted',
        amount_minor: v.amount,
        fee_minor: v.fee ?? 0n,
        currency: 'BDT',
        transfer_reference: v.type === 'deposit' && v.methodId === bankIn ? `KH-${ref}Q` : null,
        player_reference: v.type === 'deposit' && v.methodId === bankIn ? `DBBL${ref}77` : null,
        provider: v.providerTx ? 'demopay' : null,
        provider_tx_id: v.providerTx ?? null,
        payout_account_id: v.payout ?? null,
        first_approved_by: v.firstBy ?? null,
        first_approved_at: v.firstBy ? new Date(Date.now() - 5 * 60_000) : null,
        reason: v.reason ?? null,
        created_at: at,
        updated_at: at,
        decided_at: v.state === 'credited' ? at : null,
        paid_at: v.state === 'paid' ? at : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('cashier_request_events')
      .values({
        request_id: r.id,
        state: v.type === 'deposit' ? 'submitted' : 'under_review',
        actor: 'member',
        note: null,
        at,
      })
      .execute();
    if (v.state === 'under_review' && v.type === 'deposit')
      await k
        .insertInto('cashier_request_events')
        .values({
          request_id: r.id,
          state: 'under_review',
          actor: 'job',
          note: null,
          at: new Date(at.getTime() + 60_000),
        })
        .execute();
    if (v.firstBy)
      await k
        .insertInto('cashier_request_events')
        .values({
          request_id: r.id,
          state: 'under_review',
          actor: `staff:${v.firstBy}`,
          note: 'Statement checked, first approval',
        })
        .execute();
    return String(r.id);
  };
  const [p0, p1, p2, p3, p4, p5] = players as [bigint, bigint, bigint, bigint, bigint, bigint];
  // History for the totals, the detail's figures and reconciliation.
  for (let d = 1; d <= 6; d++) {
    await request({
      member: p1,
      type: 'deposit',
      state: 'credited',
      amount: BigInt(150_000 + d * 40_000),
      methodId: bankIn,
      ageMinutes: d * 1440,
    });
    await request({
      member: p2,
      type: 'deposit',
      state: 'credited',
      amount: BigInt(80_000 + d * 25_000),
      fee: BigInt(1200 + d * 375),
      methodId: bkash,
      ageMinutes: d * 1440 + 30,
      providerTx: `DP${d}A`,
    });
    await request({
      member: p4,
      type: 'withdraw',
      state: 'paid',
      amount: BigInt(60_000 + d * 30_000),
      fee: BigInt(600 + d * 300),
      methodId: nagadOut,
      ageMinutes: d * 1440 + 90,
      payout: accC,
    });
  }
  const today1 = await request({
    member: p0,
    type: 'deposit',
    state: 'credited',
    amount: 200_000n,
    methodId: bankIn,
    ageMinutes: 120,
  });
  void today1;
  await request({
    member: p0,
    type: 'deposit',
    state: 'credited',
    amount: 100_000n,
    fee: 1500n,
    methodId: bkash,
    ageMinutes: 60,
    providerTx: 'DPT1',
  });
  // The queues.
  const depOpen = await request({
    member: p0,
    type: 'deposit',
    state: 'under_review',
    amount: 500_000n,
    methodId: bankIn,
    ageMinutes: 196,
  });
  await request({
    member: p1,
    type: 'deposit',
    state: 'submitted',
    amount: 150_000n,
    methodId: bankIn,
    ageMinutes: 74,
  });
  await request({
    member: p5,
    type: 'deposit',
    state: 'under_review',
    amount: 1_000_000n,
    methodId: bankIn,
    ageMinutes: 41,
  });
  await request({
    member: p2,
    type: 'deposit',
    state: 'submitted',
    amount: 250_000n,
    methodId: bankIn,
    ageMinutes: 12,
  });
  const wdBig = await request({
    member: p0,
    type: 'withdraw',
    state: 'under_review',
    amount: 8_000_000n,
    methodId: nagadOut,
    ageMinutes: 55,
    payout: accA,
    firstBy: karim.id,
  });
  await request({
    member: p3,
    type: 'withdraw',
    state: 'approved',
    amount: 1_200_000n,
    methodId: bankOut,
    ageMinutes: 140,
    payout: accB,
  });
  await request({
    member: p4,
    type: 'withdraw',
    state: 'under_review',
    amount: 300_000n,
    fee: 3000n,
    methodId: nagadOut,
    ageMinutes: 33,
    payout: accC,
  });
  await request({
    member: p4,
    type: 'withdraw',
    state: 'failed',
    amount: 450_000n,
    fee: 4500n,
    methodId: nagadOut,
    ageMinutes: 260,
    payout: accC,
    reason: 'Provider: account limit reached',
  });
  await k
    .insertInto('turnover_requirements')
    .values({
      brand_id: brandId,
      member_id: p0,
      source: 'deposit',
      source_key: 'shots:1',
      required_minor: 300_000n,
      remaining_minor: 125_000n,
    })
    .execute();
  // A case with its proof.
  const paid = await request({
    member: p4,
    type: 'withdraw',
    state: 'paid',
    amount: 500_000n,
    methodId: nagadOut,
    ageMinutes: 300,
    payout: accC,
  });
  await k
    .insertInto('cashier_cases')
    .values({
      brand_id: brandId,
      request_id: BigInt(paid),
      kind: 'not_received',
      proof: PROOF,
      proof_type: 'image/png',
    })
    .execute();
  const paid2 = await request({
    member: p3,
    type: 'withdraw',
    state: 'paid',
    amount: 700_000n,
    methodId: bankOut,
    ageMinutes: 500,
    payout: accB,
  });
  await k
    .insertInto('cashier_cases')
    .values({ brand_id: brandId, request_id: BigInt(paid2), kind: 'partial', remaining_minor: 200_000n })
    .execute();
  await sql`UPDATE cashier_requests SET confirmation = 'not_received' WHERE id = ${BigInt(paid)}`.execute(k);
  // The provider's records of yesterday (UTC): one matched, one amount, one missing, one of theirs only.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const ours = await sql<{ id: string; amount_minor: string; provider_tx_id: string }>`
    SELECT id::text, amount_minor::text, provider_tx_id FROM cashier_requests
     WHERE method_id = ${bkash} AND created_at >= ${yesterday}::date AND created_at < ${yesterday}::date + 1`.execute(
    k,
  );
  records = ours.rows.map((r, i) => ({
    kind: 'deposit' as const,
    requestId: r.id,
    providerTxId: r.provider_tx_id,
    amountMinor: i === 0 ? BigInt(r.amount_minor) : BigInt(r.amount_minor) + 5_000n,
    currency: 'BDT',
    status: 'paid' as const,
  }));
  records.push({
    kind: 'deposit',
    requestId: '999999',
    providerTxId: 'DPX77',
    amountMinor: 300_000n,
    currency: 'BDT',
    status: 'paid',
  });
  await request({
    member: p5,
    type: 'deposit',
    state: 'credited',
    amount: 120_000n,
    methodId: bkash,
    ageMinutes: 1440 - 60,
    providerTx: 'DPMISS',
  });

  const browser = await launchChromium();
  mkdirSync(OUT, { recursive: true });
  const screens: {
    name: string;
    at: string;
    wait: string;
    tablet?: boolean;
    full?: boolean;
    click?: string;
    thenWait?: string;
  }[] = [
    { name: 'cashier-deposits', at: `/cashier/deposits/${depOpen}`, wait: '.cashier-history li', tablet: true },
    { name: 'cashier-withdrawals', at: `/cashier/withdrawals/${wdBig}`, wait: '.cashier-history li', tablet: true },
    {
      name: 'cashier-reject',
      at: `/cashier/deposits/${depOpen}`,
      wait: '.cashier-history li',
      click: '.cashier-actions .button-danger',
      thenWait: '[role=dialog]',
    },
    { name: 'cashier-cases', at: '/cashier/cases', wait: 'table' },
    {
      name: 'cashier-case-proof',
      at: '/cashier/cases',
      wait: 'table',
      click: 'td.cd-actions .button:not(.button-primary)',
      thenWait: 'img.cashier-proof',
    },
    { name: 'cashier-totals', at: '/cashier/totals', wait: 'table' },
    { name: 'cashier-reconciliation', at: '/cashier/reconciliation', wait: '.notice' },
    { name: 'cashier-methods', at: '/cashier/methods', wait: 'table' },
    {
      name: 'cashier-method-form',
      at: '/cashier/methods',
      wait: 'table',
      click: 'tbody tr:nth-child(2) .cd-actions .button',
      thenWait: 'form',
      full: true,
    },
    { name: 'cashier-settings', at: '/cashier/settings', wait: 'form', full: true },
    { name: 'cashier-player-tab', at: `/players/${p0}/cashier`, wait: 'table' },
    { name: 'cashier-dashboard', at: '/dashboard', wait: '.figure-grid' },
  ];
  const only = process.argv[2];
  for (const s of screens) {
    if (only && !s.name.includes(only)) continue;
    for (const lang of ['bn', 'en'] as const)
      for (const theme of ['light', 'dark'] as const)
        for (const device of s.tablet ? (['desktop', 'tablet'] as const) : (['desktop'] as const)) {
          const context = await browser.newContext({
            viewport: device === 'desktop' ? { width: 1440, height: 900 } : { width: 820, height: 1180 },
            deviceScaleFactor: 1,
          });
          await context.addInitScript(
            ([tk, lg, th]) => {
              localStorage.setItem('admin.lang', lg as string);
              localStorage.setItem('admin.theme', th as string);
              sessionStorage.setItem('admin.token', tk as string);
            },
            [session.token, lang, theme],
          );
          const page = await context.newPage();
          await page.goto(`${url}/admin${s.at}`);
          await page.locator(s.wait).first().waitFor({ timeout: 15_000 });
          if (s.click) {
            await page.locator(s.click).first().click();
            await page
              .locator(s.thenWait ?? s.wait)
              .first()
              .waitFor({ timeout: 15_000 });
          }
          await page.waitForTimeout(300);
          const file = path.join(OUT, `${s.name}-${lang}-${theme}-${device}.png`);
          await page.screenshot({ path: file, fullPage: s.full ?? false });
          console.log(file);
          await context.close();
        }
  }
  await browser.close();
  await khela.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
