import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A spinner with its meaning in words, announced politely. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state state-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

/** A failure in words with a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state state-error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

/** Nothing to show, said plainly, with an optional next step. */
export function EmptyState({ title, text, children }: { title: ReactNode; text?: ReactNode; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <h2>{title}</h2>
      {text && <p>{text}</p>}
      {children}
    </div>
  );
}
