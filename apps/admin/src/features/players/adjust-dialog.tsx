import { call } from '@khela/client';
import { ADJUSTMENT_CATEGORIES } from '@khela/contract/constants';
import { playerAdjustCall } from '@khela/contract/endpoints';
import { readNumber } from '@khela/contract/format';
import { toMinor } from '@khela/contract/money';
import { ADJUSTMENT_TURNOVER_PCT, AdjustBody } from '@khela/contract/staff-players';
import { z } from '@khela/contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Field, fieldAria, useContractForm } from '../../components/form';
import { Dialog, type Profile, ReasonAndSubmit, requestKey, useMoney } from './shared';

// The category starts unchosen: a staff member picks why, since it sets the turnover asked.
const AdjustForm = AdjustBody.omit({ idempotencyKey: true }).extend({
  category: z.enum(ADJUSTMENT_CATEGORIES, { error: () => 'players.adjust.categoryRequired' }),
});
type AdjustValues = z.output<typeof AdjustForm>;

/**
 * A balance adjustment: a signed amount, its category and a reason, then a confirmation that
 * writes the amount as the brand writes money, the balance it leaves, the turnover a credit of
 * that category asks, and — above the brand's four-eyes threshold — that it waits for a second
 * staff member instead of posting.
 */
export function AdjustDialog({
  p,
  onClose,
  onDone,
}: {
  p: Profile;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const style = p.balance;
  // The amount in minor units, or a refusal: finer than the currency or nothing at all.
  // Checked on the field itself, so it is told beside an unchosen category rather than after it.
  const schema = useMemo(
    () =>
      AdjustForm.extend({
        amount: AdjustForm.shape.amount.refine((v) => {
          const minor = toMinor(v, style.decimals);
          return minor !== null && minor !== 0n;
        }, 'invalid'),
      }),
    [style.decimals],
  );
  const form = useContractForm(schema, {
    defaultValues: { amount: '', category: '' as AdjustValues['category'], reason: '' },
  });
  const [review, setReview] = useState<AdjustValues | null>(null);
  // One key per dialog: sending the same review twice posts once.
  const [key] = useState(requestKey);
  const save = useMutation({
    mutationFn: (v: AdjustValues) =>
      call(playerAdjustCall, { params: { id: p.id }, body: { ...v, idempotencyKey: key } }),
    onSuccess: (r) => {
      queryClient.invalidateQueries({ queryKey: ['bo', 'players'] });
      queryClient.invalidateQueries({ queryKey: ['bo', 'adjustments'] });
      const amount = money(r.amount.amount, r.amount, true);
      onDone(
        r.status === 'pending'
          ? t('players.adjust.donePending', { amount })
          : t('players.adjust.donePosted', {
              amount,
              balance: r.balanceAfter === null ? '—' : money(r.balanceAfter, r.amount),
            }),
      );
      onClose();
    },
    onError: (e) => {
      setReview(null);
      applyServerErrors(form, e);
    },
  });
  const errors = form.formState.errors;
  const minor = review ? (toMinor(review.amount, style.decimals) ?? 0n) : 0n;
  const size = minor < 0n ? -minor : minor;
  const waits = size > BigInt(p.adjustThreshold.minor);
  const after = BigInt(p.balance.minor) + minor;
  // What the player must wager before withdrawing it: a debit asks nothing.
  const turnover = review && minor > 0n ? (minor * BigInt(ADJUSTMENT_TURNOVER_PCT[review.category])) / 100n : 0n;
  return (
    <Dialog title={t('players.adjust.title', { account: p.account })} onClose={onClose}>
      {review ? (
        <div className="stack">
          <dl className="review">
            <div>
              <dt>{minor < 0n ? t('players.adjust.debit') : t('players.adjust.credit')}</dt>
              <dd className="review-amount">{money(minor, style, true)}</dd>
            </div>
            <div>
              <dt>{t('players.balance')}</dt>
              <dd>{money(p.balance.amount, style)}</dd>
            </div>
            <div>
              <dt>{t('players.adjust.after')}</dt>
              <dd>{waits ? t('players.adjust.afterApproval') : money(after, style)}</dd>
            </div>
            <div>
              <dt>{t('players.adjust.category')}</dt>
              <dd>{t(`players.adjust.categories.${review.category}`)}</dd>
            </div>
            <div>
              <dt>{t('players.adjust.turnover')}</dt>
              <dd>{turnover > 0n ? money(turnover, style) : t('players.adjust.turnoverNone')}</dd>
            </div>
            <div>
              <dt>{t('players.reason')}</dt>
              <dd>{review.reason}</dd>
            </div>
          </dl>
          {waits ? (
            <p className="notice notice-warning" role="status">
              {t('players.adjust.fourEyes', { threshold: money(p.adjustThreshold.amount, p.adjustThreshold) })}
            </p>
          ) : (
            <p className="notice notice-info">{t('players.adjust.postsNow')}</p>
          )}
          {after < 0n && !waits && (
            <p className="notice notice-error" role="alert">
              {t('players.adjust.belowZero')}
            </p>
          )}
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
              {waits ? t('players.adjust.confirmRequest') : t('players.adjust.confirm')}
            </button>
          </div>
        </div>
      ) : (
        <form className="stack" noValidate onSubmit={form.handleSubmit((v) => setReview(v))}>
          <p>
            {t('players.balance')}: <strong>{money(p.balance.amount, style)}</strong>
          </p>
          <Field
            id="adjust-amount"
            label={t('players.adjust.amount', { currency: style.symbol || p.balance.currency })}
            hint={t('players.adjust.amountHint', {
              threshold: money(p.adjustThreshold.amount, p.adjustThreshold),
            })}
            error={errors.amount?.message}
          >
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              {...fieldAria('adjust-amount', errors.amount, true)}
              {...form.register('amount', {
                // What a person types (Bengali digits, group commas, a ৳) read as a plain decimal.
                setValueAs: (v: unknown) => (typeof v === 'string' ? readNumber(v, i18n.language) : v),
              })}
            />
          </Field>
          <Field
            id="adjust-category"
            label={t('players.adjust.category')}
            hint={t('players.adjust.categoryHint')}
            error={errors.category?.message}
          >
            <select {...fieldAria('adjust-category', errors.category, true)} {...form.register('category')}>
              <option value="">{t('players.adjust.categoryChoose')}</option>
              {ADJUSTMENT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`players.adjust.categories.${c}`)}
                </option>
              ))}
            </select>
          </Field>
          <ReasonAndSubmit
            id="adjust-reason"
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
