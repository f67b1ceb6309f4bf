import { ApiError, call } from '@khela/client';
import { staffSetupConfirmCall, staffSetupPasswordCall } from '@khela/contract/endpoints';
import {
  RECOVERY_CODE_COUNT,
  StaffSetupBody,
  StaffSetupConfirmBody,
  type StaffTotpEnrolment,
  TOTP_DIGITS,
} from '@khela/contract/staff';
import { z } from '@khela/contract/zod';
import QrCode from '@khela/ui/qr-code';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { applyServerErrors, Field, FormError, fieldAria, typedDigits, useContractForm } from '../../components/form';
import { Preferences } from '../../components/preferences';
import { useFormat } from '../../lib/format';

/**
 * The set-up link `staff create` prints (BACK-OFFICE.md "Starting a real brand"): choose a
 * password, enrol the authenticator with the QR code or the key, prove it with a code, and keep
 * the recovery codes, which are shown this once.
 */

const passwordRule = StaffSetupBody.shape.password;
const PasswordForm = z
  .object({ password: passwordRule, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'validation.passwordsDiffer', path: ['confirm'] });
const CodeForm = StaffSetupConfirmBody.pick({ code: true });

type Step = { at: 'password' } | { at: 'enrol'; enrolment: StaffTotpEnrolment } | { at: 'codes'; codes: string[] };

export function SetupPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [step, setStep] = useState<Step>({ at: 'password' });
  const [linkInvalid, setLinkInvalid] = useState(false);
  const onError = (e: unknown) => {
    if (e instanceof ApiError && e.code === 'SETUP_LINK_INVALID') setLinkInvalid(true);
  };

  return (
    <main className="auth-page">
      <div className="auth-top">
        <Preferences />
      </div>
      <div className="auth-card auth-card-wide">
        <p className="auth-brand">{t('app.name')}</p>
        <h1>{t('setup.title')}</h1>
        <ol className="steps" aria-label={t('setup.stepsLabel')}>
          {(['password', 'enrol', 'codes'] as const).map((s, i) => (
            <li key={s} aria-current={step.at === s ? 'step' : undefined}>
              <span className="step-number">{i + 1}</span>
              {t(`setup.step.${s}`)}
            </li>
          ))}
        </ol>
        {linkInvalid ? (
          <div className="notice notice-error" role="alert">
            <h2>{t('setup.linkInvalidTitle')}</h2>
            <p>{t('errors.SETUP_LINK_INVALID')}</p>
            <Link to="/login">{t('setup.toLogin')}</Link>
          </div>
        ) : step.at === 'password' ? (
          <PasswordStep token={token} onDone={(enrolment) => setStep({ at: 'enrol', enrolment })} onError={onError} />
        ) : step.at === 'enrol' ? (
          <EnrolStep
            token={token}
            enrolment={step.enrolment}
            onDone={(codes) => setStep({ at: 'codes', codes })}
            onError={onError}
          />
        ) : (
          <CodesStep codes={step.codes} />
        )}
      </div>
    </main>
  );
}

function PasswordStep({
  token,
  onDone,
  onError,
}: {
  token: string;
  onDone: (e: StaffTotpEnrolment) => void;
  onError: (e: unknown) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const form = useContractForm(PasswordForm, { defaultValues: { password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      onDone(await call(staffSetupPasswordCall, { token, password }));
    } catch (e) {
      onError(e);
      applyServerErrors(form, e);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="stack">
      <p>{t('setup.passwordIntro')}</p>
      <ul className="rules" id="password-rules">
        <li>
          {t('setup.rule.length', {
            min: f.count(passwordRule.minLength ?? 12),
            max: f.count(passwordRule.maxLength ?? 128),
          })}
        </li>
        <li>{t('setup.rule.common')}</li>
        <li>{t('setup.rule.unique')}</li>
      </ul>
      <Field id="password" label={t('setup.password')} error={errors.password?.message}>
        <input
          type="password"
          autoComplete="new-password"
          {...fieldAria('password', errors.password)}
          aria-describedby={`password-rules${errors.password ? ' password-error' : ''}`}
          {...form.register('password')}
        />
      </Field>
      <Field id="confirm" label={t('setup.confirm')} error={errors.confirm?.message}>
        <input
          type="password"
          autoComplete="new-password"
          {...fieldAria('confirm', errors.confirm)}
          {...form.register('confirm')}
        />
      </Field>
      <FormError message={errors.root?.server?.message} />
      <button type="submit" className="button button-primary" disabled={isSubmitting}>
        {t('setup.setPassword')}
      </button>
    </form>
  );
}

/** The key as an authenticator app asks for it: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function EnrolStep({
  token,
  enrolment,
  onDone,
  onError,
}: {
  token: string;
  enrolment: StaffTotpEnrolment;
  onDone: (codes: string[]) => void;
  onError: (e: unknown) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const form = useContractForm(CodeForm, { defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const [copied, setCopied] = useState(false);
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      onDone((await call(staffSetupConfirmCall, { token, code })).recoveryCodes);
    } catch (e) {
      onError(e);
      if (e instanceof ApiError && e.code === 'TOTP_INVALID')
        form.setError('code', { type: 'server', message: 'errors.TOTP_INVALID' }, { shouldFocus: true });
      else applyServerErrors(form, e);
    }
  });
  return (
    <div className="stack">
      <p>{t('setup.enrolIntro')}</p>
      <div className="enrol">
        <figure className="qr">
          <QrCode value={enrolment.otpauthUri} size={176} title={t('setup.qrLabel')} />
          <figcaption>{t('setup.account', { username: enrolment.username })}</figcaption>
        </figure>
        <div className="stack">
          <p>{t('setup.manualIntro')}</p>
          <code className="secret" data-testid="totp-secret">
            {grouped(enrolment.secret)}
          </code>
          <button
            type="button"
            className="button button-quiet"
            onClick={() => navigator.clipboard?.writeText(enrolment.secret).then(() => setCopied(true))}
          >
            {copied ? t('common.copied') : t('setup.copyKey')}
          </button>
          <form onSubmit={submit} noValidate className="stack">
            <Field
              id="code"
              label={t('setup.code')}
              hint={t('setup.codeHint', { digits: f.count(TOTP_DIGITS) })}
              error={errors.code?.message}
            >
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={TOTP_DIGITS + 2}
                className="code-input"
                {...fieldAria('code', errors.code, true)}
                {...form.register('code', typedDigits)}
              />
            </Field>
            <FormError message={errors.root?.server?.message} />
            <button type="submit" className="button button-primary" disabled={isSubmitting}>
              {t('setup.confirmCode')}
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}

export function CodesStep({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('setup.fileHeading')}\n\n${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'khela-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <div className="stack">
      <div className="notice notice-warning">
        <p>{t('setup.codesIntro', { count: f.count(codes.length || RECOVERY_CODE_COUNT) })}</p>
      </div>
      <ol className="recovery-codes" aria-label={t('setup.codesLabel')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="row">
        <button
          type="button"
          className="button"
          onClick={() => navigator.clipboard?.writeText(text).then(() => setCopied(true))}
        >
          {copied ? t('common.copied') : t('setup.copyCodes')}
        </button>
        <button type="button" className="button" onClick={download}>
          {t('setup.downloadCodes')}
        </button>
      </div>
      <label className="check">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        {t('setup.saved')}
      </label>
      <button
        type="button"
        className="button button-primary"
        disabled={!saved}
        onClick={() => navigate('/login', { replace: true, state: { setupDone: true } })}
      >
        {t('setup.finish')}
      </button>
    </div>
  );
}
