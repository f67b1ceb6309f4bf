import { parseArgs } from 'node:util';
import { ADJUSTMENT_CATEGORIES, type AdjustmentCategory, fromMinor, toMinor } from '@khela/contract';
import { brandCommand, cliActor, staffCommand, UsageError } from './cli-back-office';
import { jobsOf } from './jobs';
import * as provider from './modules/provider/service';
import { linkBaseOf } from './modules/staff/accounts';
import { fourEyesThreshold, needsSecondStaff } from './modules/staff-players/adjustments';
import { checkLedger } from './modules/wallet/invariants';
import * as wallet from './modules/wallet/service';
import { currencyOf } from './modules/wallet/service';
import { ConfigError, loadConfig } from './platform/config';
import { type Database, openDatabase } from './platform/db';
import { loadMailConfig } from './platform/email';
import { AppError } from './platform/errors';
import { type Job, jobsView, recentRuns } from './platform/jobs';
import { migrate } from './platform/migrate';
import { embeddedDatabaseBusy, liveServerPid } from './platform/server-pid';

const USAGE = `Khela operator commands (npm run khela -- <command>):
  adjust <account> <amount> --reason "…" [--category <category>] [--brand <merchantCode>] [--key <idempotency key>]
      Break-glass: credits (or, with a negative amount, debits) a player's wallet from the house
      adjustment account: one balanced ledger transaction and an audit entry. The amount is in
      the brand currency, e.g. 500 or 250.50, and at most the brand's four-eyes threshold (larger
      ones go through the back office). The category sets the turnover a credit asks before it
      may be withdrawn, as in the back office: correction 0 %, compensation, goodwill and other
      (the default) 100 %. With --key, running the same command again moves nothing.
  balance <account> [--brand <merchantCode>]
      Prints the player's wallet balance.
  ledger-check
      Verifies the ledger's invariants: every transaction sums to zero, every posting belongs to
      a transaction, every wallet equals its postings and none is negative.
  jobs [<job>]
      Lists the periodic jobs: what each does, how often, its last run, its next run and its
      failing periods. With a job's name, that job's recent runs.
  held-wins [--status held|released|voided] [--brand <merchantCode>]
      Lists the provider wins held in suspense over the brand's caps (waiting ones by default).
  release-win <id> --reason "…" [--brand <merchantCode>]
      Pays a held win to its player (suspense → wallet), once; running it again moves nothing.
  void-win <id> --reason "…" [--brand <merchantCode>]
      Voids a held win: its money goes to the house (suspense → house), once.
  brand create --code <merchantCode> --domain <host> --currency BDT --languages bn,en [--name "…"]
      Creates a brand served on <host>, with no demo content (no games, banners or accounts);
      the first language is its default. The operator's first brand is the default brand.
  staff create --brand <merchantCode> --username <name> --role owner[,finance…]
      Creates a back-office staff member and prints a one-time set-up link (valid 24 hours) to
      <PUBLIC_URL>/admin/setup/…, where they set a password and enrol two-factor codes.
      Roles: owner, admin, finance, support, content, risk, auditor.
On the embedded database (no DATABASE_URL) stop the server first: PGlite allows one process.`;

async function main(argv: string[], env: Record<string, string | undefined>): Promise<string> {
  // A negative amount ('-250') is a value, not an option.
  const NEGATIVE = '\u0000';
  const parsed = parseArgs({
    args: argv.map((a) => (/^-\d/.test(a) ? `${NEGATIVE}${a}` : a)),
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      brand: { type: 'string' },
      key: { type: 'string' },
      category: { type: 'string' },
      status: { type: 'string' },
      code: { type: 'string' },
      domain: { type: 'string' },
      currency: { type: 'string' },
      languages: { type: 'string' },
      name: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  // The audit trail names who ran the command: the login of the environment it was run with.
  const values = { ...parsed.values, actor: cliActor(env) };
  const [command, ...rest] = parsed.positionals.map((p) => p.replace(NEGATIVE, ''));
  if (!command || values.help) return USAGE;
  const config = loadConfig(env);
  if (!config.DATABASE_URL) refuseWhileServing(config.dataDir);
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const jobs = jobsOf(config);
  try {
    await migrate(db);
    switch (command) {
      case 'adjust':
        return await adjust(db, rest, values);
      case 'balance':
        return await balance(db, rest, values.brand);
      case 'ledger-check': {
        const problems = await checkLedger(db);
        if (problems.length > 0) throw new Error(`ledger invariants broken:\n${problems.join('\n')}`);
        return 'ledger ok: every transaction sums to zero, every posting has its transaction, every wallet equals its postings, none is negative';
      }
      case 'jobs':
        return rest[0] ? await jobRuns(db, jobs, rest[0]) : table(await jobsList(db, jobs));
      case 'held-wins':
        return await heldWinsList(db, values);
      case 'release-win':
      case 'void-win':
        return await decideHeldWin(db, command, rest, values);
      case 'brand':
        return await brandCommand(db, rest, values);
      case 'staff':
        return await staffCommand(db, linkBaseOf(loadMailConfig(config.dataDir, env).PUBLIC_URL, config), rest, values);
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } finally {
    await db.close();
  }
}

/** PGlite is one process: a second one opening the data directory would corrupt it. */
function refuseWhileServing(dataDir: string) {
  const pid = liveServerPid(dataDir);
  if (pid !== null) throw new UsageError(embeddedDatabaseBusy(pid, dataDir));
}

async function memberOf(db: Database, account: string | undefined, merchantCode: string | undefined) {
  if (!account) throw new UsageError('which account?');
  let q = db.kysely
    .selectFrom('members')
    .innerJoin('brands', 'brands.id', 'members.brand_id')
    .select([
      'members.id',
      'members.brand_id',
      'members.is_agent',
      'members.account',
      'brands.currency',
      'brands.currency_decimals',
    ])
    .where((eb) => eb(eb.fn('lower', ['members.account']), '=', account.toLowerCase()));
  q = merchantCode ? q.where('brands.merchant_code', '=', merchantCode) : q.where('brands.is_default', '=', true);
  const m = await q.executeTakeFirst();
  if (!m)
    throw new UsageError(`no account '${account}' in ${merchantCode ? `brand ${merchantCode}` : 'the default brand'}`);
  return m;
}

async function adjust(
  db: Database,
  args: string[],
  o: { reason?: string; brand?: string; key?: string; category?: string; actor: string },
) {
  const [account, amountText] = args;
  const category = (o.category ?? 'other') as AdjustmentCategory;
  if (!ADJUSTMENT_CATEGORIES.includes(category))
    throw new UsageError(`the category is one of ${ADJUSTMENT_CATEGORIES.join(', ')}`);
  const m = await memberOf(db, account, o.brand);
  const amount = amountText === undefined ? null : toMinor(amountText, m.currency_decimals);
  if (amount === null || amount === 0n) {
    throw new UsageError(`the amount must be a non-zero number with at most ${m.currency_decimals} decimals`);
  }
  if (!o.reason?.trim()) throw new UsageError('say why with --reason "…"');
  // Break-glass only: what needs a second staff member goes through the back office's four-eyes.
  const threshold = await fourEyesThreshold(db, m.brand_id);
  if (needsSecondStaff(amount, threshold))
    throw new UsageError(
      `${fromMinor(amount, m.currency_decimals)} ${m.currency} is above the brand's four-eyes threshold of ` +
        `${fromMinor(threshold, m.currency_decimals)} ${m.currency}: ask for it in the back office (Players → adjust), where a second staff member approves it`,
    );
  const done = await wallet.adjust(db, {
    brandId: m.brand_id,
    member: { id: m.id, brandId: m.brand_id, isAgent: m.is_agent },
    amount,
    currency: m.currency,
    reason: o.reason,
    actor: o.actor,
    key: o.key,
    source: 'adjustment',
    category,
  });
  const verb = done.replayed ? 'already posted under that key; nothing moved' : 'posted';
  return `${verb}: ${m.account} now holds ${fromMinor(done.balance, m.currency_decimals)} ${m.currency}`;
}

async function balance(db: Database, args: string[], brand: string | undefined) {
  const m = await memberOf(db, args[0], brand);
  const holder = { id: m.id, brandId: m.brand_id, isAgent: m.is_agent };
  const minor = await wallet.balanceMinor(db, holder, { currency: m.currency });
  return `${m.account}: ${fromMinor(minor, m.currency_decimals)} ${currencyOf(holder, m)}`;
}

async function brandOf(db: Database, merchantCode: string | undefined) {
  let q = db.kysely.selectFrom('brands').select(['id', 'merchant_code', 'currency_decimals']);
  q = merchantCode ? q.where('merchant_code', '=', merchantCode) : q.where('is_default', '=', true);
  const b = await q.executeTakeFirst();
  if (!b) throw new UsageError(merchantCode ? `no brand ${merchantCode}` : 'no default brand');
  return b;
}

/** Member ids → account names, for showing held wins. */
async function accountsOf(db: Database, ids: bigint[]): Promise<Map<bigint, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.kysely.selectFrom('members').select(['id', 'account']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.account]));
}

const HELD_STATUSES = ['held', 'released', 'voided'] as const;

async function heldWinsList(db: Database, o: { brand?: string; status?: string }) {
  const status = o.status ?? 'held';
  if (!HELD_STATUSES.includes(status as (typeof HELD_STATUSES)[number]))
    throw new UsageError(`--status is one of ${HELD_STATUSES.join(', ')}`);
  const brand = await brandOf(db, o.brand);
  const wins = await provider.heldWins(db, brand.id, {
    status: status as (typeof HELD_STATUSES)[number],
    limit: 500,
  });
  if (wins.length === 0) return `no ${status} wins in brand ${brand.merchant_code}`;
  const accounts = await accountsOf(db, [...new Set(wins.map((w) => w.memberId))]);
  const money = (minor: bigint) => fromMinor(minor, brand.currency_decimals);
  return table([
    ['ID', 'HELD', 'VENDOR', 'TX', 'ACCOUNT', 'GAME', 'ROUND', 'STAKES', 'WIN', 'CURRENCY', 'OVER', 'DECIDED'],
    ...wins.map((w) => [
      w.id.toString(),
      at(w.heldAt),
      w.vendor,
      w.txId,
      accounts.get(w.memberId) ?? w.memberId.toString(),
      w.gameCode,
      w.roundId,
      money(w.stakeTotal),
      money(w.amount),
      w.currency,
      w.reason,
      w.decidedAt ? `${at(w.decidedAt)} by ${w.decidedBy}: ${w.note}` : '-',
    ]),
  ]);
}

async function decideHeldWin(
  db: Database,
  command: 'release-win' | 'void-win',
  args: string[],
  o: { reason?: string; brand?: string; actor: string },
) {
  const idText = args[0];
  if (!idText || !/^[1-9]\d{0,17}$/.test(idText)) throw new UsageError('which held win? (its ID from held-wins)');
  if (!o.reason?.trim()) throw new UsageError('say why with --reason "…"');
  const brand = await brandOf(db, o.brand);
  const decision = {
    brandId: brand.id,
    id: BigInt(idText),
    actor: o.actor,
    note: o.reason,
  };
  const done =
    command === 'release-win' ? await provider.releaseHeldWin(db, decision) : await provider.voidHeldWin(db, decision);
  const w = done.win;
  const account = (await accountsOf(db, [w.memberId])).get(w.memberId) ?? w.memberId.toString();
  const what = `held win ${w.id} (${w.vendor} ${w.txId}, ${fromMinor(w.amount, brand.currency_decimals)} ${w.currency})`;
  if (done.replayed) return `already ${w.status}; nothing moved: ${what}`;
  if (w.status === 'voided') return `voided: ${what} went to the house; ${account} gets nothing`;
  const balance =
    done.balance === null ? '' : `, who now holds ${fromMinor(done.balance, brand.currency_decimals)} ${w.currency}`;
  return `released: ${what} paid to ${account}${balance}`;
}

/** A moment as `2026-11-25 20:10:02Z`. */
const at = (d: Date | null) => (d ? `${d.toISOString().slice(0, 19).replace('T', ' ')}Z` : '-');

/** Rows of cells as columns two spaces apart, the first row being the header. */
function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function jobsList(db: Database, jobs: Job[]): Promise<string[][]> {
  const views = await jobsView(db, jobs);
  const now = Date.now();
  return [
    ['JOB', 'SCHEDULE', 'CATCH-UP', 'LAST RUN', 'STATUS', 'FINISHED', 'NEXT RUN', 'FAILING', 'WHAT IT DOES'],
    ...views.map((v) => [
      v.job,
      v.schedule,
      v.catchUp,
      v.last?.period ?? 'never',
      v.last ? `${v.last.status}${v.last.attempts > 1 ? ` (attempt ${v.last.attempts})` : ''}` : '-',
      at(v.last?.finishedAt ?? null),
      v.next.dueAt.getTime() <= now ? `${v.next.key} (due now)` : v.next.key,
      v.failing === 0 ? '0' : `${v.failing} (last: ${v.lastError?.period}: ${v.lastError?.error.replace(/\s+/g, ' ')})`,
      v.description,
    ]),
  ];
}

async function jobRuns(db: Database, jobs: Job[], name: string): Promise<string> {
  if (!jobs.some((j) => j.name === name)) throw new UsageError(`no job '${name}' (npm run khela -- jobs lists them)`);
  const runs = await recentRuns(db, name);
  if (runs.length === 0) return `${name} has not run yet`;
  return table([
    ['PERIOD', 'STATUS', 'ATTEMPTS', 'STARTED', 'FINISHED', 'RUNNER', 'RESULT OR ERROR'],
    ...runs.map((r) => [
      r.period,
      r.status,
      String(r.attempts),
      at(r.started_at),
      at(r.finished_at),
      r.runner,
      r.error?.replace(/\s+/g, ' ') ?? (r.result ? JSON.stringify(r.result) : ''),
    ]),
  ]);
}

/**
 * Runs one operator command as `npm run khela -- …` would, with `env` for its configuration:
 * what it prints, what it prints as an error and the exit code. Never throws: a refusal is a
 * line on err, never a stack trace.
 */
export async function runCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<{ code: 0 | 1; out: string; err: string }> {
  try {
    return { code: 0, out: await main(argv, env), err: '' };
  } catch (e) {
    const err =
      e instanceof UsageError || e instanceof ConfigError
        ? `${e.message}\n\n${USAGE}`
        : e instanceof AppError
          ? `refused: ${e.code}`
          : e instanceof Error
            ? e.message
            : String(e);
    return { code: 1, out: '', err };
  }
}
