import { type ReactNode, useEffect, useId, useRef } from 'react';
import './confirm-dialog.css';

/**
 * A question asked before something that changes money or settings: a modal panel over the
 * screen that takes focus, closes on Escape and gives focus back. Its body holds what will
 * happen and any field (a reason) the decision needs; `actions` are its buttons.
 */
export function ConfirmDialog({
  title,
  children,
  actions,
  onClose,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
}) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('input, textarea, select, button');
    (first ?? panel.current)?.focus();
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
    <div className="confirm-backdrop">
      <section
        ref={panel}
        className="confirm-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="row confirm-actions">{actions}</div>
      </section>
    </div>
  );
}
