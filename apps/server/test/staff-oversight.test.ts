import {
  auditExportCall,
  auditLogCall,
  jobRerunCall,
  jobsListCall,
  staffAddressesCall,
  staffAddressesEditCall,
  staffLoginCall,
  staffMeCall,
} from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../src/modules/staff/audit-trail';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import {
  bearerOf,
  type EnrolledStaff,
  enrolStaff,
  loginStaff,
  post,
  STAFF_PASSWORD,
  staffSessionWithRoles,
  TEST_SECRETS_KEY,
} from './staff-helpers';

let t: TestApp;
let owner: EnrolledStaff;
let ownerToken: string;
let brandId: number;

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY, STAFF_LOGIN_RATE_PER_MINUTE: '1000' });
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
  owner = await enrolStaff(t, ['owner']);
  ownerToken = await loginStaff(t, owner);
});
afterAll(() => t.close());

const OFFICE = '203.0.113.5';
const ELSEWHERE = '198.51.100.7';

const getFrom = (url: string, token: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: { ...bearerOf(token), ...headers } });

describe(`the staff address allow-list on ${TEST_ENGINE}`, () => {
  afterAll(async () => {
    await t.db.kysely.updateTable('brands').set({ staff_allowed_addresses: [] }).where('id', '=', brandId).execute();
  });

  it('refuses a list that would shut out the address saving it, and a malformed entry', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: staffAddressesEditCall.path,
      remoteAddress: ELSEWHERE,
      headers: bearerOf(ownerToken),
      payload: { addresses: ['203.0.113.0/24'], reason: 'office only' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STAFF_LOCKOUT');
    const bad = await post(
      t,
      staffAddressesEditCall,
      { addresses: ['203.0.113.0/33'], reason: 'typo' },
      bearerOf(ownerToken),
    );
    expect(bad.statusCode).toBe(400);
  });

  it('once set, refuses staff calls and logins from elsewhere with its own code, audited, forged headers or not', async () => {
    const set = await t.app.inject({
      method: 'POST',
      url: staffAddressesEditCall.path,
      remoteAddress: OFFICE,
      headers: bearerOf(ownerToken),
      payload: { addresses: ['203.0.113.0/24', '2001:db8::/48'], reason: 'office only' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await getFrom(staffAddressesCall.path, ownerToken, OFFICE)).json().value.addresses).toEqual([
      '203.0.113.0/24',
      '2001:db8::/48',
    ]);
    expect((await getFrom(staffMeCall.path, ownerToken, '2001:db8::7')).statusCode).toBe(200);

    const outside = await getFrom(staffMeCall.path, ownerToken, ELSEWHERE);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe('STAFF_ADDRESS_NOT_ALLOWED');
    // No proxy is trusted (TRUSTED_PROXY_HEADER unset): a header naming the office changes nothing.
    const forged = await getFrom(staffMeCall.path, ownerToken, ELSEWHERE, { 'x-forwarded-for': OFFICE });
    expect(forged.statusCode).toBe(403);

    const login = await t.app.inject({
      method: 'POST',
      url: staffLoginCall.path,
      remoteAddress: ELSEWHERE,
      headers: { 'x-forwarded-for': OFFICE },
      payload: { username: owner.username, password: STAFF_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('STAFF_ADDRESS_NOT_ALLOWED');

    const refused = await t.db.kysely
      .selectFrom('audit_log')
      .select(['ip', 'staff_id', 'detail'])
      .where('event', '=', 'staff.address.refused')
      .orderBy('id')
      .execute();
    expect(refused.map((r) => r.ip)).toEqual([ELSEWHERE, ELSEWHERE, ELSEWHERE]);
    expect(refused[0]).toMatchObject({ staff_id: owner.id, detail: { path: staffMeCall.path } });
    const saved = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('event', '=', 'brand.staff.addresses')
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ reason: 'office only', before: { addresses: [] } });
  });

  it('trusts the proxy header only when the operator names it, as every other call does', async () => {
    const behind = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY, TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
    try {
      const b = await behind.db.kysely
        .selectFrom('brands')
        .select('id')
        .where('merchant_code', '=', 'khela')
        .executeTakeFirstOrThrow();
      await behind.db.kysely
        .updateTable('brands')
        .set({ staff_allowed_addresses: ['203.0.113.0/24'] })
        .where('id', '=', b.id)
        .execute();
      const token = await staffSessionWithRoles(behind, ['auditor']);
      const me = (xff: string) =>
        behind.app.inject({
          method: 'GET',
          url: staffMeCall.path,
          remoteAddress: '10.0.0.2',
          headers: { ...bearerOf(token), 'x-forwarded-for': xff },
        });
      expect((await me(OFFICE)).statusCode).toBe(200);
      expect((await me(ELSEWHERE)).statusCode).toBe(403);
    } finally {
      await behind.close();
    }
  });
});

describe(`the audit viewer and its export on ${TEST_ENGINE}`, () => {
  const STAMP = 'zq-audit-probe';

  beforeAll(async () => {
    // Around the Dhaka midnight that starts 2026-01-02 (18:00 UTC the day before).
    await t.db.kysely
      .insertInto('audit_log')
      .values([
        {
          event: 'staff.roles.changed',
          brand_id: brandId,
          staff_id: owner.id,
          ip: '=HYPERLINK("http://evil.example")',
          at: new Date('2026-01-01T17:59:59Z'),
          target: 'staff:77',
          reason: `${STAMP} late, "quoted", with comma`,
          detail: '{}',
        },
        {
          event: 'staff.disabled',
          brand_id: brandId,
          staff_id: owner.id,
          ip: '203.0.113.9',
          at: new Date('2026-01-01T18:00:00Z'),
          target: 'staff:78',
          reason: `-${STAMP} early`,
          detail: '{}',
        },
      ])
      .execute();
  });

  const rows = async (query: string) => {
    const res = await getFrom(`${auditLogCall.path}?${query}`, ownerToken);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { target: string; reason: string; event: string }[];
  };

  it('filters by Asia/Dhaka days, actor, action, target and text', async () => {
    expect((await rows(`text=${STAMP}&from=2026-01-02&to=2026-01-02`)).map((r) => r.target)).toEqual(['staff:78']);
    expect((await rows(`text=${STAMP}&to=2026-01-01`)).map((r) => r.target)).toEqual(['staff:77']);
    expect((await rows(`text=${STAMP}&staffId=${owner.id}`)).length).toBe(2);
    expect((await rows(`text=${STAMP}&staffId=999999`)).length).toBe(0);
    expect((await rows(`text=${STAMP}&event=staff.disabled`)).map((r) => r.target)).toEqual(['staff:78']);
    expect((await rows(`text=${STAMP}&event=staff.`)).length).toBe(2);
    expect((await rows('target=staff:77')).map((r) => r.reason)).toEqual([`${STAMP} late, "quoted", with comma`]);
    // LIKE's wildcards are searched as text
    expect(await rows('text=%25')).toEqual([]);
  });

  it('exports the filtered trail as CSV, escaped, with formulas disarmed', async () => {
    const res = await getFrom(`${auditExportCall.path}?text=${STAMP}`, ownerToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-khela-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,at,event,staffId,memberId,target,ip,reason,before,after,detail');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,'-${STAMP} early,`);
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil.example"")","${STAMP} late, ""quoted"", with comma",`);
  });

  it('streams an export longer than one page of the database', async () => {
    await sql`INSERT INTO audit_log (event, brand_id, ip, detail, reason)
              SELECT 'staff.logout', ${brandId}, '', '{}', 'bulk-' || g FROM generate_series(1, 1234) g`.execute(
      t.db.kysely,
    );
    const res = await getFrom(`${auditExportCall.path}?text=bulk-`, ownerToken);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1235);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(1234);
  });

  it('quotes and disarms cells by the CSV rules', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1+1`)).toMatch(/^"?'/);
  });

  it('keeps the audit table append-only: UPDATE and DELETE are refused', async () => {
    await expect(sql`UPDATE audit_log SET reason = 'rewritten'`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    expect((await rows('target=staff:77'))[0]?.reason).toContain(STAMP);
  });
});

describe(`the jobs screen on ${TEST_ENGINE}`, () => {
  const JOB = 'job-runs-sweep';
  const PERIOD = '2026-01-01';

  beforeAll(async () => {
    const at = new Date('2026-01-02T03:00:00Z');
    await t.db.kysely
      .insertInto('job_runs')
      .values({
        job: JOB,
        period: PERIOD,
        due_at: at,
        status: 'failed',
        attempts: 2,
        runner: 'gone:1:abc',
        lease_until: at,
        started_at: at,
        finished_at: at,
        retry_at: new Date('2999-01-01T00:00:00Z'),
        error: 'database went away',
      })
      .execute();
  });

  it('lists every periodic job with its last run, next run and failures', async () => {
    const token = await staffSessionWithRoles(t, ['auditor']);
    const res = await getFrom(jobsListCall.path, token);
    expect(res.statusCode, res.body).toBe(200);
    const jobs = res.json().value as { job: string; failing: number; failedRuns: { period: string }[] }[];
    expect(jobs.map((j) => j.job)).toEqual(t.app.jobs.jobs.map((j) => j.name));
    expect(jobs.find((j) => j.job === JOB)).toMatchObject({
      failing: 1,
      lastError: { period: PERIOD, error: 'database went away' },
      failedRuns: [{ period: PERIOD, attempts: 2, error: 'database went away' }],
      next: { period: expect.any(String), dueAt: expect.any(String) },
    });
  });

  it('re-runs a failed period now, once: a second re-run runs nothing', async () => {
    const url = jobRerunCall.path.replace(':job', JOB).replace(':period', PERIOD);
    const auditorToken = await staffSessionWithRoles(t, ['auditor']);
    expect((await post(t, { path: url }, { reason: 'x' }, bearerOf(auditorToken))).statusCode).toBe(403);

    const first = await post(t, { path: url }, { reason: 'database is back' }, bearerOf(ownerToken));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toEqual({ job: JOB, period: PERIOD, status: 'succeeded', rerun: true, error: null });
    const row = await t.db.kysely
      .selectFrom('job_runs')
      .selectAll()
      .where('job', '=', JOB)
      .where('period', '=', PERIOD)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'succeeded', attempts: 3 });

    const second = await post(t, { path: url }, { reason: 'again' }, bearerOf(ownerToken));
    expect(second.json().value).toMatchObject({ status: 'succeeded', rerun: false });
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('event', '=', 'job.rerun')
      .orderBy('id')
      .execute();
    expect(audited.map((a) => [a.target, a.reason])).toEqual([
      [`job:${JOB}/${PERIOD}`, 'database is back'],
      [`job:${JOB}/${PERIOD}`, 'again'],
    ]);
  });

  it('refuses a period running right now, and answers 404 for an unknown job or period', async () => {
    const at = new Date();
    await t.db.kysely
      .insertInto('job_runs')
      .values({
        job: JOB,
        period: '2026-01-03',
        due_at: at,
        status: 'running',
        runner: 'elsewhere:2:def',
        lease_until: new Date(at.getTime() + 600_000),
        started_at: at,
      })
      .execute();
    const rerun = (job: string, period: string) =>
      post(
        t,
        { path: jobRerunCall.path.replace(':job', job).replace(':period', period) },
        { reason: 'x' },
        bearerOf(ownerToken),
      );
    const busy = await rerun(JOB, '2026-01-03');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('JOB_RUN_BUSY');
    expect((await rerun('no-such-job', PERIOD)).statusCode).toBe(404);
    expect((await rerun(JOB, '1999-01-01')).statusCode).toBe(404);
  });
});
