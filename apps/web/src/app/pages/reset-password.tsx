import { validateChangePassword } from '@khela/contract/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { resetPassword, useRegisterSettings } from '../../features/auth/api';
import { errorText, fieldMessage } from '../../features/auth/messages';
import { ApiError } from '../../lib/api';
import { ui } from '../../lib/ui-store';
import '../../features/auth/auth.css';
import { NewPasswordFields } from '../../features/auth/new-password-fields';

type Fields = { newPassword: string; confirmNewPassword: string };

/** Used when the brand has no password rule (as in the change-password form). */
const FALLBACK_RULE = {
  enabled: true,
  required: true,
  acceptedPattern: '^[\\x21-\\x7E]+$',
  patternId: 'password',
  minLength: 6,
  maxLength: 20,
};

/**
 * /resetPassword?token=… — the link of the reset email. A new password by the brand's rule and
 * its confirmation; success sends the visitor home with the login popup open.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { data: settings } = useRegisterSettings();
  const rule = settings?.password ?? FALLBACK_RULE;
  const { register, handleSubmit, formState, setError, clearErrors } = useForm<Fields>();
  const [general, setGeneral] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (v) => {
    setGeneral(null);
    clearErrors();
    const errors = validateChangePassword(rule, v, { oldKnown: true });
    for (const [f, m] of Object.entries(errors))
      setError(f as keyof Fields, { message: fieldMessage(t, f, m.key, rule) });
    if (Object.keys(errors).length > 0) return;
    try {
      await resetPassword({ token, ...v });
      navigate('/', { replace: true });
      ui.openModal('login');
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors)
        for (const [f, key] of Object.entries(e.fieldErrors))
          setError(f as keyof Fields, { message: fieldMessage(t, f, key, rule) });
      setGeneral(errorText(t, e));
    }
  });

  const err = formState.errors;
  return (
    <main className="reset-password-page">
      <h1>{t('auth.resetTitle')}</h1>
      {token === '' ? (
        <p className="auth-alert" role="alert">
          {t('auth.resetNoToken')}
        </p>
      ) : (
        <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('auth.resetTitle')}>
          <p className="auth-bonus">{t('auth.resetLead')}</p>
          <NewPasswordFields register={(n) => register(n)} errors={err} />
          {general ? (
            <p className="auth-alert" role="alert">
              {general}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary auth-submit" disabled={formState.isSubmitting}>
            {t('auth.resetButton')}
          </button>
        </form>
      )}
    </main>
  );
}
