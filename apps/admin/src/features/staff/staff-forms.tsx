import { latinDigits } from '@khela/contract/digits';
import { z } from '@khela/contract/zod';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '../../components/form';

/**
 * Pieces the staff screen's forms share: the reason every write needs (kept in the audit trail),
 * the role checkboxes and the declared linked player ids typed as a list.
 */

/** Player ids as a person types them: "1042, 2210" (Bengali digits read too); '' is none. */
export const memberIdList = z
  .string()
  .trim()
  .regex(/^(\d{1,18}(\s*,\s*|\s+))*\d{0,18}$/)
  .transform((text) => [
    ...new Set(
      text
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number),
    ),
  ])
  .pipe(z.array(z.number().int().positive()).max(50));

export const latinIds = { setValueAs: (v: unknown) => (typeof v === 'string' ? latinDigits(v) : v) };

export const idsText = (ids: readonly number[]) => ids.join(', ');

type Form<T extends FieldValues> = UseFormReturn<T, unknown, unknown>;

export function ReasonField<T extends FieldValues & { reason: string }>({ form }: { form: Form<T> }) {
  const { t } = useTranslation();
  const error = form.formState.errors.reason?.message as string | undefined;
  return (
    <Field id="staff-reason" label={t('staffArea.reason')} hint={t('staffArea.reasonHint')} error={error}>
      <textarea rows={2} {...fieldAria('staff-reason', error, true)} {...form.register('reason' as Path<T>)} />
    </Field>
  );
}

export function RoleChecks<T extends FieldValues & { roles: string[] }>({
  form,
  roles,
}: {
  form: Form<T>;
  roles: readonly string[];
}) {
  const { t } = useTranslation();
  const error = form.formState.errors.roles?.message as string | undefined;
  return (
    <fieldset className="role-checks" aria-describedby={error ? 'staff-roles-error' : undefined}>
      <legend>{t('staffArea.roles')}</legend>
      {roles.map((role) => (
        <label key={role} className="check">
          <input type="checkbox" value={role} {...form.register('roles' as Path<T>)} />
          {t(`roles.${role}`, { defaultValue: role })}
        </label>
      ))}
      {error && (
        <p className="field-error" id="staff-roles-error" role="alert">
          {t('staffArea.rolesRequired')}
        </p>
      )}
    </fieldset>
  );
}
