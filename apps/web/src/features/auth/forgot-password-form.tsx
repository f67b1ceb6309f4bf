import { validateForgotByEmail } from '@khela/contract/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useWhitelabel } from '../../lib/system';
import { ui } from '../../lib/ui-store';
import { forgotByEmail, useRegisterSettings } from './api';
import { initialDialingCode } from './country-code-picker';
import { Field } from './field';
import { FormEnd } from './form-end';
import { HumanCheck, useHumanCheck } from './human-check';
import { errorText, fieldMessage, ruleOf } from './messages';
import { ModeTabs } from './mode-tabs';
import { NewPasswordFields } from './new-password-fields';
import { usePhoneReader } from './phone';
import { resetByPhone, sendLoginCode } from './sms-api';
import { SmsCodeFields } from './sms-code-fields';
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
      <ModeTabs
        label={t('auth.forgotModes')}
        modes={['email', 'phone'] as const}
        value={mode}
        onChange={setMode}
        text={(m) => (m === 'email' ? t('auth.forgotByEmail') : t('auth.forgotByPhone'))}
      />
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
      <FormEnd general={general} busy={formState.isSubmitting} submit={t('auth.forgotButton')}>
        <button type="button" className="link-btn" onClick={() => ui.openModal('login')}>
          {t('auth.backToLogin')}
        </button>
      </FormEnd>
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
  const form = useForm<PhoneFields>();
  const { register, handleSubmit, formState, setError, clearErrors } = form;
  const phone = usePhoneReader();
  const [dial, setDial] = useState(() => initialDialingCode(phone.codes));
  const human = useHumanCheck();
  const [general, setGeneral] = useState<string | null>(null);

  const showErrors = (e: unknown) => {
    if (e instanceof ApiError && e.fieldErrors)
      for (const [f, key] of Object.entries(e.fieldErrors)) {
        const field = PHONE_FIELD[f] ?? (f as keyof PhoneFields);
        setError(field, { message: fieldMessage(t, field, key, ruleOf(settings, 'password'), phone.params) });
      }
    setGeneral(errorText(t, e));
  };

  const onSubmit = handleSubmit(async (v) => {
    setGeneral(null);
    clearErrors();
    const errors: Partial<Record<keyof PhoneFields, string>> = {};
    const number = await phone.read(v.mobileNum, dial);
    const refused =
      v.mobileNum.trim() === '' ? 'validation.mobileNum' : number.reading?.ok === false && number.reading.key;
    if (refused) errors.mobileNum = fieldMessage(t, 'mobileNum', refused, undefined, phone.params);
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
        mobileNum: number.mobile,
        countryDialingCode: number.dial,
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
      <SmsCodeFields
        form={form}
        dial={dial}
        onDialChange={setDial}
        phone={phone}
        human={human}
        onMessage={setGeneral}
        // A reset code (spec §2 'Forgot password … by phone') from /wps/verification/sms/noLogin.
        request={(mobileNum, countryDialingCode, altcha) =>
          sendLoginCode({ mobileNum, countryDialingCode, purpose: 'reset', ...(altcha ? { altcha } : {}) })
        }
        onRefused={showErrors}
        mark
        mobilePlaceholder={t('auth.mobilePlaceholder')}
      />
      <NewPasswordFields register={(n) => register(n)} errors={err} placeholder={t('auth.newPasswordPlaceholder')} />
      <HumanCheck {...human.props} />
      <FormEnd general={general} busy={formState.isSubmitting} submit={t('auth.resetByPhoneButton')}>
        <button type="button" className="link-btn" onClick={() => ui.openModal('login')}>
          {t('auth.backToLogin')}
        </button>
      </FormEnd>
    </form>
  );
}
