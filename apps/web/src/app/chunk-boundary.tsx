import { EmptyState } from '@khela/ui/empty-state';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError, isChunkLoadError } from './lazy-chunk';

type Props = { children: ReactNode; onRetry?: () => void; compact?: boolean };
type State = { error: unknown };

/**
 * Catches a page (or modal) that failed to load or render, and offers a retry in words instead
 * of a blank screen (spec §8 'Chunk load failure').
 */
export class ChunkBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    return <ChunkFailure error={this.state.error} onRetry={this.retry} compact={this.props.compact} />;
  }
}

function ChunkFailure({ error, onRetry, compact }: { error: unknown; onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const timedOut = error instanceof ChunkLoadError && error.timedOut;
  const chunk = isChunkLoadError(error);
  const text = timedOut ? t('errors.TIMEOUT') : chunk ? t('app.chunkFailedText') : t('errors.UNKNOWN');
  if (compact) {
    return (
      <div className="inline-failure" role="alert">
        <p>{t('app.modalFailed')}</p>
        <button type="button" className="btn btn-ghost" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <div role="alert">
      <EmptyState title={chunk ? t('app.chunkFailedTitle') : t('app.errorTitle')} text={text} level={1}>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </EmptyState>
    </div>
  );
}
