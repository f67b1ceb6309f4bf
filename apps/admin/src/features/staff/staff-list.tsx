import { call } from '@khela/client';
import { staffListCall } from '@khela/contract/endpoints';
import type { StaffView } from '@khela/contract/staff-admin';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type PageRequest } from '../../components/data-table';
import { PageHeader } from '../../components/page';
import { useFormat } from '../../lib/format';
import { allows, useMe } from '../../lib/staff';
import { CreateDialog, LinksDialog, ResetDialog, RolesDialog, StatusDialog } from './staff-dialogs';
import { StaffTabs } from './staff-tabs';

const column = createColumnHelper<StaffView>();
export const STAFF_KEY = ['bo', 'staff'] as const;
const STATUSES = ['active', 'setup', 'locked', 'disabled'] as const;

/**
 * GET /bo/staff answers the brand's whole staff (a brand has tens, not thousands), so the
 * username filter and the pages are cut here; the status filter is the server's.
 */
export async function fetchStaffPage(r: PageRequest, signal: AbortSignal) {
  const status = STATUSES.find((s) => s === r.filters.status);
  const all = await call(staffListCall, status ? { status } : {}, { signal });
  const q = r.filters.username?.toLowerCase();
  const rows = q ? all.filter((s) => s.username.toLowerCase().includes(q)) : all;
  const start = Number(r.cursor ?? 0);
  const end = start + r.pageSize;
  return { rows: rows.slice(start, end), nextCursor: end < rows.length ? String(end) : null };
}

type Dialog = { kind: 'roles' | 'links' | 'status' | 'reset'; staff: StaffView } | { kind: 'create' };

/** The brand's staff (BACK-OFFICE.md "Staff"): accounts, roles, status, resets, linked accounts. */
export function StaffList() {
  const { t } = useTranslation();
  const f = useFormat();
  const me = useMe().data;
  const canWrite = allows(me, 'staff.write');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: STAFF_KEY });
  const close = () => setDialog(null);

  const columns = [
    column.accessor('username', { header: t('staffArea.username'), cell: (c) => <strong>{c.getValue()}</strong> }),
    column.accessor('roles', {
      header: t('staffArea.roles'),
      cell: (c) => (
        <span className="chips">
          {c.getValue().map((r) => (
            <span key={r} className="chip">
              {t(`roles.${r}`, { defaultValue: r })}
            </span>
          ))}
        </span>
      ),
    }),
    column.accessor('status', {
      header: t('staffArea.status'),
      cell: (c) => <span className={`status status-${c.getValue()}`}>{t(`staffArea.statuses.${c.getValue()}`)}</span>,
    }),
    column.accessor('totpEnrolled', {
      header: t('staffArea.totp'),
      cell: (c) => (c.getValue() ? t('staffArea.enrolled') : t('staffArea.notEnrolled')),
    }),
    column.accessor('lastLoginAt', {
      header: t('staffArea.lastLogin'),
      cell: (c) => {
        const at = c.getValue();
        return at ? <span className="mono">{f.at(at)}</span> : t('staffArea.never');
      },
    }),
    column.accessor('linkedMemberIds', {
      header: t('staffArea.linked'),
      cell: (c) => {
        const s = c.row.original;
        const count = s.linkedMemberIds.length + (s.mobile ? 1 : 0) + (s.email ? 1 : 0);
        return count === 0 ? '—' : t('staffArea.linkCount', { n: count });
      },
    }),
  ];

  return (
    <>
      <PageHeader
        title={t('staffArea.title')}
        text={t('staffArea.intro')}
        actions={
          canWrite && (
            <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'create' })}>
              {t('staffArea.createTitle')}
            </button>
          )
        }
      />
      <StaffTabs />
      <DataTable<StaffView>
        label={t('staffArea.title')}
        queryKey={STAFF_KEY}
        columns={columns}
        fetchPage={fetchStaffPage}
        getRowId={(s) => String(s.id)}
        filters={[
          { id: 'username', label: t('staffArea.username') },
          {
            id: 'status',
            label: t('staffArea.status'),
            type: 'select',
            options: STATUSES.map((s) => ({ value: s, label: t(`staffArea.statuses.${s}`) })),
          },
        ]}
        pageSizes={[25, 50, 100]}
        defaultPageSize={25}
        emptyTitle={t('staffArea.empty')}
        emptyText={t('staffArea.emptyText')}
        renderDetails={(s) => (
          <StaffDetails
            staff={s}
            self={me?.id === s.id}
            canWrite={canWrite}
            open={(kind) => setDialog({ kind, staff: s })}
          />
        )}
      />
      {dialog?.kind === 'create' && <CreateDialog onClose={close} onDone={refresh} />}
      {dialog?.kind === 'roles' && <RolesDialog staff={dialog.staff} onClose={close} onDone={refresh} />}
      {dialog?.kind === 'links' && <LinksDialog staff={dialog.staff} onClose={close} onDone={refresh} />}
      {dialog?.kind === 'status' && <StatusDialog staff={dialog.staff} onClose={close} onDone={refresh} />}
      {dialog?.kind === 'reset' && <ResetDialog staff={dialog.staff} onClose={close} onDone={refresh} />}
    </>
  );
}

/** A staff member's record in full, and what a colleague with staff.write may do to it. */
function StaffDetails({
  staff,
  self,
  canWrite,
  open,
}: {
  staff: StaffView;
  self: boolean;
  canWrite: boolean;
  open: (kind: 'roles' | 'links' | 'status' | 'reset') => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="staff-details">
      <dl className="facts">
        <div>
          <dt>{t('staffArea.linkedMembers')}</dt>
          <dd className="mono">
            {staff.linkedMemberIds.length ? staff.linkedMemberIds.map(f.digits).join(', ') : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('staffArea.mobile')}</dt>
          <dd className="mono">{staff.mobile ? f.digits(staff.mobile) : '—'}</dd>
        </div>
        <div>
          <dt>{t('staffArea.email')}</dt>
          <dd>{staff.email ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('staffArea.created')}</dt>
          <dd>
            <span className="mono">{f.at(staff.createdAt)}</span> · {staff.createdBy}
          </dd>
        </div>
      </dl>
      {self ? (
        <p className="field-hint">{t('staffArea.selfNote')}</p>
      ) : (
        canWrite && (
          <div className="row">
            <button type="button" className="button button-small" onClick={() => open('roles')}>
              {t('staffArea.changeRoles')}
            </button>
            <button type="button" className="button button-small" onClick={() => open('links')}>
              {t('staffArea.editLinks')}
            </button>
            {staff.status !== 'disabled' && (
              <button type="button" className="button button-small button-danger" onClick={() => open('reset')}>
                {t('staffArea.reset')}
              </button>
            )}
            <button
              type="button"
              className={`button button-small${staff.status === 'disabled' ? '' : ' button-danger'}`}
              onClick={() => open('status')}
            >
              {staff.status === 'disabled' ? t('staffArea.enable') : t('staffArea.disable')}
            </button>
          </div>
        )
      )}
    </div>
  );
}
