import type { NewIpChallenge } from '@khela/contract';
import { CAPTCHA_REFRESH_GUARD_MS } from '@khela/contract/constants';
import { validateLogin } from '@khela/contract/validation';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { typedDigits } from '../../lib/format';
import { prepareSealing } from '../../lib/seal';
import { useWhitelabel } from '../../lib/system';
import { ui } from '../../lib/ui-store';
import {
  CAPTCHA_REQUIRED,
  type Captcha,
  captchaSrc,
  fetchCaptcha,
  freePlay,
  login,
  NEW_IP_CHECK_REQUIRED,
} from './api';
import { CountryCodePicker, initialDialingCode } from './country-code-picker';
import { Field } from './field';
import './auth.css';
import { HumanCheck } from './human-check';
import { errorText, fieldMessage } from './messages';
import { NewIpStep } from './new-ip-step';
import { usePhoneReader } from './phone';
import { readRemembered, saveRemembered } from './remember';
import { sendLoginCode, smsLogin } from './sms-api';
import { SmsCodeButton } from './sms-code-button';
import { useCompleteLogin } from './use-complete-login';

type LoginFields = {
  username: string;
  password: string;
  captcha: string;
  remember: boolean;
  mobileNum: string;
  smsCode: string;
};

/** The remembered SMS number, 'code number' (spec §3 'Cookies'). */
function splitMobile(saved: string): { dial?: string; mobile: string } {
  const [dial, mobile] = saved.includes(' ') ? saved.split(' ', 2) : [undefined, saved];
  return { dial, mobile: mobile ?? '' };
}

/**
 * The login form (spec §2 'Login form', §4 'Login'): username, password, the captcha image once
 * the server asks for it, the human check, remember-me, forgot password and free play.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const flags = useWhitelabel();
  const complete = useCompleteLogin();
  const remembered = useRef(readRemembered()).current;
  const form = useForm<LoginFields>({
    defaultValues: {
      username: remembered.remember ? remembered.username : '',
      password: '',
      captcha: '',
      remember: remembered.remember,
      mobileNum: remembered.remember ? splitMobile(remembered.smsMobile).mobile : '',
      smsCode: '',
    },
  });
  const [mode, setMode] = useState<'username' | 'sms'>('username');
  // The phone library is fetched once the SMS login is chosen, never for a password login.
  const phone = usePhoneReader(mode === 'sms');
  const [dial, setDial] = useState(() => initialDialingCode(phone.codes, splitMobile(remembered.smsMobile).dial));
  const smsMode = mode === 'sms' && !!flags?.MOBILEVERCODELOGIN3;
  const { register, handleSubmit, formState, setError, clearErrors, setValue } = form;
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaOn, setCaptchaOn] = useState(false);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const lastCaptchaAt = useRef(0);
  const [human, setHuman] = useState<string | null>(null);
  const [humanAttempt, setHumanAttempt] = useState(0);
  const [humanAvailable, setHumanAvailable] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const [freeBusy, setFreeBusy] = useState(false);
  /** A right password from a new address: the SMS-code step of the check (spec §2). */
  const [newIp, setNewIp] = useState<{ challenge: NewIpChallenge; password: string } | null>(null);

  // The key and the code that seal the login body, fetched while the player types.
  useEffect(() => prepareSealing(), []);

  /** spec §4: the captcha refreshes at most once per second. */
  async function loadCaptcha() {
    const now = Date.now();
    if (now - lastCaptchaAt.current < CAPTCHA_REFRESH_GUARD_MS) return;
    lastCaptchaAt.current = now;
    setValue('captcha', '');
    try {
      setCaptcha(await fetchCaptcha());
      setCaptchaFailed(false);
    } catch {
      setCaptchaFailed(true);
    }
  }

  /** The number's own error under its field: from the library here, or from the server. */
  const mobileError = (key: string) =>
    setError('mobileNum', { message: fieldMessage(t, 'mobileNum', key, undefined, phone.params) });

  /** Field errors of an SMS call, under this form's fields (the server names the number username or mobileNum). */
  function smsRefused(e: unknown) {
    if (e instanceof ApiError && e.fieldErrors)
      for (const [f, key] of Object.entries(e.fieldErrors)) {
        if (f === 'password') setError('smsCode', { message: fieldMessage(t, 'smsCode', key) });
        else if (f === 'username' || f === 'mobileNum') mobileError(key);
      }
    setGeneral(errorText(t, e));
  }

  /**
   * spec §5: the number is checked and the bot check passed before a code is asked for. The
   * number goes as E.164 once the phone library read it, so any way of writing it works.
   */
  async function requestCode() {
    setGeneral(null);
    clearErrors('mobileNum');
    const typed = form.getValues('mobileNum');
    const number = await phone.read(typed, dial);
    const refused = typed.trim() === '' ? 'validation.mobileNum' : number.reading?.ok === false && number.reading.key;
    if (refused) {
      mobileError(refused);
      return null;
    }
    if (humanAvailable && !human) {
      setGeneral(t('validation.verifyFirst'));
      return null;
    }
    try {
      return await sendLoginCode({
        mobileNum: number.mobile,
        countryDialingCode: number.dial,
        ...(human ? { altcha: human } : {}),
      });
    } finally {
      setHuman(null);
      setHumanAttempt((a) => a + 1);
    }
  }

  const onSmsSubmit = handleSubmit(async (v) => {
    setGeneral(null);
    clearErrors();
    const typed = v.mobileNum.trim();
    const code = v.smsCode.trim();
    if (!typed) mobileError('validation.mobileNum');
    if (!code) setError('smsCode', { message: t('validation.verificationCode') });
    if (!typed || !code) return;
    const number = await phone.read(typed, dial);
    if (number.reading?.ok === false) return mobileError(number.reading.key);
    try {
      const value = await smsLogin({ mobileNum: number.mobile, code, countryDialingCode: number.dial });
      saveRemembered(v.remember, { smsMobile: `${dial} ${typed}` });
      complete(value, { type: 'sms' });
    } catch (e) {
      smsRefused(e);
    }
  });

  const onPasswordSubmit = handleSubmit(async (v) => {
    setGeneral(null);
    clearErrors();
    const errors = validateLogin(v, { captcha: captchaOn });
    for (const [f, m] of Object.entries(errors))
      setError(f as keyof LoginFields, { message: fieldMessage(t, f, m.key) });
    if (Object.keys(errors).length > 0) return;
    if (humanAvailable && !human) {
      setGeneral(t('validation.verifyFirst'));
      return;
    }
    const username = v.username.trim();
    try {
      const value = await login({
        username,
        password: v.password,
        type: 'username',
        ...(captchaOn && captcha ? { captcha: v.captcha.trim(), captchaId: captcha.captchaId } : {}),
        ...(human ? { altcha: human } : {}),
      });
      saveRemembered(v.remember, { username });
      complete(value, { type: 'username', password: v.password });
    } catch (e) {
      // The solution was spent on this attempt: the next one needs a fresh check.
      setHuman(null);
      setHumanAttempt((a) => a + 1);
      if (e instanceof ApiError && e.code === NEW_IP_CHECK_REQUIRED && e.value) {
        saveRemembered(v.remember, { username });
        setNewIp({ challenge: e.value as NewIpChallenge, password: v.password });
        return;
      }
      // spec §4: a failure that carries the captcha flag turns the captcha on and loads it.
      const flagged = e instanceof ApiError && (e.value as { captcha?: boolean } | null)?.captcha === true;
      if (e instanceof ApiError && (e.code === CAPTCHA_REQUIRED || (flagged && !captchaOn))) {
        setCaptchaOn(true);
        lastCaptchaAt.current = 0;
        await loadCaptcha();
      } else if (captchaOn) {
        // A used captcha is spent on the server; show a fresh one with the error.
        lastCaptchaAt.current = 0;
        await loadCaptcha();
      }
      if (e instanceof ApiError && e.fieldErrors) {
        for (const [f, key] of Object.entries(e.fieldErrors))
          setError(f as keyof LoginFields, { message: fieldMessage(t, f, key) });
      }
      setGeneral(errorText(t, e));
    }
  });

  /** Free play opens an account too: it waits for the same human check as the login and registration. */
  async function onFreePlay() {
    setGeneral(null);
    if (humanAvailable && !human) {
      setGeneral(t('validation.verifyFirst'));
      return;
    }
    setFreeBusy(true);
    try {
      complete(await freePlay(human), { type: 'freeplay' });
    } catch (e) {
      // The solution was spent on this attempt: the next one needs a fresh check.
      setHuman(null);
      setHumanAttempt((a) => a + 1);
      setGeneral(errorText(t, e));
    } finally {
      setFreeBusy(false);
    }
  }

  if (newIp)
    return (
      <NewIpStep
        challenge={newIp.challenge}
        password={newIp.password}
        onBack={() => {
          setNewIp(null);
          setValue('password', '');
        }}
      />
    );

  const err = formState.errors;
  return (
    <form
      className="auth-form"
      onSubmit={smsMode ? onSmsSubmit : onPasswordSubmit}
      noValidate
      aria-label={t('auth.loginTitle')}
    >
      {flags?.MOBILEVERCODELOGIN3 ? (
        <label className="auth-field auth-mode">
          <span className="auth-label">{t('auth.loginMode')}</span>
          <select
            className="auth-input"
            value={mode}
            onChange={(e) => {
              clearErrors();
              setGeneral(null);
              setMode(e.target.value as 'username' | 'sms');
            }}
          >
            <option value="username">{t('auth.modePassword')}</option>
            <option value="sms">{t('auth.modeSms')}</option>
          </select>
        </label>
      ) : null}
      {smsMode ? (
        <>
          <Field
            label={t('validation.fields.mobileNum')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('auth.mobilePlaceholder')}
            error={err.mobileNum?.message}
            start={<CountryCodePicker value={dial} onChange={setDial} />}
            {...register('mobileNum', typedDigits)}
          />
          <Field
            label={t('validation.fields.verificationCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('auth.smsCodePlaceholder')}
            error={err.smsCode?.message}
            end={<SmsCodeButton send={requestCode} onError={smsRefused} />}
            {...register('smsCode', typedDigits)}
          />
        </>
      ) : (
        <>
          <Field
            label={t('validation.fields.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('auth.usernamePlaceholder')}
            error={err.username?.message}
            {...register('username')}
          />
          <Field
            label={t('validation.fields.password')}
            type="password"
            autoComplete="current-password"
            placeholder={t('auth.passwordPlaceholder')}
            error={err.password?.message}
            {...register('password')}
          />
          {captchaOn ? (
            <Field
              label={t('validation.fields.captcha')}
              autoComplete="off"
              inputMode="text"
              error={err.captcha?.message}
              end={
                <button
                  type="button"
                  className="auth-captcha"
                  onClick={loadCaptcha}
                  aria-label={t('auth.refreshCaptcha')}
                >
                  {captcha ? (
                    <img src={captchaSrc(captcha)} alt={t('auth.captchaImage')} width={100} height={36} />
                  ) : (
                    <span>{captchaFailed ? t('auth.captchaFailed') : t('auth.captchaLoading')}</span>
                  )}
                </button>
              }
              {...register('captcha', typedDigits)}
            />
          ) : null}
        </>
      )}
      <HumanCheck attempt={humanAttempt} onChange={setHuman} onAvailable={setHumanAvailable} />
      <div className="auth-row">
        <label className="auth-check">
          <input type="checkbox" {...register('remember')} />
          {t('auth.remember')}
        </label>
        <button type="button" className="link-btn" onClick={() => ui.openModal('login', 'forgot')}>
          {t('auth.forgot')}
        </button>
      </div>
      {general ? (
        <p className="auth-alert" role="alert">
          {general}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary auth-submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('auth.loggingIn') : t('auth.loginButton')}
      </button>
      {flags?.FREEPLAY3 ? (
        <button type="button" className="btn btn-ghost auth-submit" onClick={onFreePlay} disabled={freeBusy}>
          {t('auth.freePlay')}
        </button>
      ) : null}
    </form>
  );
}
