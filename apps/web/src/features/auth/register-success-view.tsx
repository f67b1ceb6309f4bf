import { useTranslation } from 'react-i18next';
import { registeredAccount } from './register-success';

/** The registration success popup (spec §2); mobile mode names the auto-created account. */
export function RegisterSuccess({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const account = registeredAccount();
  return (
    <div className="auth-form">
      <p className="auth-success" role="status">
        {t('auth.registerSuccess')}
      </p>
      {account ? <p>{t('auth.registerSuccessMobile', { account })}</p> : null}
      <button type="button" className="btn btn-primary auth-submit" onClick={onClose}>
        {t('auth.confirm')}
      </button>
    </div>
  );
}
