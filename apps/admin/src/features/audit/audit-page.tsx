import { call } from '@khela/client';
import { latinDigits } from '@khela/contract/digits';
import { auditLogCall } from '@khela/contract/endpoints';
import type { AuditRow } from '@khela/contract/staff';
import type { z } from '@khela/contract/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { DataTable, type PageRequest } from '../../components/data-table';
import { PageHeader } from '../../components/page';
import { useFormat } from '../../lib/format';

type Row = z.infer<typeof AuditRow>;
const column = createColumnHelper<Row>();

/** A positive whole number typed in either script, or undefined (the server ignores the filter). */
function idOf(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const n = Number(latinDigits(value));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** GET /bo/audit, one page: newest first, the next page starts below this page's last id. */
export async function fetchAuditPage(r: PageRequest, signal: AbortSignal) {
  const rows = await call(
    auditLogCall,
    {
      event: r.filters.event,
      staffId: idOf(r.filters.staffId),
      memberId: idOf(r.filters.memberId),
      before: r.cursor ? Number(r.cursor) : undefined,
      pageSize: r.pageSize,
    },
    { signal },
  );
  const last = rows.at(-1);
  return { rows, nextCursor: rows.length === r.pageSize && last ? String(last.id) : null };
}

/** Whether a recorded value says anything (the trail stores `{}` for "no detail"). */
const recorded = (value: unknown) =>
  value !== null && value !== undefined && !(typeof value === 'object' && Object.keys(value).length === 0);

function Json({ label, value }: { label: string; value: unknown }) {
  if (!recorded(value)) return null;
  return (
    <div className="json">
      <h3>{label}</h3>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </div>
  );
}

/** The brand's audit trail (BACK-OFFICE.md "Audit"): who, what, when, from where, before and after. */
export function AuditPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const columns = [
    column.accessor('id', {
      header: t('audit.id'),
      cell: (c) => <span className="mono">{f.digits(c.getValue())}</span>,
    }),
    column.accessor('at', { header: t('audit.at'), cell: (c) => <span className="mono">{f.at(c.getValue())}</span> }),
    column.accessor('event', {
      header: t('audit.event'),
      cell: (c) => (
        <span className="event" title={c.getValue()}>
          {t(`audit.events.${c.getValue().replaceAll('.', '_')}`, { defaultValue: c.getValue() })}
          <code>{c.getValue()}</code>
        </span>
      ),
    }),
    column.accessor('staffId', {
      header: t('audit.staff'),
      cell: (c) => (c.getValue() === null ? '—' : <span className="mono">{f.digits(c.getValue() as number)}</span>),
    }),
    column.accessor('memberId', {
      header: t('audit.member'),
      cell: (c) => (c.getValue() === null ? '—' : <span className="mono">{f.digits(c.getValue() as number)}</span>),
    }),
    column.accessor('ip', { header: t('audit.ip'), cell: (c) => <span className="mono">{c.getValue() || '—'}</span> }),
    column.accessor('reason', { header: t('audit.reason'), cell: (c) => c.getValue() ?? '—' }),
  ];
  return (
    <>
      <PageHeader title={t('audit.title')} text={t('audit.intro')} />
      <DataTable<Row>
        label={t('audit.title')}
        queryKey={['bo', 'audit']}
        columns={columns}
        fetchPage={fetchAuditPage}
        getRowId={(r) => String(r.id)}
        filters={[
          { id: 'event', label: t('audit.event'), placeholder: 'staff.login.ok' },
          { id: 'staffId', label: t('audit.staffId'), type: 'number' },
          { id: 'memberId', label: t('audit.memberId'), type: 'number' },
        ]}
        pageSizes={[25, 50, 100, 200]}
        defaultPageSize={50}
        emptyTitle={t('audit.empty')}
        emptyText={t('audit.emptyText')}
        hasDetails={(r) => recorded(r.before) || recorded(r.after) || recorded(r.detail)}
        renderDetails={(r) => (
          <div className="json-grid">
            <Json label={t('audit.before')} value={r.before} />
            <Json label={t('audit.after')} value={r.after} />
            <Json label={t('audit.detail')} value={r.detail} />
          </div>
        )}
      />
    </>
  );
}
