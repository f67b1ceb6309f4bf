import * as contract from '@khela/contract';
import {
  type CallDefinition,
  FIELD_ERRORS,
  GAME_TOKEN_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  textFields,
} from '@khela/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../src/modules/provider/signature';
import { ACCOUNT_TEST_ENV, bearer, newIp, solveHumanCheck } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';
import { launchedPlayer, openedGame } from './inhouse-helpers';
import { memberWithSession } from './member-session';
import { staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

/**
 * Control characters in any decoded text field of any call (body, query, path parameters) are a
 * 400 naming the field, never a 500: every call of the contract, every text field its schemas
 * declare, with the caller's credentials so the check is reached (authentication comes first).
 */

const calls: CallDefinition[] = (Object.values(contract) as unknown[]).filter(
  (v): v is CallDefinition =>
    typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'auth' in v && 'response' in v,
);

type Part = 'body' | 'query' | 'params';
type Field = { call: CallDefinition; part: Part; path: string[]; multiline: boolean };

/** Every text field of every call, as the contract declares them (`*` made a first element). */
const fields: Field[] = calls.flatMap((call) =>
  (['body', 'query', 'params'] as const).flatMap((part) =>
    textFields(call[part]).map((f) => ({
      call,
      part,
      multiline: f.multiline,
      path: f.path.map((s) => (s === '*' ? '0' : s)),
    })),
  ),
);

type Input = Partial<Record<Part, Record<string, unknown>>>;

/** Puts `value` at `path` of an input part, making the objects and arrays on the way. */
function place(input: Input, part: Part, path: string[], value: unknown) {
  input[part] ??= {};
  let at: Record<string, unknown> = input[part];
  path.forEach((seg, i) => {
    if (i === path.length - 1) {
      at[seg] = value;
      return;
    }
    const next = path[i + 1];
    at[seg] ??= next !== undefined && /^\d+$/.test(next) ? [] : {};
    at = at[seg] as Record<string, unknown>;
  });
}

let t: TestApp;
let memberToken: string;
let agentToken: string;
let staffToken: string;
let gameToken: string;
let vendorSecret: string;

beforeAll(async () => {
  t = await createTestApp({
    ...ACCOUNT_TEST_ENV,
    RATE_LIMIT_MAX: '1000000',
    PROVIDER_RESOLVER_INTERVAL_SECONDS: '0',
    SECRETS_KEY: TEST_SECRETS_KEY,
  });
  const brand = await t.db.kysely
    .selectFrom('brands')
    .select('id')
    .where('is_default', '=', true)
    .executeTakeFirstOrThrow();
  memberToken = (await memberWithSession(t.db, brand.id, { prefix: 'ctl' })).token;
  agentToken = (await memberWithSession(t.db, brand.id, { prefix: 'cta', isAgent: 1 })).token;
  // The owner holds every permission, so each back-office call reads its input.
  staffToken = await staffSessionWithRoles(t, ['owner']);
  const player = await launchedPlayer(t.db, brand.id, { game: 'slot', opening: 1_000n, prefix: 'ctg' });
  gameToken = (await openedGame(t.app, player.ticket)).token;
  vendorSecret = (
    await t.db.kysely
      .selectFrom('provider_vendors')
      .select('secret')
      .where('brand_id', '=', brand.id)
      .where('code', '=', 'JL')
      .executeTakeFirstOrThrow()
  ).secret;
});
afterAll(() => t.close());

/** Sends `input` to a call as its own caller would: the right credentials, a signature over the bytes. */
function send(d: CallDefinition, input: Input) {
  const params = (input.params ?? {}) as Record<string, string>;
  const path = d.path.replace(/:([A-Za-z_]+)/g, (_, n: string) =>
    encodeURIComponent(params[n] ?? (n === 'vendor' ? 'JL' : '1')),
  );
  const query = new URLSearchParams(
    Object.entries(input.query ?? {}).flatMap(([k, v]) =>
      Array.isArray(v) ? v.map((x) => [k, String(x)]) : [[k, String(v)]],
    ),
  ).toString();
  const headers: Record<string, string> = { 'x-forwarded-for': newIp() };
  if (d.auth === 'game') headers[GAME_TOKEN_HEADER] = gameToken;
  else if (d.auth === 'agent') Object.assign(headers, bearer(agentToken));
  else if (d.auth.startsWith('staff:')) Object.assign(headers, bearer(staffToken));
  else if (d.auth.startsWith('member')) Object.assign(headers, bearer(memberToken));
  const hasBody = d.method !== 'GET';
  const raw = Buffer.from(JSON.stringify(input.body ?? {}), 'utf8');
  if (hasBody) headers['content-type'] = 'application/json';
  if (d.auth.startsWith('signature:')) {
    const ts = String(Math.floor(Date.now() / 1000));
    headers[PROVIDER_TIMESTAMP_HEADER] = ts;
    headers[PROVIDER_SIGNATURE_HEADER] = sign(vendorSecret, ts, raw);
  }
  return t.app.inject({
    method: d.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(hasBody ? { payload: raw } : {}),
  });
}

const name = (f: Field) => `${f.call.method} ${f.call.path} ${f.part} ${f.path.join('.')}`;

/** A path parameter the caller's credentials hang on (the vendor of a signed call): no signature holds for a forged one. */
const provesCaller = (f: Field) => f.part === 'params' && f.call.auth.startsWith('signature:');

describe('control characters in text fields', () => {
  it('finds the text fields of the calls', () => {
    expect(fields.length).toBeGreaterThan(100);
    for (const part of ['body', 'query', 'params'] as const) expect(fields.some((f) => f.part === part)).toBe(true);
  });

  it.each(fields.map((f) => [name(f), f] as const))('%s: a NUL is a 400 naming the field', async (_n, f) => {
    for (const bad of ['a\u0000b', '\u001b[31m', 'x\u007f']) {
      const input: Input = {};
      place(input, f.part, f.path, bad);
      const res = await send(f.call, input);
      if (provesCaller(f)) {
        expect(res.statusCode, res.body).toBe(401);
        continue;
      }
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors?.[f.path.join('.')], res.body).toBe(FIELD_ERRORS.controlCharacters);
    }
  });

  it.each(fields.filter((f) => !f.multiline && !provesCaller(f)).map((f) => [name(f), f] as const))(
    '%s: a line break in a one-line field is a 400 naming the field',
    async (_n, f) => {
      const input: Input = {};
      place(input, f.part, f.path, 'line one\nline two');
      const res = await send(f.call, input);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors?.[f.path.join('.')], res.body).toBe(FIELD_ERRORS.controlCharacters);
    },
  );
});

/** Strings a hostile client sends: any code unit, control characters, SQL and HTML metacharacters, long runs. */
const PASSWORD = 'Tiger#Lake42';
const MOBILE = { mobileNum: '01712345678', countryDialingCode: '880' };
const PERIOD = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' };
const PROVIDER_ROUND = { txId: 'tx-ctl-1', playerId: '1', roundId: 'r-ctl-1', gameCode: 'g1', currency: 'BDT' };

/**
 * An input each call would accept, or nearly: the fuzz overwrites some of its fields, so a hostile
 * value reaches the service and the database instead of stopping at a missing neighbour.
 */
const BASES: Record<string, Input> = {
  'POST /wps/session/login': { body: { username: 'ctlplayer01', password: PASSWORD } },
  'POST /wps/session/login/newip': { body: { challengeId: 'c'.repeat(32), code: '123456' } },
  'POST /wps/session/login/newip/resend': { body: { challengeId: 'c'.repeat(32) } },
  'POST /wps/member/register': {
    body: { username: 'ctlnew01', password: PASSWORD, confirmPassword: PASSWORD, ...MOBILE, email: 'a@example.com' },
  },
  'POST /wps/member/register/mobile': {
    body: {
      username: 'ctlnew02',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...MOBILE,
      verificationCode: '123456',
    },
  },
  'POST /wps/session/login/freeplay': { body: { os: 'android', platform: 'W' } },
  'POST /wps/agent/affiliate': { body: { code: 'abc123', domain: 'localhost' } },
  'POST /wps/member/password/email': { body: { username: 'ctlplayer01', email: 'a@example.com' } },
  'POST /wps/member/password/reset': {
    body: { token: 't'.repeat(43), newPassword: PASSWORD, confirmNewPassword: PASSWORD },
  },
  'POST /wps/member/password/verification': {
    body: { ...MOBILE, verificationCode: '123456', newPassword: PASSWORD, confirmNewPassword: PASSWORD },
  },
  'POST /wps/verification/sms/register': { body: { mobileNo: MOBILE.mobileNum, countryDialingCode: '880' } },
  'POST /wps/verification/sms/noLogin': { body: MOBILE },
  'PUT /wps/member/password': { body: { oldPassword: 'x', newPassword: PASSWORD, confirmNewPassword: PASSWORD } },
  'PUT /wps/member/language': { body: { language: 'en' } },
  'PUT /wps/member/info/icon': { body: { builtin: '1' } },
  'POST /wps/game/launchGame': { body: { gameId: 'slot', vassalage: 'KHELA' } },
  'POST /wps/relay/GLS_favouriteToggle': { body: { vendor: 'KHELA', gameId: 'slot' } },
  'POST /wps/relay/ODSFE2_MemTransDet': { body: PERIOD },
  'POST /wps/relay/ODSFE2_MemBetDet': { body: PERIOD },
  'POST /wps/relay/ODSFE2_MemProfit': { body: PERIOD },
  'GET /wps/system/status': { query: { host: 'localhost' } },
  'GET /wps/system/banners': { query: { groupName: 'home' } },
  'GET /wps/announcement': { query: { types: 'B', platform: 'W', execution: 'B' } },
  'POST /play/api/slot/spin': { body: { stake: '1', requestId: 'req-ctl-0001' } },
  'POST /play/api/dice/bet': { body: { stake: '1', requestId: 'req-ctl-0002', target: 50, over: true } },
  'POST /play/api/crash/bet': { body: { stake: '1', requestId: 'req-ctl-0003' } },
  'POST /provider/:vendor/balance': { body: { playerId: '1', token: 'k'.repeat(32), currency: 'BDT' } },
  'POST /provider/:vendor/bet': { body: { ...PROVIDER_ROUND, token: 'k'.repeat(32), amount: '1.00' } },
  'POST /provider/:vendor/win': { body: { ...PROVIDER_ROUND, amount: '1.00' } },
  'POST /provider/:vendor/rollback': { body: { ...PROVIDER_ROUND, refTxId: 'tx-ctl-0' } },
};

/** The C0 set and DEL. */
const CONTROLS = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f'];

const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc
    .array(fc.constantFrom(...CONTROLS), { minLength: 1, maxLength: 4 })
    .chain((cs) => fc.string({ maxLength: 6 }).map((s) => `${s}${cs.join('')}${s}`)),
  fc.constantFrom("' OR '1'='1", '<img src=x onerror=alert(1)>', '../../etc/passwd', '%00', 'a'.repeat(300)),
);

describe('hostile text in every call', () => {
  const byCall = new Map<CallDefinition, Field[]>();
  for (const f of fields) byCall.set(f.call, [...(byCall.get(f.call) ?? []), f]);
  it.each([...byCall].map(([d, fs]) => [`${d.method} ${d.path}`, fs] as const))(
    '%s never answers 5xx',
    async (_n, fs) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...fs.keys()), hostile), { minLength: 1, maxLength: 4 }),
          async (set) => {
            const d = fs[0]?.call as CallDefinition;
            const input = structuredClone(BASES[`${d.method} ${d.path}`] ?? {});
            if (fs.some((f) => f.path[0] === 'altcha')) place(input, 'body', ['altcha'], await solveHumanCheck(t.app));
            for (const [i, v] of set) {
              const f = fs[i] as Field;
              place(input, f.part, f.path, v);
            }
            const res = await send(d, input);
            expect(
              res.statusCode,
              `${JSON.stringify(set.map(([i, v]) => [name(fs[i] as Field), v]))} ${res.body}`,
            ).toBeLessThan(500);
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 12) },
      );
    },
  );
});
