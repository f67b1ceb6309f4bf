import { validateForgotByEmail } from '@khela/contract/password-reset';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { ui } from '../../lib/ui-store';
import { forgotByEmail, useRegisterSettings } from './api';
import { Field } from './field';
import { errorText, fieldMessage, ruleOf } from './messages';

type Fields = { username: string; email: string };

/**
 * Forgot password by email (spec §2): username and email; the server sends a reset link. On
 * success a confirmation shows. Any failure (including a server without the route yet) is said
 * as the server's translated error.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { data: settings } = useRegisterSettings();
  const { register, handleSubmit, formState, setError, clearErrors } = useForm<Fields>();
  const [general, setGeneral] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const onSubmit = handleSubmit(async (v) => {
    setGeneral(null);
    clearErrors();
    // Spec §5: username and email required, each by its rule (the same check as the server's).
    const errors = settings ? validateForgotByEmail(settings, v) : {};
    for (const f of ['username', 'email'] as const)
      if (!errors[f] && v[f].trim() === '') errors[f] = { key: 'validation.notEmpty' };
    for (const [f, m] of Object.entries(errors))
      setError(f as keyof Fields, { message: fieldMessage(t, f, m.key, ruleOf(settings, f)) });
    if (Object.keys(errors).length > 0) return;
    try {
      await forgotByEmail({ username: v.username.trim(), email: v.email.trim() });
      setSent(true);
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors)
        for (const [f, key] of Object.entries(e.fieldErrors))
          setError(f as keyof Fields, { message: fieldMessage(t, f, key, ruleOf(settings, f)) });
      setGeneral(errorText(t, e));
    }
  });

  if (sent)
    return (
      <div className="auth-form">
        <p className="auth-success" role="status">
          {t('auth.forgotSent')}
        </p>
        <button type="button" className="btn btn-primary auth-submit" onClick={() => ui.openModal('login')}>
          {t('auth.backToLogin')}
        </button>
      </div>
    );

  const err = formState.errors;
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('auth.forgotTitle')}>
      <p className="auth-bonus">{t('auth.forgotLead')}</p>
      <Field
        label={t('validation.fields.username')}
        mark
        autoComplete="username"
        error={err.username?.message}
        {...register('username')}
      />
      <Field
        label={t('validation.fields.email')}
        mark
        type="email"
        autoComplete="email"
        error={err.email?.message}
        {...register('email')}
      />
      {general ? (
        <p className="auth-alert" role="alert">
          {general}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary auth-submit" disabled={formState.isSubmitting}>
        {t('auth.forgotButton')}
      </button>
      <button type="button" className="link-btn" onClick={() => ui.openModal('login')}>
        {t('auth.backToLogin')}
      </button>
    </form>
  );
}
