import { useTranslation } from 'react-i18next';

/** A spinner with its meaning in words, announced politely to screen readers. */
export function Loading({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`loading${className ? ` ${className}` : ''}`} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-label">{label ?? t('common.loading')}</span>
    </div>
  );
}
