import { call } from '@khela/client';
import { deviceName } from '@khela/contract/device-name';
import { staffRevokeSessionCall, staffSessionsCall } from '@khela/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page';
import { ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';

const SESSIONS_KEY = ['bo', 'sessions'] as const;

/** The staff member's own live sessions: where they are logged in, and a way to end the others. */
export function SessionsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => call(staffSessionsCall, undefined, { signal }),
  });
  const revoke = useMutation({
    mutationFn: (ids: number[]) => Promise.all(ids.map((id) => call(staffRevokeSessionCall, { id }))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
  const others = (sessions.data ?? []).filter((s) => !s.current).map((s) => s.id);

  return (
    <>
      <PageHeader
        title={t('sessions.title')}
        text={t('sessions.intro')}
        actions={
          <button
            type="button"
            className="button"
            disabled={others.length === 0 || revoke.isPending}
            onClick={() => revoke.mutate(others)}
          >
            {t('sessions.revokeOthers')}
          </button>
        }
      />
      {revoke.isError && <ErrorState message={errorText(t, revoke.error)} />}
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <ErrorState message={errorText(t, sessions.error)} onRetry={() => sessions.refetch()} />
      ) : (
        <div className="table-scroll">
          <table className="sessions-table" aria-label={t('sessions.title')}>
            <thead>
              <tr>
                <th scope="col">{t('sessions.device')}</th>
                <th scope="col">{t('sessions.ip')}</th>
                <th scope="col">{t('sessions.started')}</th>
                <th scope="col">{t('sessions.lastSeen')}</th>
                <th scope="col">{t('sessions.expires')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('sessions.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((s) => (
                <tr key={s.id} className={s.current ? 'row-current' : undefined}>
                  <td title={s.userAgent}>
                    <span className="device">{deviceName(s.userAgent)}</span>
                    {s.current && <span className="badge badge-ok">{t('sessions.thisOne')}</span>}
                  </td>
                  <td className="mono">{s.ip || '—'}</td>
                  <td className="mono">{f.at(s.createdAt)}</td>
                  <td className="mono">{f.at(s.lastSeenAt)}</td>
                  <td className="mono">{f.at(s.expiresAt)}</td>
                  <td className="cell-action">
                    {!s.current && (
                      <button
                        type="button"
                        className="button button-small button-danger"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate([s.id])}
                        aria-label={t('sessions.revokeOne', { device: deviceName(s.userAgent), ip: s.ip })}
                      >
                        {t('sessions.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
