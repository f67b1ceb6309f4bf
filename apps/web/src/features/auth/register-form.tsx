import type { RegisterField, RegisterSettings } from '@khela/contract';
import { REGISTER_FIELDS } from '@khela/contract/constants';
import { type RegisterMode, type RegisterValues, validateForm } from '@khela/contract/validation';
import { type HTMLInputTypeAttribute, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { startSession } from '../../lib/session';
import { session } from '../../lib/storage';
import { ui } from '../../lib/ui-store';
import { useWhitelabel } from '../system/api';
import { checkAffiliate, register as registerCall, useRegisterSettings } from './api';
import { CountryCodePicker, initialDialingCode } from './country-code-picker';
import { Field } from './field';
import './auth.css';
import { HumanCheck } from './human-check';
import { errorText, fieldMessage, ruleOf } from './messages';
import { setRegisteredAccount } from './register-success';
import { sendRegisterCode } from './sms-api';
import { SmsCodeButton } from './sms-code-button';

type FormValues = Record<string, string> & { agree?: string };

/** Generic fields in the order the form shows them after username and passwords. */
const EXTRA_FIELDS = REGISTER_FIELDS.filter(
  (f) => !['username', 'password', 'captcha', 'mobileNum', 'affiliateCode'].includes(f),
);

const INPUT_TYPE: Partial<Record<RegisterField, HTMLInputTypeAttribute>> = {
  email: 'email',
  mobileNum: 'tel',
  paymentPassword: 'password',
};
const AUTOCOMPLETE: Partial<Record<RegisterField, string>> = {
  email: 'email',
  mobileNum: 'tel-national',
  payeeName: 'name',
  paymentPassword: 'off',
};

/**
 * The registration form (spec §2 'Registration form', §4 'Register flow'), as a modal or as the
 * /register page (isPage): the fields the brand's settings enable, ＊ on required ones, the
 * invitation-code check, the human check, and the payload additions of spec §3. Success logs
 * in, goes to / and shows the success popup.
 */
export function RegisterForm({ isPage = false }: { isPage?: boolean }) {
  const { t } = useTranslation();
  const flags = useWhitelabel();
  const { data: settings, isError, refetch } = useRegisterSettings();
  const mobileOn = flags?.MOBILENUMREG3 === true;
  const [mode, setMode] = useState<RegisterMode>('username');
  const tabIds = { username: useId(), mobile: useId() };

  return (
    <div className={`auth-register${isPage ? ' auth-register-page' : ''}`}>
      <p className="auth-bonus">{t('auth.bonusLine')}</p>
      {mobileOn ? (
        <div className="auth-tabs auth-subtabs" role="tablist" aria-label={t('auth.registerModes')}>
          {(['username', 'mobile'] as const).map((m) => (
            <button
              key={m}
              id={tabIds[m]}
              type="button"
              role="tab"
              className="auth-tab"
              aria-selected={mode === m}
              onClick={() => setMode(m)}
            >
              {m === 'username' ? t('auth.byUsername') : t('auth.byMobile')}
            </button>
          ))}
        </div>
      ) : null}
      {settings ? (
        <RegisterFields key={mode} settings={settings} mode={mobileOn ? mode : 'username'} />
      ) : isError ? (
        <div className="auth-alert" role="alert">
          {t('auth.settingsFailed')}{' '}
          <button type="button" className="link-btn" onClick={() => refetch()}>
            {t('auth.retry')}
          </button>
        </div>
      ) : (
        <p className="auth-human-loading">{t('auth.loading')}</p>
      )}
      <p className="auth-switch">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="link-btn" onClick={() => ui.openModal('login')}>
          {t('auth.loginNow')}
        </button>
      </p>
      {isPage ? null : (
        <p className="auth-switch">
          <Link to="/" onClick={() => ui.closeModal()}>
            {t('pages.backHome')}
          </Link>
        </p>
      )}
    </div>
  );
}

function RegisterFields({ settings, mode }: { settings: RegisterSettings; mode: RegisterMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flags = useWhitelabel();
  const [params] = useSearchParams();
  // spec §2: referralCode on the route is captured; affiliate codes may arrive the same way.
  const fromLink = useRef({
    referralCode: params.get('referralCode') ?? '',
    affiliateCode: params.get('affiliateCode') ?? '',
  }).current;
  const { register, handleSubmit, formState, setError, clearErrors, getValues } = useForm<FormValues>({
    defaultValues: { affiliateCode: fromLink.affiliateCode },
  });
  const [human, setHuman] = useState<string | null>(null);
  const [humanAttempt, setHumanAttempt] = useState(0);
  const [humanAvailable, setHumanAvailable] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const [inviteWarning, setInviteWarning] = useState(false);
  const mobilePassword = flags?.MOBILENUMPASSREG3 === true;
  // REGMOBVERF3: the mobile number is verified by an SMS code at registration.
  const smsCode = flags?.REGMOBVERF3 === true;
  const [dial, setDial] = useState(() => initialDialingCode());

  const show = (f: RegisterField) => settings[f].enabled;
  const err = (f: string) => formState.errors[f]?.message as string | undefined;

  const onSubmit = handleSubmit(async (v) => {
    setGeneral(null);
    clearErrors();
    const values = v as RegisterValues;
    const errors = validateForm(settings, values, mode, { mobilePassword, smsCode });
    for (const [f, m] of Object.entries(errors))
      setError(f, { message: fieldMessage(t, f, m.key, ruleOf(settings, f)) });
    if (!v.agree) setError('agree', { message: t('validation.agreeTo', { terms: t('auth.terms') }) });
    if (Object.keys(errors).length > 0 || !v.agree) return;
    const affiliateCode = (v.affiliateCode ?? '').trim();
    if (settings.affiliateCode.enabled && affiliateCode) {
      try {
        await checkAffiliate(affiliateCode);
      } catch {
        setInviteWarning(true);
        return;
      }
    }
    if (humanAvailable && !human) {
      setGeneral(t('validation.verifyFirst'));
      return;
    }
    const body = Object.fromEntries(
      Object.entries(v).filter(([k, val]) => k !== 'agree' && typeof val === 'string' && val !== ''),
    ) as Record<string, string>;
    try {
      const value = await registerCall(
        {
          ...body,
          username: mode === 'mobile' ? (v.mobileNum ?? '') : (v.username ?? ''),
          affiliateCode: affiliateCode || fromLink.affiliateCode || undefined,
          referralCode: fromLink.referralCode || undefined,
          registerUrl: window.location.href,
          ...(smsCode ? { countryDialingCode: dial } : {}),
          registerMethod: 'WEB',
          domain: window.location.hostname,
          login: true,
          ...(human ? { altcha: human } : {}),
        },
        mode,
      );
      startSession(value.token, { account: value.account, isAgent: value.isAgent });
      session.remove('cpw');
      setRegisteredAccount(mode === 'mobile' ? (value.account ?? v.mobileNum ?? '') : null);
      navigate('/');
      ui.openModal('login', 'registerSuccess');
    } catch (e) {
      // The solution was spent on this attempt: the next one needs a fresh check.
      setHuman(null);
      setHumanAttempt((a) => a + 1);
      if (e instanceof ApiError && e.fieldErrors) {
        for (const [f, key] of Object.entries(e.fieldErrors))
          setError(f, { message: fieldMessage(t, f, key, ruleOf(settings, f)) });
      }
      setGeneral(errorText(t, e));
    }
  });

  /** spec §5: a valid number and a passed human check before a code is asked for. */
  async function requestCode() {
    setGeneral(null);
    clearErrors('mobileNum');
    const mobileNo = (getValues('mobileNum') ?? '').trim();
    if (!/^\+?\d{6,15}$/.test(mobileNo)) {
      setError('mobileNum', { message: t('validation.mobileNum') });
      return null;
    }
    if (humanAvailable && !human) {
      setGeneral(t('validation.verifyFirst'));
      return null;
    }
    try {
      return await sendRegisterCode({ mobileNo, countryDialingCode: dial, ...(human ? { altcha: human } : {}) });
    } finally {
      // The solution is spent on this request; the registration itself needs a fresh one.
      setHuman(null);
      setHumanAttempt((a) => a + 1);
    }
  }

  function codeRefused(e: unknown) {
    if (e instanceof ApiError && e.fieldErrors)
      for (const [f, key] of Object.entries(e.fieldErrors)) {
        const field = f === 'mobileNo' ? 'mobileNum' : f;
        setError(field, { message: fieldMessage(t, field, key, ruleOf(settings, field)) });
      }
    setGeneral(errorText(t, e));
  }

  /** The mobile number, with the country code and the SMS code field when REGMOBVERF3 is on. */
  const mobileFields = (required?: boolean) =>
    smsCode ? (
      <>
        <Field
          label={t('validation.fields.mobileNum')}
          mark
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={settings.mobileNum.maxLength || undefined}
          error={err('mobileNum')}
          start={<CountryCodePicker value={dial} onChange={setDial} />}
          {...register('mobileNum')}
        />
        <Field
          label={t('validation.fields.verificationCode')}
          mark
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('auth.smsCodePlaceholder')}
          error={err('verificationCode')}
          end={<SmsCodeButton send={requestCode} onError={codeRefused} />}
          {...register('verificationCode')}
        />
      </>
    ) : (
      input('mobileNum', required === undefined ? {} : { required })
    );

  const input = (f: RegisterField, opts: { required?: boolean } = {}) => (
    <Field
      key={f}
      label={t(`validation.fields.${f}`)}
      mark={opts.required ?? (settings[f].required || f === 'paymentPassword')}
      type={INPUT_TYPE[f] ?? 'text'}
      autoComplete={AUTOCOMPLETE[f] ?? 'off'}
      inputMode={f === 'mobileNum' ? 'tel' : undefined}
      maxLength={settings[f].maxLength || undefined}
      error={err(f)}
      {...register(f)}
    />
  );

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label={t('auth.registerTitle')}>
      {mode === 'username' ? (
        <>
          <Field
            label={t('validation.fields.username')}
            mark
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={settings.username.maxLength || undefined}
            error={err('username')}
            {...register('username')}
          />
          <Field
            label={t('validation.fields.password')}
            mark
            type="password"
            autoComplete="new-password"
            error={err('password')}
            {...register('password')}
          />
          <Field
            label={t('validation.fields.confirmPassword')}
            mark
            type="password"
            autoComplete="new-password"
            error={err('confirmPassword')}
            {...register('confirmPassword')}
          />
          {EXTRA_FIELDS.filter(show).map((f) => input(f))}
          {show('mobileNum') ? mobileFields() : null}
        </>
      ) : (
        <>
          {mobileFields(true)}
          {mobilePassword ? (
            <>
              <Field
                label={t('validation.fields.password')}
                mark
                type="password"
                autoComplete="new-password"
                error={err('password')}
                {...register('password')}
              />
              <Field
                label={t('validation.fields.confirmPassword')}
                mark
                type="password"
                autoComplete="new-password"
                error={err('confirmPassword')}
                {...register('confirmPassword')}
              />
            </>
          ) : null}
        </>
      )}
      {show('affiliateCode') ? input('affiliateCode') : null}
      <HumanCheck attempt={humanAttempt} onChange={setHuman} onAvailable={setHumanAvailable} />
      <div className="auth-field">
        <label className="auth-check">
          <input type="checkbox" value="1" {...register('agree')} aria-invalid={err('agree') ? true : undefined} />
          <span>
            {t('auth.agreePrefix')}{' '}
            <Link to="/help" onClick={() => ui.closeModal()}>
              {t('auth.terms')}
            </Link>
          </span>
        </label>
        {err('agree') ? (
          <p className="auth-error" role="alert">
            {err('agree')}
          </p>
        ) : null}
      </div>
      {inviteWarning ? (
        <div className="auth-alert auth-warning" role="alertdialog" aria-label={t('auth.inviteWarningTitle')}>
          <p>{t('auth.invitation_code_error')}</p>
          <button type="button" className="btn btn-primary" onClick={() => setInviteWarning(false)}>
            {t('auth.confirm')}
          </button>
        </div>
      ) : null}
      {general ? (
        <p className="auth-alert" role="alert">
          {general}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary auth-submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('auth.creating') : t('auth.createAccount')}
      </button>
    </form>
  );
}
