import { SMS_THROTTLE_MS } from '@khela/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsCodeSent } from './sms-api';

type Props = {
  /** Checks the number, runs the bot check and asks for the code; throws to stay idle. */
  send: () => Promise<SmsCodeSent | null>;
  onError?: (e: unknown) => void;
  /** The idle text (default 'Get code'). */
  label?: string;
  /** Seconds to count after a send instead of the code's expiry (the resend gap of a check). */
  cooldownSeconds?: number;
  /** Seconds already to count at first (a code was sent before the button appeared). */
  initialSeconds?: number;
};

/**
 * Spec §4 'SMS code': Get code sends; the button then counts down expiry minutes × 60 s, one
 * tick a second, and is blocked while counting. Clicks are throttled to one send per 1000 ms.
 */
export function SmsCodeButton({ send, onError, label, cooldownSeconds, initialSeconds = 0 }: Props) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(initialSeconds);
  const [busy, setBusy] = useState(false);
  const lastAt = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    if (seconds <= 0) return;
    const id = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [seconds]);

  async function onClick() {
    if (seconds > 0 || busy) return;
    const now = Date.now();
    if (now - lastAt.current < SMS_THROTTLE_MS) return;
    lastAt.current = now;
    setBusy(true);
    try {
      const sent = await send();
      if (sent) setSeconds(Math.max(1, Math.round(cooldownSeconds ?? sent.expiredMinutes * 60)));
    } catch (e) {
      onError?.(e);
    } finally {
      setBusy(false);
    }
  }

  const counting = seconds > 0;
  return (
    <button
      type="button"
      className="btn btn-ghost auth-sms-button"
      onClick={onClick}
      disabled={counting || busy}
      aria-live="polite"
    >
      {counting ? t('auth.smsCountdown', { seconds }) : busy ? t('auth.smsSending') : (label ?? t('auth.smsGetCode'))}
    </button>
  );
}
