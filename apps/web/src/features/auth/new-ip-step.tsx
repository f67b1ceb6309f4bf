import type { NewIpChallenge } from '@khela/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { typedDigits, useFormat } from '../../lib/format';
import { resendNewIpCode, verifyNewIp } from './api';
import { Field } from './field';
import { errorText, fieldMessage } from './messages';
import { SmsCodeButton } from './sms-code-button';
import { useCompleteLogin } from './use-complete-login';

type Props = {
  challenge: NewIpChallenge;
  /** The password just proven: the weak-password rule of spec §9 still applies after the code. */
  password: string;
  /** Back to the login form (the check expired, or the player gives up). */
  onBack: () => void;
};

/**
 * The second step of a password login from a new address (spec §2 'two-factor login check for
 * unrecognised IPs'): the code texted to the account's mobile, with a resend after 60 s.
 */
export function NewIpStep({ challenge, password, onBack }: Props) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const complete = useCompleteLogin();
  const { register, handleSubmit, formState, setError, clearErrors } = useForm<{ code: string }>({
    defaultValues: { code: '' },
  });
  const [general, setGeneral] = useState<string | null>(null);

  const onSubmit = handleSubmit(async ({ code }) => {
    setGeneral(null);
    clearErrors();
    if (!/^\d{6}$/.test(code.trim())) {
      setError('code', { message: t('validation.verificationCode') });
      return;
    }
    try {
      const value = await verifyNewIp({ challengeId: challenge.challengeId, code: code.trim() });
      complete(value, { type: 'username', password });
    } catch (e) {
      const key = e instanceof ApiError ? e.fieldErrors?.code : undefined;
      if (key) setError('code', { message: fieldMessage(t, 'verificationCode', key) });
      setGeneral(errorText(t, e));
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('auth.newIpTitle')}>
      <h3 className="auth-step-title">{t('auth.newIpTitle')}</h3>
      <p className="auth-bonus">{t('auth.newIpLead', { mobile: fmt.digits(challenge.mobile) })}</p>
      <Field
        label={t('validation.fields.verificationCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('auth.smsCodePlaceholder')}
        error={formState.errors.code?.message}
        end={
          <SmsCodeButton
            label={t('auth.smsResend')}
            initialSeconds={challenge.resendSeconds}
            cooldownSeconds={challenge.resendSeconds}
            send={() => resendNewIpCode(challenge.challengeId)}
            onError={(e) => setGeneral(errorText(t, e))}
          />
        }
        {...register('code', typedDigits)}
      />
      {general ? (
        <p className="auth-alert" role="alert">
          {general}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary auth-submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('auth.newIpConfirming') : t('auth.newIpButton')}
      </button>
      <button type="button" className="link-btn" onClick={onBack}>
        {t('auth.backToLogin')}
      </button>
    </form>
  );
}
