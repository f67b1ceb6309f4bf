import { Suspense } from 'react';
import { type ModalName, ui, useUi } from '../lib/ui-store';
import { ChunkBoundary } from './chunk-boundary';
import { forgetChunk, lazyChunk } from './lazy-chunk';

type HostedModalProps = { open: boolean; onClose: () => void };

/** Each modal is its own lazy chunk, downloaded the first time it opens. */
const MODAL_LOADERS = {
  auth: () => import('./auth-modal-host').then((m) => ({ default: m.AuthModalHost })),
  notice: () => import('../features/notices/notice-modal').then((m) => ({ default: m.NoticeModal })),
  download: () => import('../features/download/download-modal').then((m) => ({ default: m.DownloadModal })),
  help: () => import('./help-modal').then((m) => ({ default: m.HelpModal })),
  game: () => import('../features/launch/game-popup').then((m) => ({ default: m.GamePopup })),
} as const;
type ModalChunk = keyof typeof MODAL_LOADERS;

function chunkOf(modal: ModalName): ModalChunk {
  return modal === 'login' || modal === 'register' ? 'auth' : modal;
}

/** Starts downloading a modal's code before it opens (a failed download shows when it opens). */
export function prefetchModal(modal: ModalName) {
  MODAL_LOADERS[chunkOf(modal)]().catch(() => undefined);
}

/** Renders whichever site-wide modal the ui store says is open (login, register, notice, download, help, game); the centres live in the address (centre-host.tsx). */
export function ModalHost() {
  const modal = useUi((s) => s.modal);
  if (!modal) return null;
  const chunk = chunkOf(modal);
  const name = `modal-${chunk}`;
  const Hosted = lazyChunk<HostedModalProps>(name, MODAL_LOADERS[chunk]);
  return (
    <ChunkBoundary key={name} compact onRetry={() => forgetChunk(name)}>
      <Suspense fallback={null}>
        <Hosted open onClose={ui.closeModal} />
      </Suspense>
    </ChunkBoundary>
  );
}
