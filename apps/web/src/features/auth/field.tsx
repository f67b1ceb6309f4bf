import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  /** Shows the ＊ mark of a required field (spec §5). */
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
        {mark ? (
          <span className="auth-required" aria-hidden="true">
            ＊
          </span>
        ) : null}
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
