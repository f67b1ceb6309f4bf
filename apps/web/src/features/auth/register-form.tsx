import type { RegisterField, RegisterSettings } from '@khela/contract';
import { REGISTER_FIELDS } from '@khela/contract/constants';
import { type RegisterMode, type RegisterValues, validateForm } from '@khela/contract/validation';
import { type HTMLInputTypeAttribute, type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { typedDigits } from '../../lib/format';
import { prepareSealing } from '../../lib/seal';
import { startSession } from '../../lib/session';
import { session } from '../../lib/storage';
import { useWhitelabel } from '../../lib/system';
import { ui } from '../../lib/ui-store';
import { checkAffiliate, register as registerCall, useRegisterSettings } from './api';
import { CountryCodePicker, initialDialingCode } from './country-code-picker';
import { Field } from './field';
import { FormEnd } from './form-end';
import './auth.css';
import { HumanCheck, useHumanCheck } from './human-check';
import { errorText, fieldMessage, ruleOf } from './messages';
import { ModeTabs } from './mode-tabs';
import { PasswordPair } from './new-password-fields';
import { usePhoneReader } from './phone';
import { setRegisteredAccount } from './register-success';
import { sendRegisterCode } from './sms-api';
import { SmsCodeFields } from './sms-code-fields';

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
/** Fields a person types digits into: read in Latin digits whatever script they were typed in. */
const DIGIT_FIELDS = new Set<RegisterField>([
  'mobileNum',
  'qqNum',
  'whatsapp',
  'idNumber',
  'affiliateCode',
  'recommenderId',
  'captcha',
]);
const AUTOCOMPLETE: Partial<Record<RegisterField, string>> = {
  email: 'email',
  mobileNum: 'tel-national',
  payeeName: 'name',
  paymentPassword: 'off',
};

/**
 * The registration form (spec §2 'Registration form', §4 'Register flow'), as a modal or as the
 * /register page (isPage): the offers above it (the new-player promotions, which the app composes
 * in: they belong to the promotions feature), the fields the brand's settings enable, ＊ on
 * required ones, the invitation-code check, the human check, and the payload additions of spec
 * §3. Success logs in, goes to / and shows the success popup.
 */
export function RegisterForm({ isPage = false, offers }: { isPage?: boolean; offers?: ReactNode }) {
  const { t } = useTranslation();
  const flags = useWhitelabel();
  const { data: settings, isError, refetch } = useRegisterSettings();
  // The key and the code that seal the registration body, fetched while the player types.
  useEffect(() => prepareSealing(), []);
  const mobileOn = flags?.MOBILENUMREG3 === true;
  const [mode, setMode] = useState<RegisterMode>('username');

  return (
    <div className={`auth-register${isPage ? ' auth-register-page' : ''}`}>
      {offers}
      <p className="auth-bonus">{t('auth.bonusLine')}</p>
      {mobileOn ? (
        <ModeTabs
          label={t('auth.registerModes')}
          modes={['username', 'mobile'] as const}
          value={mode}
          onChange={setMode}
          text={(m) => (m === 'username' ? t('auth.byUsername') : t('auth.byMobile'))}
        />
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
  const form = useForm<FormValues>({ defaultValues: { affiliateCode: fromLink.affiliateCode } });
  const { register, handleSubmit, formState, setError, clearErrors } = form;
  const human = useHumanCheck();
  const [general, setGeneral] = useState<string | null>(null);
  const [inviteWarning, setInviteWarning] = useState(false);
  const mobilePassword = flags?.MOBILENUMPASSREG3 === true;
  // REGMOBVERF3: the mobile number is verified by an SMS code at registration.
  const smsCode = flags?.REGMOBVERF3 === true;
  // By mobile or with a code to the number, the form is about the number: fetch the library now;
  // else when the optional number field is first focused.
  const phone = usePhoneReader(mode === 'mobile' || smsCode);
  const [dial, setDial] = useState(() => initialDialingCode(phone.codes));

  const show = (f: RegisterField) => settings[f].enabled;
  const err = (f: string) => formState.errors[f]?.message as string | undefined;

  const onSubmit = handleSubmit(async (v) => {
    setGeneral(null);
    clearErrors();
    const values = v as RegisterValues;
    const errors = validateForm(settings, values, mode, { mobilePassword, smsCode, mobile: await phone.check(dial) });
    for (const [f, m] of Object.entries(errors))
      setError(f, { message: fieldMessage(t, f, m.key, ruleOf(settings, f), phone.params) });
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
    if (human.missing) {
      setGeneral(t('validation.verifyFirst'));
      return;
    }
    const body = Object.fromEntries(
      Object.entries(v).filter(([k, val]) => k !== 'agree' && typeof val === 'string' && val !== ''),
    ) as Record<string, string>;
    // The number as the server stores it (E.164) once read; the server reads it again either way.
    const number = v.mobileNum?.trim() ? await phone.read(v.mobileNum, dial) : null;
    try {
      const value = await registerCall(
        {
          ...body,
          ...(number ? { mobileNum: number.mobile, countryDialingCode: number.dial } : {}),
          username: mode === 'mobile' ? (number?.mobile ?? '') : (v.username ?? ''),
          affiliateCode: affiliateCode || fromLink.affiliateCode || undefined,
          referralCode: fromLink.referralCode || undefined,
          registerUrl: window.location.href,
          registerMethod: 'WEB',
          domain: window.location.hostname,
          login: true,
          ...(human.solution ? { altcha: human.solution } : {}),
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
      human.spend();
      if (e instanceof ApiError && e.fieldErrors) {
        for (const [f, key] of Object.entries(e.fieldErrors))
          setError(f, { message: fieldMessage(t, f, key, ruleOf(settings, f), phone.params) });
      }
      setGeneral(errorText(t, e));
    }
  });

  function codeRefused(e: unknown) {
    if (e instanceof ApiError && e.fieldErrors)
      for (const [f, key] of Object.entries(e.fieldErrors)) {
        const field = f === 'mobileNo' ? 'mobileNum' : f;
        setError(field, { message: fieldMessage(t, field, key, ruleOf(settings, field), phone.params) });
      }
    setGeneral(errorText(t, e));
  }

  /** The mobile number, with the country code and the SMS code field when REGMOBVERF3 is on. */
  const mobileFields = (required?: boolean) =>
    smsCode ? (
      <SmsCodeFields
        form={form}
        dial={dial}
        onDialChange={setDial}
        phone={phone}
        human={human}
        onMessage={setGeneral}
        request={(mobileNo, countryDialingCode, altcha) =>
          sendRegisterCode({ mobileNo, countryDialingCode, ...(altcha ? { altcha } : {}) })
        }
        onRefused={codeRefused}
        mark
        mobileMaxLength={settings.mobileNum.maxLength || undefined}
      />
    ) : (
      input('mobileNum', required === undefined ? {} : { required })
    );

  /** Spec §5: password and its confirmation, always required. */
  const passwordFields = (
    <PasswordPair
      names={['password', 'confirmPassword']}
      register={(f) => register(f)}
      errors={{ password: formState.errors.password, confirmPassword: formState.errors.confirmPassword }}
    />
  );

  const input = (f: RegisterField, opts: { required?: boolean } = {}) => (
    <Field
      key={f}
      label={t(`validation.fields.${f}`)}
      mark={opts.required ?? (settings[f].required || f === 'paymentPassword')}
      type={INPUT_TYPE[f] ?? 'text'}
      autoComplete={AUTOCOMPLETE[f] ?? 'off'}
      inputMode={f === 'mobileNum' ? 'tel' : undefined}
      onFocus={f === 'mobileNum' ? phone.prefetch : undefined}
      // The number is read with this code (+880 unless changed), so show it as the SMS fields do.
      start={f === 'mobileNum' ? <CountryCodePicker value={dial} onChange={setDial} /> : undefined}
      maxLength={settings[f].maxLength || undefined}
      error={err(f)}
      {...register(f, DIGIT_FIELDS.has(f) ? typedDigits : undefined)}
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
          {passwordFields}
          {EXTRA_FIELDS.filter(show).map((f) => input(f))}
          {show('mobileNum') ? mobileFields() : null}
        </>
      ) : (
        <>
          {mobileFields(true)}
          {mobilePassword ? passwordFields : null}
        </>
      )}
      {show('affiliateCode') ? input('affiliateCode') : null}
      <HumanCheck {...human.props} />
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
      <FormEnd
        general={general}
        busy={formState.isSubmitting}
        submit={formState.isSubmitting ? t('auth.creating') : t('auth.createAccount')}
      />
    </form>
  );
}
