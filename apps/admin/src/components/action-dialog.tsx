import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './action-dialog.css';

/**
 * A modal asking before a write (BACK-OFFICE.md: confirmation before anything that changes money
 * or locks an account): what will happen, the fields it needs (a reason, always kept in the
 * audit trail), and two buttons. Escape and the cancel button close it; focus starts inside and
 * goes back where it was.
 */
export function ActionDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  text?: ReactNode;
  confirmLabel: string;
  /** Without one, the dialog only informs: its one button closes it. */
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // The latest onClose, so a parent's new function does not move the focus back to the start.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input, textarea, select, button');
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref}>
        <form className="stack" onSubmit={onSubmit} noValidate>
          <h2 id={titleId}>{title}</h2>
          {text && <div className="dialog-text">{text}</div>}
          {children}
          <div className="dialog-actions">
            {cancelLabel && (
              <button type="button" className="button button-quiet" onClick={onClose}>
                {cancelLabel}
              </button>
            )}
            <button type="submit" className={`button ${danger ? 'button-danger' : 'button-primary'}`} disabled={busy}>
              {confirmLabel}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** A one-time link to hand over privately, with a copy button (set-up and reset links). */
export function OneTimeLink({ link, note, copyLabel }: { link: string; note: ReactNode; copyLabel: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <div className="notice notice-success one-time-link">
      <p>{note}</p>
      <div className="copy-row">
        <code data-testid="one-time-link">{link}</code>
        <button type="button" className="button button-small" onClick={() => copy.copy(link)}>
          {copy.copied ? t('common.copied') : copyLabel}
        </button>
      </div>
    </div>
  );
}

function useCopy() {
  const [copied, setCopied] = useState(false);
  return { copied, copy: (text: string) => navigator.clipboard?.writeText(text).then(() => setCopied(true)) };
}
