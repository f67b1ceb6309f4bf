import { call } from '@khela/client';
import { playerLabelsCall, playerPayeeNameCall, playerStatusCall } from '@khela/contract/endpoints';
import { LabelsBody, MEMBER_STATUSES, PayeeNameBody, StatusBody } from '@khela/contract/staff-players';
import type { z } from '@khela/contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Field, fieldAria, useContractForm } from '../../components/form';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { Dialog, type Profile, ReasonAndSubmit, StatusBadge } from './shared';

type StatusValues = z.output<typeof StatusBody>;
type PayeeValues = z.output<typeof PayeeNameBody>;

/**
 * The member status with a reason, in two steps: what and why, then a confirmation that says
 * what the change does (every session ends at once for any status but active).
 */
export function StatusDialog({
  p,
  onClose,
  onDone,
}: {
  p: Profile;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const form = useContractForm(StatusBody, {
    defaultValues: { status: p.status === 'active' ? 'locked' : 'active', reason: '' },
  });
  const [review, setReview] = useState<StatusValues | null>(null);
  const save = useMutation({
    mutationFn: (v: StatusValues) => call(playerStatusCall, { params: { id: p.id }, body: { ...v, from: p.status } }),
    onSuccess: (r) => {
      queryClient.invalidateQueries({ queryKey: ['bo', 'players'] });
      onDone(
        t('players.statusDone', {
          status: t(`players.status.${r.status}`),
          sessions: f.count(r.endedSessions),
        }),
      );
      onClose();
    },
    onError: (e) => {
      setReview(null);
      applyServerErrors(form, e);
      // Someone may have changed the account meanwhile (STALE_EDIT): show what it is now.
      queryClient.invalidateQueries({ queryKey: ['bo', 'players', p.id] });
    },
  });
  const errors = form.formState.errors;
  return (
    <Dialog title={t('players.statusTitle', { account: p.account })} onClose={onClose}>
      {review ? (
        <div className="stack">
          <p>
            {t('players.statusFromTo')} <StatusBadge status={p.status} /> → <StatusBadge status={review.status} />
          </p>
          <p className={review.status === 'active' ? 'notice notice-info' : 'notice notice-warning'}>
            {t(`players.statusEffect.${review.status}`)}
          </p>
          <p>
            <strong>{t('players.reason')}:</strong> {review.reason}
          </p>
          <div className="row dialog-actions">
            <button type="button" className="button button-quiet" onClick={() => setReview(null)}>
              {t('players.back')}
            </button>
            <button
              type="button"
              className={review.status === 'active' ? 'button button-primary' : 'button button-danger'}
              disabled={save.isPending}
              onClick={() => save.mutate(review)}
            >
              {t('players.statusConfirm', { status: t(`players.status.${review.status}`) })}
            </button>
          </div>
        </div>
      ) : (
        <form className="stack" noValidate onSubmit={form.handleSubmit((v) => setReview(v))}>
          <p>
            {t('players.statusNow')} <StatusBadge status={p.status} />
          </p>
          <Field id="status-new" label={t('players.newStatus')} error={errors.status?.message}>
            <select {...fieldAria('status-new', errors.status)} {...form.register('status')}>
              {MEMBER_STATUSES.filter((s) => s !== p.status).map((s) => (
                <option key={s} value={s}>
                  {t(`players.status.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          <ReasonAndSubmit
            id="status-reason"
            field={form.register('reason')}
            error={errors.reason?.message}
            formError={errors.root?.server?.message}
            onCancel={onClose}
            submit={{ label: t('players.review') }}
          />
        </form>
      )}
    </Dialog>
  );
}

/** The player's labels: names the desk sorts players by (VIP watch, bonus abuse…). */
export function LabelsDialog({ p, onClose }: { p: Profile; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [names, setNames] = useState<string[]>(p.labels.map((l) => l.labelName));
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (body: z.output<typeof LabelsBody>) => call(playerLabelsCall, { params: { id: p.id }, body }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['bo', 'players'] });
      onClose();
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ['bo', 'players', p.id] }),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // A label keeps the colours it had; a new one takes the site's default look.
    const labels = names
      .map((n) => n.trim())
      .filter(Boolean)
      .map((labelName) => ({ ...p.labels.find((l) => l.labelName === labelName), labelName }));
    // The names this form read: a colleague's save in between is refused, not overwritten.
    const body = LabelsBody.safeParse({ labels, before: p.labels.map((l) => l.labelName) });
    setInvalid(!body.success);
    if (body.success) save.mutate(body.data);
  };
  return (
    <Dialog title={t('players.labelsTitle', { account: p.account })} onClose={onClose}>
      <form className="stack" noValidate onSubmit={submit}>
        {names.map((name, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are edited in place, by position.
          <div className="row label-row" key={i}>
            <input
              className="label-input"
              aria-label={t('players.labelName', { n: i + 1 })}
              value={name}
              maxLength={32}
              onChange={(e) => setNames(names.map((n, j) => (j === i ? e.target.value : n)))}
            />
            <button
              type="button"
              className="button button-quiet button-small"
              onClick={() => setNames(names.filter((_, j) => j !== i))}
            >
              {t('players.remove')}
            </button>
          </div>
        ))}
        <div>
          <button type="button" className="button button-small" onClick={() => setNames([...names, ''])}>
            {t('players.addLabel')}
          </button>
        </div>
        {invalid && <p className="form-error">{t('players.labelsInvalid')}</p>}
        {save.isError && <p className="form-error">{errorText(t, save.error)}</p>}
        <div className="row dialog-actions">
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t('players.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('players.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The payee name (the name payout accounts must be in): the player gives it once, staff change
 * it here with a reason, after a confirmation that says what happens to the payout accounts in
 * the old name. The server checks the name by the shared payee-name rules and the brand's own.
 */
export function PayeeNameDialog({
  p,
  onClose,
  onDone,
}: {
  p: Profile;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const form = useContractForm(PayeeNameBody, { defaultValues: { payeeName: p.payeeName ?? '', reason: '' } });
  const [review, setReview] = useState<PayeeValues | null>(null);
  const save = useMutation({
    mutationFn: (v: PayeeValues) => call(playerPayeeNameCall, { params: { id: p.id }, body: v }),
    onSuccess: (r) => {
      queryClient.invalidateQueries({ queryKey: ['bo', 'players'] });
      onDone(t('players.payee.done', { name: r.payeeName, n: f.count(r.removedAccounts) }));
      onClose();
    },
    onError: (e) => {
      setReview(null);
      applyServerErrors(form, e);
    },
  });
  const errors = form.formState.errors;
  return (
    <Dialog title={t('players.payee.title', { account: p.account })} onClose={onClose}>
      {review ? (
        <div className="stack">
          <p>
            <strong>{t('players.payee.from')}</strong> {p.payeeName ?? t('players.payee.none')}
          </p>
          <p>
            <strong>{t('players.payee.to')}</strong> {review.payeeName}
          </p>
          <p className={p.payoutAccounts > 0 ? 'notice notice-warning' : 'notice notice-info'}>
            {p.payoutAccounts > 0
              ? t('players.payee.effectAccounts', { n: f.count(p.payoutAccounts) })
              : t('players.payee.effect')}
          </p>
          <p>
            <strong>{t('players.reason')}:</strong> {review.reason}
          </p>
          <div className="row dialog-actions">
            <button type="button" className="button button-quiet" onClick={() => setReview(null)}>
              {t('players.back')}
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={save.isPending}
              onClick={() => save.mutate(review)}
            >
              {t('players.payee.confirm')}
            </button>
          </div>
        </div>
      ) : (
        <form className="stack" noValidate onSubmit={form.handleSubmit((v) => setReview(v))}>
          <Field
            id="payee-name"
            label={t('players.payee.newName')}
            hint={t('players.payee.hint')}
            error={errors.payeeName?.message}
          >
            <input
              autoComplete="off"
              {...fieldAria('payee-name', errors.payeeName, true)}
              {...form.register('payeeName')}
            />
          </Field>
          <ReasonAndSubmit
            id="payee-reason"
            field={form.register('reason')}
            error={errors.reason?.message}
            formError={errors.root?.server?.message}
            onCancel={onClose}
            submit={{ label: t('players.review') }}
          />
        </form>
      )}
    </Dialog>
  );
}
