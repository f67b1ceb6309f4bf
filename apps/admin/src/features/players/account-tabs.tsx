import { call } from '@khela/client';
import { deviceName } from '@khela/contract/device-name';
import {
  playerAddNoteCall,
  playerLoginsCall,
  playerNotesCall,
  playerRevokeSessionCall,
  playerSessionsCall,
} from '@khela/contract/endpoints';
import { NoteBody, type PlayerSession, ReasonBody } from '@khela/contract/staff-players';
import type { z } from '@khela/contract/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Field, FormError, fieldAria, useContractForm } from '../../components/form';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { Dialog, type Profile, ReasonAndSubmit, type Rights } from './shared';

/** A query's loading and error states, or its data. */
function Loaded<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  children: (data: T) => React.ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  if (query.isError || query.data === undefined)
    return <ErrorState message={errorText(t, query.error)} onRetry={() => query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** Recent logins (refused ones too) and the devices the player's sessions came from. */
export function LoginsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const logins = useQuery({
    queryKey: ['bo', 'players', id, 'logins'],
    queryFn: ({ signal }) => call(playerLoginsCall, { params: { id }, query: {} }, { signal }),
  });
  return (
    <Loaded query={logins}>
      {(d) => (
        <div className="stack">
          <h2>{t('players.logins.title')}</h2>
          {d.logins.length === 0 ? (
            <EmptyState title={t('players.logins.empty')} />
          ) : (
            <div className="table-scroll">
              <table aria-label={t('players.logins.title')}>
                <thead>
                  <tr>
                    <th scope="col">{t('players.at')}</th>
                    <th scope="col">{t('players.logins.event')}</th>
                    <th scope="col">{t('players.logins.type')}</th>
                    <th scope="col">{t('players.ip')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.logins.map((l, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a log has no id of its own here; its order is fixed.
                    <tr key={i}>
                      <td className="mono">{f.at(l.at)}</td>
                      <td>{t(`players.logins.events.${l.event.replaceAll('.', '_')}`, { defaultValue: l.event })}</td>
                      <td>{l.type ? t(`players.logins.types.${l.type}`, { defaultValue: l.type }) : '—'}</td>
                      <td className="mono">{l.ip || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2>{t('players.devices.title')}</h2>
          {d.devices.length === 0 ? (
            <EmptyState title={t('players.devices.empty')} />
          ) : (
            <div className="table-scroll">
              <table aria-label={t('players.devices.title')}>
                <thead>
                  <tr>
                    <th scope="col">{t('players.devices.device')}</th>
                    <th scope="col">{t('players.ip')}</th>
                    <th scope="col">{t('players.devices.first')}</th>
                    <th scope="col">{t('players.devices.last')}</th>
                    <th scope="col">{t('players.devices.sessions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.devices.map((v) => (
                    <tr key={`${v.ip}|${v.userAgent}`}>
                      <td title={v.userAgent}>{deviceName(v.userAgent)}</td>
                      <td className="mono">{v.ip || '—'}</td>
                      <td className="mono">{f.at(v.firstAt)}</td>
                      <td className="mono">{f.at(v.lastAt)}</td>
                      <td className="mono">{f.count(v.sessions)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Loaded>
  );
}

type Session = z.infer<typeof PlayerSession>;

/** The player's live sessions; one can be ended with a reason, after a confirmation. */
export function SessionsTab({ p, rights }: { p: Profile; rights: Rights }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [ending, setEnding] = useState<Session | null>(null);
  const sessions = useQuery({
    queryKey: ['bo', 'players', p.id, 'sessions'],
    queryFn: ({ signal }) => call(playerSessionsCall, { params: { id: p.id }, query: {} }, { signal }),
  });
  const canWrite = rights.write && !p.linkedToMe;
  return (
    <Loaded query={sessions}>
      {(list) =>
        list.length === 0 ? (
          <EmptyState title={t('players.sessions.empty')} text={t('players.sessions.emptyText')} />
        ) : (
          <div className="table-scroll">
            <table aria-label={t('players.tab.sessions')}>
              <thead>
                <tr>
                  <th scope="col">{t('players.devices.device')}</th>
                  <th scope="col">{t('players.ip')}</th>
                  <th scope="col">{t('players.logins.type')}</th>
                  <th scope="col">{t('players.sessions.started')}</th>
                  <th scope="col">{t('players.sessions.lastSeen')}</th>
                  <th scope="col">{t('players.sessions.expires')}</th>
                  {rights.write && (
                    <th scope="col">
                      <span className="visually-hidden">{t('players.actions')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {list.map((s) => (
                  <tr key={s.id}>
                    <td title={s.userAgent}>{deviceName(s.userAgent)}</td>
                    <td className="mono">{s.ip || '—'}</td>
                    <td>{t(`players.logins.types.${s.loginType}`, { defaultValue: s.loginType })}</td>
                    <td className="mono">{f.at(s.createdAt)}</td>
                    <td className="mono">{f.at(s.lastSeenAt)}</td>
                    <td className="mono">{f.at(s.expiresAt)}</td>
                    {rights.write && (
                      <td className="cell-action">
                        <button
                          type="button"
                          className="button button-small button-danger"
                          disabled={!canWrite}
                          onClick={() => setEnding(s)}
                          aria-label={t('players.sessions.revokeOne', { device: deviceName(s.userAgent), ip: s.ip })}
                        >
                          {t('players.sessions.revoke')}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            {ending && <RevokeDialog p={p} session={ending} onClose={() => setEnding(null)} />}
          </div>
        )
      }
    </Loaded>
  );
}

function RevokeDialog({ p, session, onClose }: { p: Profile; session: Session; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useContractForm(ReasonBody, { defaultValues: { reason: '' } });
  const revoke = useMutation({
    mutationFn: (v: z.output<typeof ReasonBody>) =>
      call(playerRevokeSessionCall, { params: { id: p.id, sessionId: session.id }, body: v }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['bo', 'players', p.id, 'sessions'] });
      onClose();
    },
    onError: (e) => applyServerErrors(form, e),
  });
  const errors = form.formState.errors;
  return (
    <Dialog title={t('players.sessions.revokeTitle')} onClose={onClose}>
      <form className="stack" noValidate onSubmit={form.handleSubmit((v) => revoke.mutate(v))}>
        <p className="notice notice-warning">
          {t('players.sessions.revokeText', {
            account: p.account,
            device: deviceName(session.userAgent),
            ip: session.ip,
          })}
        </p>
        <ReasonAndSubmit
          id="revoke-reason"
          field={form.register('reason')}
          error={errors.reason?.message}
          formError={errors.root?.server?.message}
          onCancel={onClose}
          submit={{ label: t('players.sessions.revokeConfirm'), danger: true, disabled: revoke.isPending }}
        />
      </form>
    </Dialog>
  );
}

/** Staff notes on the player, newest first; anyone with players.write adds one. */
export function NotesTab({ p, rights }: { p: Profile; rights: Rights }) {
  const { t } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const key = ['bo', 'players', p.id, 'notes'];
  const notes = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(playerNotesCall, { params: { id: p.id }, query: {} }, { signal }),
  });
  const form = useContractForm(NoteBody, { defaultValues: { body: '' } });
  const add = useMutation({
    mutationFn: (v: z.output<typeof NoteBody>) => call(playerAddNoteCall, { params: { id: p.id }, body: v }),
    onSuccess: () => {
      form.reset({ body: '' });
      queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e) => applyServerErrors(form, e),
  });
  const errors = form.formState.errors;
  return (
    <div className="stack">
      {rights.write && !p.linkedToMe && (
        <form className="stack note-form" noValidate onSubmit={form.handleSubmit((v) => add.mutate(v))}>
          <Field id="note-body" label={t('players.notes.new')} error={errors.body?.message}>
            <textarea rows={3} {...fieldAria('note-body', errors.body)} {...form.register('body')} />
          </Field>
          <FormError message={errors.root?.server?.message} />
          <div>
            <button type="submit" className="button button-primary" disabled={add.isPending}>
              {t('players.notes.add')}
            </button>
          </div>
        </form>
      )}
      <Loaded query={notes}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('players.notes.empty')} />
          ) : (
            <ul className="notes">
              {list.map((n) => (
                <li key={n.id} className="note">
                  <p className="note-meta">
                    <strong>{n.staffUsername}</strong> · <span className="mono">{f.at(n.at)}</span>
                  </p>
                  <p className="note-body">{n.body}</p>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </div>
  );
}
