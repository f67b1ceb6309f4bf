import { validateForgotByEmail } from '@khela/contract/password-reset';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { ui } from '../../lib/ui-store';
import { useWhitelabel } from '../system/api';
import { forgotByEmail, useRegisterSettings } from './api';
import { CountryCodePicker, initialDialingCode } from './country-code-picker';
import { Field } from './field';
import { HumanCheck } from './human-check';
import { errorText, fieldMessage, ruleOf } from './messages';
import { resetByPhone, sendLoginCode } from './sms-api';
import { SmsCodeButton } from './sms-code-button';
import { useCompleteLogin } from './use-complete-login';

type Fields = { username: string; email: string };

/**
 * The forgot-password modal (spec §2): by email always; by mobile number too when the brand
 * lets members reset by SMS (MOBILEVERCODELOGIN3, the flag the server checks), as two tabs.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const flags = useWhitelabel();
  const phoneOn = flags?.MOBILEVERCODELOGIN3 === true;
  const [mode, setMode] = useState<'email' | 'phone'>('email');
  if (!phoneOn) return <ForgotByEmailForm />;
  // The lead comes first: the popup's title sits over the top right corner of its body.
  return (
    <>
      <p className="auth-bonus">{mode === 'phone' ? t('auth.forgotPhoneLead') : t('auth.forgotLead')}</p>
      <div className="auth-tabs auth-subtabs" role="tablist" aria-label={t('auth.forgotModes')}>
        {(['email', 'phone'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            className="auth-tab"
            aria-selected={mode === m}
            onClick={() => setMode(m)}
          >
            {m === 'email' ? t('auth.forgotByEmail') : t('auth.forgotByPhone')}
          </button>
        ))}
      </div>
      {mode === 'phone' ? <ForgotByPhoneForm /> : <ForgotByEmailForm lead={false} />}
    </>
  );
}

/**
 * Forgot password by email (spec §2): username and email; the server sends a reset link. On
 * success a confirmation shows. Any failure (including a server without the route yet) is said
 * as the server's translated error.
 */
function ForgotByEmailForm({ lead = true }: { lead?: boolean }) {
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
      {lead ? <p className="auth-bonus">{t('auth.forgotLead')}</p> : null}
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

type PhoneFields = { mobileNum: string; verificationCode: string; newPassword: string; confirmNewPassword: string };

/** Server field names → this form's (the code request names the number mobileNum too). */
const PHONE_FIELD: Record<string, keyof PhoneFields> = { mobileNo: 'mobileNum', password: 'newPassword' };

/**
 * Forgot password by phone (spec §2, §3): the number with its country code, Get code (a reset
 * code from /wps/verification/sms/noLogin after the human check, then the countdown), the code
 * and the new password twice → POST /wps/member/password/verification, which logs in: the
 * session is stored like any login, the modal closes and the player lands on /.
 */
function ForgotByPhoneForm() {
  const { t } = useTranslation();
  const complete = useCompleteLogin();
  const { data: settings } = useRegisterSettings();
  const { register, handleSubmit, formState, setError, clearErrors, getValues } = useForm<PhoneFields>();
  const [dial, setDial] = useState(() => initialDialingCode());
  const [human, setHuman] = useState<string | null>(null);
  const [humanAttempt, setHumanAttempt] = useState(0);
  const [humanAvailable, setHumanAvailable] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);

  const showErrors = (e: unknown) => {
    if (e instanceof ApiError && e.fieldErrors)
      for (const [f, key] of Object.entries(e.fieldErrors)) {
        const field = PHONE_FIELD[f] ?? (f as keyof PhoneFields);
        setError(field, { message: fieldMessage(t, field, key, ruleOf(settings, 'password')) });
      }
    setGeneral(errorText(t, e));
  };

  /** spec §5: a valid number and a passed human check before a code is asked for. */
  async function requestCode() {
    setGeneral(null);
    clearErrors('mobileNum');
    const mobileNum = getValues('mobileNum').trim();
    if (!/^\+?\d{6,15}$/.test(mobileNum)) {
      setError('mobileNum', { message: t('validation.mobileNum') });
      return null;
    }
    if (humanAvailable && !human) {
      setGeneral(t('validation.verifyFirst'));
      return null;
    }
    try {
      return await sendLoginCode({
        mobileNum,
        countryDialingCode: dial,
        purpose: 'reset',
        ...(human ? { altcha: human } : {}),
      });
    } finally {
      // The solution is spent on this request.
      setHuman(null);
      setHumanAttempt((a) => a + 1);
    }
  }

  const onSubmit = handleSubmit(async (v) => {
    setGeneral(null);
    clearErrors();
    const errors: Partial<Record<keyof PhoneFields, string>> = {};
    if (!/^\+?\d{6,15}$/.test(v.mobileNum.trim())) errors.mobileNum = t('validation.mobileNum');
    if (v.verificationCode.trim() === '') errors.verificationCode = t('validation.verificationCode');
    if (v.newPassword === '')
      errors.newPassword = fieldMessage(t, 'newPassword', 'validation.notEmpty', ruleOf(settings, 'password'));
    else if (v.confirmNewPassword !== v.newPassword)
      errors.confirmNewPassword = fieldMessage(t, 'confirmNewPassword', 'validation.inconsistentTwice');
    for (const [f, message] of Object.entries(errors)) setError(f as keyof PhoneFields, { message });
    if (Object.keys(errors).length > 0) return;
    try {
      // The server also takes confirmNewPassword (PhoneResetBody) and checks it again.
      const body = {
        mobileNum: v.mobileNum.trim(),
        countryDialingCode: dial,
        verificationCode: v.verificationCode.trim(),
        newPassword: v.newPassword,
        confirmNewPassword: v.confirmNewPassword,
      };
      const value = await resetByPhone(body);
      complete(value, { type: 'sms' });
    } catch (e) {
      showErrors(e);
    }
  });

  const err = formState.errors;
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('auth.forgotTitle')}>
      <Field
        label={t('validation.fields.mobileNum')}
        mark
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t('auth.mobilePlaceholder')}
        error={err.mobileNum?.message}
        start={<CountryCodePicker value={dial} onChange={setDial} />}
        {...register('mobileNum')}
      />
      <Field
        label={t('validation.fields.verificationCode')}
        mark
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('auth.smsCodePlaceholder')}
        error={err.verificationCode?.message}
        end={<SmsCodeButton send={requestCode} onError={showErrors} />}
        {...register('verificationCode')}
      />
      <Field
        label={t('validation.fields.newPassword')}
        mark
        type="password"
        autoComplete="new-password"
        placeholder={t('auth.newPasswordPlaceholder')}
        error={err.newPassword?.message}
        {...register('newPassword')}
      />
      <Field
        label={t('validation.fields.confirmNewPassword')}
        mark
        type="password"
        autoComplete="new-password"
        error={err.confirmNewPassword?.message}
        {...register('confirmNewPassword')}
      />
      <HumanCheck attempt={humanAttempt} onChange={setHuman} onAvailable={setHumanAvailable} />
      {general ? (
        <p className="auth-alert" role="alert">
          {general}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary auth-submit" disabled={formState.isSubmitting}>
        {t('auth.resetByPhoneButton')}
      </button>
      <button type="button" className="link-btn" onClick={() => ui.openModal('login')}>
        {t('auth.backToLogin')}
      </button>
    </form>
  );
}
