import { readNumber } from '@khela/contract/format';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from './verify';

export type FieldDef<K extends string> = {
  name: K;
  label: string;
  optional?: boolean;
  /** A select instead of a text box. */
  options?: { value: string; label: string }[];
  inputMode?: 'numeric' | 'decimal' | 'text';
  /** Hashes and seeds: monospace, no spell-check or auto-capitalisation. */
  code?: boolean;
};

type Props<K extends string, R> = {
  title: string;
  hint?: string;
  fields: FieldDef<K>[];
  initial: Partial<Record<K, string>>;
  verify: (values: Record<K, string>) => ({ ok: true } & R) | FieldError<K>;
  render: (result: R) => ReactNode;
  /** A deep link filled the form: show its result straight away. */
  autoVerify: boolean;
};

/**
 * One verifier: labelled fields, a Check button, the first problem shown under its field (and
 * focused), the result announced to screen readers through a live region.
 */
export function VerifierForm<K extends string, R>({
  title,
  hint,
  fields,
  initial,
  verify,
  render,
  autoVerify,
}: Props<K, R>) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const inputs = useRef(new Map<K, HTMLInputElement | HTMLSelectElement>());
  const start = Object.fromEntries(
    fields.map((f) => [f.name, initial[f.name] ?? f.options?.[0]?.value ?? '']),
  ) as Record<K, string>;
  const [values, setValues] = useState(start);
  // Numbers as the reader writes them (১২,৩৪৫.৫০, a pasted ৳ amount) reach the check as plain decimals.
  const read = (typed: Record<K, string>) =>
    Object.fromEntries(
      fields.map((f) => [
        f.name,
        f.inputMode === 'numeric' || f.inputMode === 'decimal'
          ? readNumber(typed[f.name], i18n.language)
          : typed[f.name],
      ]),
    ) as Record<K, string>;
  const [outcome, setOutcome] = useState<ReturnType<typeof verify> | null>(() =>
    autoVerify ? verify(read(start)) : null,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = verify(read(values));
    setOutcome(next);
    if (!next.ok) inputs.current.get(next.field)?.focus();
  };

  const error = outcome && !outcome.ok ? outcome : null;
  return (
    <section className="fair-verifier" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="fair-heading">
        {title}
      </h2>
      {hint && <p className="fair-hint">{hint}</p>}
      <form className="fair-form" onSubmit={submit} noValidate>
        {fields.map((f) => {
          const fieldId = `${id}-${f.name}`;
          const invalid = error?.field === f.name;
          const common = {
            id: fieldId,
            name: f.name,
            value: values[f.name],
            'aria-invalid': invalid || undefined,
            'aria-describedby': invalid ? `${fieldId}-error` : undefined,
            ref: (el: HTMLInputElement | HTMLSelectElement | null) => {
              if (el) inputs.current.set(f.name, el);
            },
          };
          const change = (value: string) => setValues((v) => ({ ...v, [f.name]: value }));
          return (
            <div key={f.name} className="fair-field">
              <label htmlFor={fieldId}>
                {f.label}
                {f.optional && <span className="fair-optional"> ({t('fairness.optional')})</span>}
              </label>
              {f.options ? (
                <select {...common} onChange={(e) => change(e.target.value)}>
                  {f.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  type="text"
                  inputMode={f.inputMode}
                  className={f.code ? 'fair-code' : undefined}
                  autoComplete="off"
                  autoCapitalize={f.code ? 'none' : undefined}
                  spellCheck={f.code ? false : undefined}
                  onChange={(e) => change(e.target.value)}
                />
              )}
              {invalid && (
                <p id={`${fieldId}-error`} className="fair-error">
                  {t(`fairness.errors.${error.error}`)}
                </p>
              )}
            </div>
          );
        })}
        <button type="submit" className="fair-submit">
          {t('fairness.verify')}
        </button>
      </form>
      <div className="fair-result" role="status" aria-live="polite">
        {outcome?.ok && (
          <>
            <h3 className="fair-result-title">{t('fairness.resultTitle')}</h3>
            {render(outcome)}
          </>
        )}
      </div>
    </section>
  );
}
