import { useNavigate } from 'react-router';
import { startSession } from '../../lib/session';
import { session } from '../../lib/storage';
import { useWhitelabel } from '../../lib/system';
import { ui } from '../../lib/ui-store';
import type { LoginValue } from './api';
import { rememberPasswordForChange } from './password-memory';

/** spec §9: the weak password that forces a change. */
export const WEAK_PASSWORD = '123456';

type LoginKind = { type: 'username' | 'sms' | 'freeplay' | 'register'; password?: string };

/**
 * What every successful login does (spec §4): store the token and the §3 keys; when the
 * password is '123456', the login is the first, or the password expired while the brand forces
 * a change (PWDEXPFORCECHANGE3) — never after SMS or free play — set cpw and open the
 * change-password modal; otherwise close the popup and go to /.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const flags = useWhitelabel();
  return (value: LoginValue, kind: LoginKind) => {
    startSession(value.token, { account: value.account, isAgent: value.isAgent });
    const byPassword = kind.type === 'username' || kind.type === 'register';
    const mustChange =
      byPassword &&
      (value.firstTimeLogin ||
        kind.password === WEAK_PASSWORD ||
        (value.passwordExpired && flags?.PWDEXPFORCECHANGE3 === true));
    if (mustChange) {
      session.set('cpw', '1');
      if (kind.password) rememberPasswordForChange(kind.password);
      ui.openModal('login', 'changePassword');
      return;
    }
    session.remove('cpw');
    ui.closeModal();
    navigate('/');
  };
}
