import { Readable } from 'node:stream';
import type { AuditQuery } from '@khela/contract';
import type { Database } from '../../platform/db';
import * as repo from './repo';
import type { StaffCaller } from './sessions';

/**
 * The back office's audit viewer and its CSV export (decision 0032). Days are Asia/Dhaka's
 * (UTC+06:00 all year: Bangladesh keeps no summer time), the time zone every screen shows.
 */
export const BACK_OFFICE_TIME_ZONE = 'Asia/Dhaka';
const DHAKA_OFFSET_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;

/** The instant a Dhaka day (`2026-11-25`) starts. */
export function dhakaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DHAKA_OFFSET_MS);
}

type Filter = Omit<AuditQuery, 'before' | 'pageSize'>;

function filterOf(q: Filter): repo.AuditFilter {
  return {
    staffId: q.staffId,
    event: q.event,
    memberId: q.memberId,
    target: q.target,
    text: q.text,
    from: q.from ? dhakaDayStart(q.from) : undefined,
    // `to` is included: the filter ends where the next day starts.
    to: q.to ? new Date(dhakaDayStart(q.to).getTime() + DAY_MS) : undefined,
  };
}

type AuditDbRow = Awaited<ReturnType<typeof repo.auditRows>>[number];

function rowOf(r: AuditDbRow) {
  return {
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    event: r.event,
    staffId: r.staff_id === null ? null : Number(r.staff_id),
    memberId: r.member_id === null ? null : Number(r.member_id),
    ip: r.ip,
    reason: r.reason,
    target: r.target,
    before: r.before,
    after: r.after,
    detail: r.detail,
  };
}

/** The audit trail of the staff member's own brand, newest first, a page at a time. */
export async function auditTrail(db: Database, staff: StaffCaller, q: AuditQuery) {
  const rows = await repo.auditRows(db, staff.brandId, { ...filterOf(q), before: q.before, pageSize: q.pageSize });
  return rows.map(rowOf);
}

/**
 * A CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. A cell a
 * spreadsheet would take for a formula (starting with = + - @, or a tab or carriage return
 * before one) gets a leading apostrophe, so an address or a reason written by a player or a
 * staff member never runs as one when the export is opened (OWASP "CSV injection").
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const CSV_COLUMNS = ['id', 'at', 'event', 'staffId', 'memberId', 'target', 'ip', 'reason', 'before', 'after', 'detail'];
/** Rows read per query while the export streams: memory stays flat whatever the trail's size. */
const EXPORT_PAGE = 500;

const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** The filtered trail as CSV lines, newest first, read a page at a time as the client takes them. */
export function auditCsv(db: Database, staff: StaffCaller, q: Filter): Readable {
  const filter = filterOf(q);
  async function* lines() {
    yield `${CSV_COLUMNS.join(',')}\r\n`;
    let before: bigint | null = null;
    for (;;) {
      const rows = await repo.auditPage(db, staff.brandId, filter, before, EXPORT_PAGE);
      if (rows.length === 0) return;
      let chunk = '';
      for (const r of rows) {
        const v = rowOf(r);
        chunk += `${CSV_COLUMNS.map((c) => csvCell(text(v[c as keyof typeof v]))).join(',')}\r\n`;
      }
      yield chunk;
      if (rows.length < EXPORT_PAGE) return;
      before = (rows[rows.length - 1] as AuditDbRow).id;
    }
  }
  return Readable.from(lines());
}
