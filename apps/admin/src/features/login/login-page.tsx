import { ApiError, call } from '@khela/client';
import { staffLoginCall, staffVerifyCall } from '@khela/contract/endpoints';
import { StaffLoginBody, TOTP_DIGITS } from '@khela/contract/staff';
import { z } from '@khela/contract/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { applyServerErrors, Field, FormError, fieldAria, typedDigits, useContractForm } from '../../components/form';
import { Preferences } from '../../components/preferences';
import { useFormat } from '../../lib/format';
import { startSession, takeSessionEndedNotice } from '../../lib/session';

/**
 * Staff login in two steps (decision 0030): username and password, then a code from the
 * authenticator — or one of the recovery codes when the phone is not at hand.
 */

const Credentials = z.object({
  username: StaffLoginBody.shape.username.min(1),
  password: StaffLoginBody.shape.password.min(1),
});
const TotpForm = z.object({ code: z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`)) });
const RecoveryForm = z.object({ recoveryCode: z.string().min(1).max(32) });

export type LoginState = { ended?: boolean; setupDone?: boolean; from?: string };

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  // Read once: the notice stays while this page is open, and not after a reload.
  const [ended] = useState(() => takeSessionEndedNotice() || !!state.ended);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [restartNotice, setRestartNotice] = useState(false);

  return (
    <main className="auth-page">
      <div className="auth-top">
        <Preferences />
      </div>
      <div className="auth-card">
        <p className="auth-brand">{t('app.name')}</p>
        <h1>{t('login.title')}</h1>
        {ended && !challenge && (
          <p className="notice notice-info" role="status">
            {t('login.sessionEnded')}
          </p>
        )}
        {state.setupDone && !challenge && (
          <p className="notice notice-success" role="status">
            {t('login.setupDone')}
          </p>
        )}
        {restartNotice && !challenge && (
          <p className="notice notice-info" role="status">
            {t('errors.LOGIN_CHALLENGE_INVALID')}
          </p>
        )}
        {challenge ? (
          <SecondStep
            challenge={challenge}
            from={state.from}
            onRestart={() => {
              setChallenge(null);
              setRestartNotice(true);
            }}
          />
        ) : (
          <FirstStep
            onChallenge={(c) => {
              setRestartNotice(false);
              setChallenge(c);
            }}
          />
        )}
      </div>
    </main>
  );
}

function FirstStep({ onChallenge }: { onChallenge: (challenge: string) => void }) {
  const { t } = useTranslation();
  const form = useContractForm(Credentials, { defaultValues: { username: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      onChallenge((await call(staffLoginCall, body)).challenge);
    } catch (e) {
      applyServerErrors(form, e);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="stack">
      <Field id="username" label={t('login.username')} error={errors.username?.message}>
        <input autoComplete="username" {...fieldAria('username', errors.username)} {...form.register('username')} />
      </Field>
      <Field id="password" label={t('login.password')} error={errors.password?.message}>
        <input
          type="password"
          autoComplete="current-password"
          {...fieldAria('password', errors.password)}
          {...form.register('password')}
        />
      </Field>
      <FormError message={errors.root?.server?.message} />
      <button type="submit" className="button button-primary" disabled={isSubmitting}>
        {t('login.next')}
      </button>
    </form>
  );
}

function SecondStep({ challenge, from, onRestart }: { challenge: string; from?: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [byRecovery, setByRecovery] = useState(false);
  const totp = useContractForm(TotpForm, { defaultValues: { code: '' } });
  const recovery = useContractForm(RecoveryForm, { defaultValues: { recoveryCode: '' } });

  const verify = async (body: { code: string } | { recoveryCode: string }, onFail: (e: unknown) => void) => {
    try {
      const s = await call(staffVerifyCall, { challenge, ...body });
      startSession(s.token);
      queryClient.clear();
      navigate(from && from !== '/login' ? from : '/', {
        replace: true,
        state: 'recoveryCode' in body ? { recoveryCodesLeft: s.recoveryCodesLeft } : undefined,
      });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'LOGIN_CHALLENGE_INVALID') onRestart();
      else onFail(e);
    }
  };
  const fieldError = (e: unknown) => e instanceof ApiError && e.code === 'TOTP_INVALID';

  if (byRecovery) {
    const { errors, isSubmitting } = recovery.formState;
    return (
      <form
        className="stack"
        noValidate
        onSubmit={recovery.handleSubmit((v) =>
          verify({ recoveryCode: v.recoveryCode.trim() }, (e) =>
            fieldError(e)
              ? recovery.setError('recoveryCode', { type: 'server', message: 'login.recoveryInvalid' })
              : applyServerErrors(recovery, e),
          ),
        )}
      >
        <p>{t('login.recoveryIntro')}</p>
        <Field id="recoveryCode" label={t('login.recoveryCode')} error={errors.recoveryCode?.message}>
          <input
            autoComplete="off"
            spellCheck={false}
            className="code-input"
            {...fieldAria('recoveryCode', errors.recoveryCode)}
            {...recovery.register('recoveryCode')}
          />
        </Field>
        <FormError message={errors.root?.server?.message} />
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {t('login.submit')}
        </button>
        <button type="button" className="link-button" onClick={() => setByRecovery(false)}>
          {t('login.useTotp')}
        </button>
      </form>
    );
  }
  const { errors, isSubmitting } = totp.formState;
  return (
    <form
      className="stack"
      noValidate
      onSubmit={totp.handleSubmit((v) =>
        verify({ code: v.code }, (e) =>
          fieldError(e)
            ? totp.setError('code', { type: 'server', message: 'errors.TOTP_INVALID' }, { shouldFocus: true })
            : applyServerErrors(totp, e),
        ),
      )}
    >
      <p>{t('login.totpIntro')}</p>
      <Field
        id="code"
        label={t('login.code')}
        hint={t('login.codeHint', { digits: f.count(TOTP_DIGITS) })}
        error={errors.code?.message}
      >
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          className="code-input"
          maxLength={TOTP_DIGITS + 2}
          // biome-ignore lint/a11y/noAutofocus: the step exists to take this one code.
          autoFocus
          {...fieldAria('code', errors.code, true)}
          {...totp.register('code', typedDigits)}
        />
      </Field>
      <FormError message={errors.root?.server?.message} />
      <button type="submit" className="button button-primary" disabled={isSubmitting}>
        {t('login.submit')}
      </button>
      <button type="button" className="link-button" onClick={() => setByRecovery(true)}>
        {t('login.useRecovery')}
      </button>
    </form>
  );
}
