import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@khela/client';
import { latinDigits } from '@khela/contract/digits';
import type { z } from '@khela/contract/zod';
import type { ReactNode } from 'react';
import { type FieldValues, type Path, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * Forms of the back office: react-hook-form checked by the contract's own zod schemas (the
 * rules the server applies), their messages in the staff member's language, and the server's
 * field errors put back on the fields they are about.
 *
 * A message travels as `key` or `key|{"min":12}` (an i18n key and its values), so the same
 * <FieldError> writes the browser's and the server's.
 */
type Issue = { code: string; minimum?: unknown; maximum?: unknown; input?: unknown; origin?: string };

export function issueMessage(issue: Issue): string {
  const withValues = (key: string, values: Record<string, unknown>) => `${key}|${JSON.stringify(values)}`;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'validation.required' : 'validation.invalid';
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'validation.required';
      return withValues('validation.tooShort', { min: Number(issue.minimum) });
    case 'too_big':
      return withValues('validation.tooLong', { max: Number(issue.maximum) });
    default:
      return 'validation.invalid';
  }
}

/** A form checked by `schema` before anything is sent. */
export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    // biome-ignore lint/suspicious/noExplicitAny: the resolver's generics follow the schema's.
    resolver: zodResolver(schema as any, { error: (issue: Issue) => issueMessage(issue) } as any) as any,
  });
}

/**
 * Puts a failed call's field errors on the form's fields (`{ password: 'validation.weakPassword' }`)
 * and anything else — a field the form does not show, a code without fields — on the form as a
 * whole. Returns whether the failure is the form's to show.
 */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, error: unknown) {
  if (!(error instanceof ApiError)) {
    form.setError('root.server', { type: 'server', message: 'errors.UNKNOWN' });
    return;
  }
  const fields = Object.keys(form.getValues());
  let placed = false;
  for (const [field, key] of Object.entries(error.fieldErrors ?? {})) {
    if (fields.includes(field)) {
      form.setError(field as Path<T>, { type: 'server', message: key }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (!placed) form.setError('root.server', { type: 'server', message: `errors.${error.code}` });
}

/** A message key as written by issueMessage or the server, in the staff member's language. */
export function useMessage() {
  const { t } = useTranslation();
  return (message: string | undefined): string => {
    if (!message) return '';
    const bar = message.indexOf('|');
    const key = bar < 0 ? message : message.slice(0, bar);
    const values = bar < 0 ? {} : (JSON.parse(message.slice(bar + 1)) as Record<string, unknown>);
    return t(key, { ...values, defaultValue: t(key.startsWith('errors.') ? 'errors.UNKNOWN' : 'validation.invalid') });
  };
}

/** A labelled field with its hint and its error, tied together for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  const message = useMessage();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {message(error)}
        </p>
      )}
    </div>
  );
}

/** aria attributes of an input inside <Field id={id}>. */
export function fieldAria(id: string, error: unknown, hint = false) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  } as const;
}

/** The form-wide error (a call's code without fields), if any. */
export function FormError({ message }: { message: string | undefined }) {
  const text = useMessage();
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {text(message)}
    </p>
  );
}

/** For a field a person types digits into: Bengali digits are read as Latin before the check. */
export const typedDigits = {
  setValueAs: (value: unknown) => (typeof value === 'string' ? latinDigits(value).replace(/\s+/g, '') : value),
};
