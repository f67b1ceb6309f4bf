import type { ReactNode } from 'react';

/**
 * The end of an account form: the general message (a failed call, 'verify first'), announced
 * when it appears, then the submit button, blocked while the form is submitting, then any links.
 */
export function FormEnd(props: { general: string | null; busy: boolean; submit: string; children?: ReactNode }) {
  return (
    <>
      {props.general ? (
        <p className="auth-alert" role="alert">
          {props.general}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary auth-submit" disabled={props.busy}>
        {props.submit}
      </button>
      {props.children}
    </>
  );
}
