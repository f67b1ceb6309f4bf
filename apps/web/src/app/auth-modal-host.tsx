import { ui, useUi } from '../lib/ui-store';
import { AuthModal, type AuthMode } from './auth-modal/auth-modal';

/** The login/register popup in the mode the ui store names; switching tabs switches the store. */
export function AuthModalHost({ open, onClose }: { open: boolean; onClose: () => void }) {
  const modal = useUi((s) => s.modal);
  const mode: AuthMode = modal === 'register' ? 'register' : 'login';
  return <AuthModal open={open} mode={mode} onModeChange={(m) => ui.openModal(m)} onClose={onClose} />;
}
