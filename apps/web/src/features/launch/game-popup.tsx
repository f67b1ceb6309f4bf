import { Modal } from '@khela/ui/modal';
import { useTranslation } from 'react-i18next';
import { targetFromSearch, targetSearch } from '../../lib/game-target';
import { ui, useUi } from '../../lib/ui-store';
import { useLaunch } from './api';
import { GameLauncher } from './game-launcher';

/**
 * The game popup (spec §2 modals: 'game popup iframe'): on a desktop the game opens over the
 * lobby, which stays where the player left it. The ui store's modalArg is the game's query.
 */
export function GamePopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const arg = useUi((s) => (s.modal === 'game' ? s.modalArg : undefined));
  const target = typeof arg === 'string' ? targetFromSearch(new URLSearchParams(arg)) : null;
  // The same query as the launcher's, so this only reads its answer: the game's name as the title.
  const name = useLaunch(target).data?.gameName;
  return (
    <Modal open={open} onClose={onClose} title={name ?? t('pages.title.game')} size="lg" className="game-popup">
      {target ? (
        <GameLauncher
          key={targetSearch(target)}
          target={target}
          onPick={(next) => ui.openModal('game', targetSearch(next))}
        />
      ) : null}
    </Modal>
  );
}
