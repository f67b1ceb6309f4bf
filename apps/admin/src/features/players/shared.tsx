import type { StaffMe } from '@khela/contract/staff';
import type { MemberStatus, PlayerProfile, StaffMoney } from '@khela/contract/staff-players';
import type { z } from '@khela/contract/zod';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FormError, fieldAria } from '../../components/form';
import { useFormat } from '../../lib/format';

/** What the players screens need to know about the staff member: what they may change. */
export type Rights = { write: boolean; adjust: boolean; me: StaffMe };

export function rightsOf(me: StaffMe): Rights {
  return {
    write: me.permissions.includes('players.write'),
    adjust: me.permissions.includes('players.adjust'),
    me,
  };
}

export type Money = z.infer<typeof StaffMoney>;
export type Profile = z.infer<typeof PlayerProfile>;
/** How the brand writes an amount: its decimals and symbol, as the server sends them. */
export type MoneyStyle = Pick<Money, 'decimals' | 'symbol'>;

/** An amount through the one formatter, in the staff member's language. */
export function useMoney() {
  const f = useFormat();
  return (amount: string | bigint, style: MoneyStyle, signed = false) =>
    f.money(amount, { decimals: style.decimals, symbol: style.symbol, signed });
}

/** A member status as a coloured word: green plays, the holds warn, closed is grey. */
export function StatusBadge({ status }: { status: MemberStatus }) {
  const { t } = useTranslation();
  return <span className={`badge status-badge status-${status}`}>{t(`players.status.${status}`)}</span>;
}

/**
 * A modal over the screen: focus moves into it, Escape or the close button leaves it. A plain
 * element rather than <dialog>: its look and focus rules are ours in both themes and in tests.
 */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('input, select, textarea, button:not(.dialog-close)')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={id} ref={box}>
        <div className="dialog-head">
          <h2 id={id}>{title}</h2>
          <button type="button" className="button button-quiet button-small dialog-close" onClick={onClose}>
            {t('players.close')}
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** A fresh key for one adjustment: a retry or double click of the same request posts once. */
export function requestKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * The end of every write's form: its reason (kept in the audit row with the staff member's name),
 * the form's own error, and cancel beside the submit button.
 */
export function ReasonAndSubmit({
  id,
  field,
  error,
  formError,
  onCancel,
  submit,
}: {
  id: string;
  field: UseFormRegisterReturn;
  error: string | undefined;
  formError: string | undefined;
  onCancel: () => void;
  submit: { label: string; danger?: boolean; disabled?: boolean };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field id={id} label={t('players.reason')} hint={t('players.reasonHint')} error={error}>
        <textarea rows={3} {...fieldAria(id, error, true)} {...field} />
      </Field>
      <FormError message={formError} />
      <div className="row dialog-actions">
        <button type="button" className="button button-quiet" onClick={onCancel}>
          {t('players.cancel')}
        </button>
        <button
          type="submit"
          className={submit.danger ? 'button button-danger' : 'button button-primary'}
          disabled={submit.disabled}
        >
          {submit.label}
        </button>
      </div>
    </>
  );
}
