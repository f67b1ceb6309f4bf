import { validateChangePassword } from '@khela/contract/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { clearSession } from '../../lib/session';
import { ui } from '../../lib/ui-store';
import { changePassword, useRegisterSettings } from './api';
import { Field } from './field';
import { FormEnd } from './form-end';
import { errorText, fieldMessage } from './messages';
import { NewPasswordFields } from './new-password-fields';
import { forgetKnownPassword, knownPassword } from './password-memory';

type Fields = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/** Used when the brand has no password rule: the password pattern of the contract's defaults. */
const FALLBACK_RULE = {
  enabled: true,
  required: true,
  acceptedPattern: '^[\\x21-\\x7E]+$',
  patternId: 'password',
  minLength: 6,
  maxLength: 20,
};

/**
 * Change password (spec §2, forced with the cpw flag): the old password only when not already
 * known from the login just made, the new one by the brand's password rule, its confirmation.
 * Success ends the session and opens the login form (spec §2), so the new password is used.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { data: settings } = useRegisterSettings();
  const rule = settings?.password ?? FALLBACK_RULE;
  const [old] = useState(knownPassword);
  const { register, handleSubmit, formState, setError, clearErrors } = useForm<Fields>();
  const [general, setGeneral] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (v) => {
    setGeneral(null);
    clearErrors();
    const oldPassword = old ?? v.oldPassword;
    const errors = validateChangePassword(rule, { ...v, oldPassword }, { oldKnown: old !== null });
    for (const [f, m] of Object.entries(errors))
      setError(f as keyof Fields, { message: fieldMessage(t, f, m.key, rule) });
    if (Object.keys(errors).length > 0) return;
    try {
      await changePassword({ oldPassword, newPassword: v.newPassword, confirmNewPassword: v.confirmNewPassword });
      forgetKnownPassword();
      clearSession();
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
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('auth.changePasswordTitle')}>
      <p className="auth-bonus">{t('auth.changePasswordLead')}</p>
      {old === null ? (
        <Field
          label={t('validation.fields.oldPassword')}
          mark
          type="password"
          autoComplete="current-password"
          error={err.oldPassword?.message}
          {...register('oldPassword')}
        />
      ) : null}
      <NewPasswordFields register={(n) => register(n)} errors={err} />
      <FormEnd general={general} busy={formState.isSubmitting} submit={t('auth.changePasswordButton')} />
    </form>
  );
}
