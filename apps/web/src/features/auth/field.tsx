import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  /** Shows the ＊ mark of a required field (spec §5); the input says aria-required. */
  mark?: boolean;
  /** Extra content at the end of the input row (captcha image, show-password toggle). */
  end?: ReactNode;
  /** Extra content before the input (country dialling-code picker). */
  start?: ReactNode;
};

/** A labelled input with its error under it, announced to screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, mark, end, start, ...input },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`auth-field${error ? ' auth-field-invalid' : ''}`}>
      <label htmlFor={id} className="auth-label">
        {mark ? <RequiredMark /> : null}
        {label}
      </label>
      <div className="auth-input-row">
        {start}
        <input
          ref={ref}
          id={id}
          className="auth-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required={mark ? true : undefined}
          {...input}
        />
        {end}
      </div>
      {error ? (
        <p id={errorId} className="auth-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});

/**
 * Spec §5's ＊ (U+FF0A), drawn: the Bengali webfont has no such glyph, so a phone or desktop
 * without a CJK font would show a box. Decorative; the input carries aria-required.
 */
function RequiredMark() {
  return (
    <svg className="auth-required" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
      <path
        d="M5 1.2v7.6M1.7 3.1l6.6 3.8M1.7 6.9l6.6-3.8"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
