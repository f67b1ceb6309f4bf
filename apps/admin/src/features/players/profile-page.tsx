import { call } from '@khela/client';
import { playerProfileCall } from '@khela/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { PageHeader } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { LoginsTab, NotesTab, SessionsTab } from './account-tabs';
import { AdjustDialog } from './adjust-dialog';
import { CashierTab } from './cashier-tab';
import { LedgerTab, RoundsTab } from './history-tabs';
import { LabelsDialog, PayeeNameDialog, StatusDialog } from './profile-dialogs';
import { type Profile, type Rights, StatusBadge, useMoney } from './shared';

export const profileKey = (id: number) => ['bo', 'players', id] as const;

const TABS = ['ledger', 'rounds', 'cashier', 'logins', 'sessions', 'notes'] as const;
type Tab = (typeof TABS)[number];

/** A player's profile (BACK-OFFICE.md "Players"): who they are, their money, and the desk's tools. */
export function PlayerProfilePage({ rights }: { rights: Rights }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const tab: Tab = TABS.includes(params.tab as Tab) ? (params.tab as Tab) : 'ledger';
  const profile = useQuery({
    queryKey: profileKey(id),
    queryFn: ({ signal }) => call(playerProfileCall, { params: { id }, query: {} }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (!Number.isInteger(id) || id <= 0)
    return <EmptyState title={t('areas.notFoundTitle')} text={t('areas.notFoundText')} />;
  if (profile.isPending) return <Loading />;
  if (profile.isError) return <ErrorState message={errorText(t, profile.error)} onRetry={() => profile.refetch()} />;
  const p = profile.data;
  return (
    <>
      <ProfileHeader p={p} rights={rights} />
      <nav className="tabs" aria-label={t('players.tabs')}>
        {TABS.map((name) => (
          <NavLink
            key={name}
            to={`/players/${id}/${name}`}
            className={name === tab ? 'tab active' : 'tab'}
            aria-current={name === tab ? 'page' : undefined}
          >
            {t(`players.tab.${name}`)}
          </NavLink>
        ))}
      </nav>
      <div className="tab-panel">
        {tab === 'ledger' && <LedgerTab p={p} />}
        {tab === 'rounds' && <RoundsTab p={p} />}
        {tab === 'cashier' && <CashierTab p={p} />}
        {tab === 'logins' && <LoginsTab id={id} />}
        {tab === 'sessions' && <SessionsTab p={p} rights={rights} />}
        {tab === 'notes' && <NotesTab p={p} rights={rights} />}
      </div>
    </>
  );
}

function ProfileHeader({ p, rights }: { p: Profile; rights: Rights }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const [open, setOpen] = useState<'status' | 'adjust' | 'labels' | 'payee' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const close = () => setOpen(null);
  // A write on an account linked to the staff member is refused by the server; say so first.
  const canWrite = rights.write && !p.linkedToMe;
  const canAdjust = rights.adjust && !p.linkedToMe;
  return (
    <>
      <PageHeader
        title={p.account}
        text={
          <>
            <span className="mono">{t('players.idOf', { id: f.digits(p.id) })}</span>
            {p.nickname && p.nickname !== p.account && <span> · {p.nickname}</span>}
            <StatusBadge status={p.status} />
            {p.isAgent > 0 && <span className="badge badge-quiet">{t('players.agent')}</span>}
          </>
        }
        actions={
          <>
            {rights.write && (
              <button type="button" className="button" disabled={!canWrite} onClick={() => setOpen('status')}>
                {t('players.changeStatus')}
              </button>
            )}
            {rights.adjust && (
              <button
                type="button"
                className="button button-primary"
                disabled={!canAdjust}
                onClick={() => setOpen('adjust')}
              >
                {t('players.adjust.open')}
              </button>
            )}
          </>
        }
      />
      {p.linkedToMe && (
        <p className="notice notice-warning" role="status">
          {t('players.linkedToMe')}
        </p>
      )}
      {!rights.write && !rights.adjust && (
        <p className="notice notice-info" role="status">
          {t('players.readOnly')}
        </p>
      )}
      {done && (
        <p className="notice notice-success" role="status">
          {done}
        </p>
      )}
      <dl className="profile-facts">
        <div className="fact fact-money">
          <dt>{t('players.balance')}</dt>
          <dd>{money(p.balance.amount, p.balance)}</dd>
        </div>
        <div className="fact">
          <dt>{t('players.vipLevel')}</dt>
          <dd>
            {p.vipLevel === null
              ? t('players.none')
              : t('players.vipOf', { level: f.digits(p.vipLevel), name: p.clubLabel?.labelName ?? '' })}
          </dd>
        </div>
        <div className="fact">
          <dt>{t('players.upline')}</dt>
          <dd>
            {p.upline ? (
              <Link to={`/players/${p.upline.id}`}>
                {p.upline.account} <span className="mono">({f.digits(p.upline.id)})</span>
              </Link>
            ) : (
              t('players.none')
            )}
          </dd>
        </div>
        <div className="fact">
          <dt>{t('players.mobile')}</dt>
          <dd className="mono">{p.mobile ? f.digits(p.mobile) : '—'}</dd>
        </div>
        <div className="fact">
          <dt>{t('players.email')}</dt>
          <dd>{p.email ?? '—'}</dd>
        </div>
        <div className="fact">
          <dt>{t('players.payee.label')}</dt>
          <dd>
            {p.payeeName ?? <span className="muted">{t('players.payee.none')}</span>}{' '}
            {rights.write && (
              <button
                type="button"
                className="button button-small button-quiet"
                disabled={!canWrite}
                onClick={() => setOpen('payee')}
              >
                {t('players.payee.change')}
              </button>
            )}
          </dd>
        </div>
        <div className="fact">
          <dt>{t('players.createdAt')}</dt>
          <dd className="mono">{f.at(p.createdAt)}</dd>
        </div>
        <div className="fact">
          <dt>{t('players.lastLogin')}</dt>
          <dd className="mono">{p.lastLoginAt ? f.at(p.lastLoginAt) : '—'}</dd>
        </div>
        <div className="fact">
          <dt>{t('players.statusChanged')}</dt>
          <dd className="mono">{p.statusChangedAt ? f.at(p.statusChangedAt) : '—'}</dd>
        </div>
        <div className="fact fact-wide">
          <dt>{t('players.labels')}</dt>
          <dd className="labels">
            {p.labels.length === 0 && <span className="muted">{t('players.noLabels')}</span>}
            {p.labels.map((l) => (
              <span key={l.labelName} className="label-chip">
                {l.labelName}
              </span>
            ))}
            {rights.write && (
              <button
                type="button"
                className="button button-small button-quiet"
                disabled={!canWrite}
                onClick={() => setOpen('labels')}
              >
                {t('players.editLabels')}
              </button>
            )}
          </dd>
        </div>
      </dl>
      {p.failedLoginLockUntil && (
        <p className="notice notice-warning" role="status">
          {t('players.failedLoginLock', { until: f.at(p.failedLoginLockUntil) })}
        </p>
      )}
      {open === 'status' && <StatusDialog p={p} onClose={close} onDone={setDone} />}
      {open === 'adjust' && <AdjustDialog p={p} onClose={close} onDone={setDone} />}
      {open === 'labels' && <LabelsDialog p={p} onClose={close} />}
      {open === 'payee' && <PayeeNameDialog p={p} onClose={close} onDone={setDone} />}
    </>
  );
}
