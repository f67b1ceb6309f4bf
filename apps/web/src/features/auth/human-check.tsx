import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterFirstScreen } from '../../lib/idle';
import { fetchHumanChallenge } from './api';

type HumanCheckProps = {
  /** The ALTCHA payload once solved, null when not (yet) or no longer valid. */
  onChange: (payload: string | null) => void;
  /** Told whether the server offers the check at all; without it the server decides alone. */
  onAvailable?: (available: boolean) => void;
};

const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true });

type AltchaElement = HTMLElement & { configure?: (o: Record<string, unknown>) => void; verify?: () => void };

/**
 * The human check: a self-hosted ALTCHA proof-of-work. The widget's script is
 * loaded here, lazily, only once a form shows and the server has handed out a challenge — never
 * in the home bundle. The challenge comes through the api client (the envelope is unwrapped)
 * and is given to the widget as data; an expired one is fetched again.
 */
export function HumanCheck({ attempt = 0, ...props }: HumanCheckProps & { attempt?: number }) {
  const [round, setRound] = useState(0);
  // A solution is good for one submission (the server remembers used ones): the form bumps
  // `attempt` after each submit, which starts a fresh challenge.
  return <HumanCheckRound key={`${attempt}:${round}`} {...props} onExpired={() => setRound((r) => r + 1)} />;
}

/**
 * A form's human-check state: the solution, whether the server offers the check, and `spend()`
 * after a request used the solution (the widget then starts a fresh challenge). `props` go to
 * <HumanCheck>.
 */
export function useHumanCheck() {
  const [solution, setSolution] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [available, setAvailable] = useState(false);
  return {
    solution,
    /** The server offers the check and it is not solved yet: a request would be refused. */
    missing: available && !solution,
    spend() {
      setSolution(null);
      setAttempt((a) => a + 1);
    },
    props: { attempt, onChange: setSolution, onAvailable: setAvailable },
  };
}
export type HumanCheckState = ReturnType<typeof useHumanCheck>;

/** One challenge's life; an expired challenge remounts it with a fresh one. */
function HumanCheckRound({ onChange, onAvailable, onExpired }: HumanCheckProps & { onExpired: () => void }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<AltchaElement>(null);
  const [challenge, setChallenge] = useState<Record<string, unknown> | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const change = useRef(onChange);
  change.current = onChange;
  const expire = useRef(onExpired);
  expire.current = onExpired;
  const available = useRef(onAvailable);
  available.current = onAvailable;

  const i18nRef = useRef(i18n.language);
  useEffect(() => {
    const ctrl = new AbortController();
    // After the page's first screen: a form opened with the page (/login) must not hold its first
    // paint for the widget's code; the proof of work still starts long before a player submits.
    afterFirstScreen()
      .then(() => fetchHumanChallenge(ctrl.signal))
      .then((c) => {
        setChallenge(c);
        setFailed(false);
        available.current?.(true);
        // The widget, and its Bengali texts when the site is in Bengali (its own default is English).
        return import('altcha')
          .then(() => (i18nRef.current === 'bn' ? import('altcha/i18n/bn') : undefined))
          .then(() => setReady(true));
      })
      .catch((e: Error) => {
        if (e.name === 'AbortError') return;
        setFailed(true);
        available.current?.(false);
      });
    return () => ctrl.abort();
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!ready || !el || !challenge) return;
    const onState = (ev: Event) => {
      const detail = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail.state === 'verified' && detail.payload) change.current(detail.payload);
      else change.current(null);
    };
    const expired = () => {
      change.current(null);
      expire.current();
    };
    el.addEventListener('statechange', onState);
    el.addEventListener('expired', expired);
    // The widget's methods exist only once its component has mounted, a microtask after the
    // element is attached; React may run this effect before that (when the commit came with a
    // keystroke or a click), and a configure() called then would be lost. So wait for it.
    let kick: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      if (typeof el.configure !== 'function') {
        kick = setTimeout(start, 10);
        return;
      }
      el.configure({ challenge, hideFooter: true, language: i18n.language === 'bn' ? 'bn' : 'en' });
      // Solving starts as soon as the form shows (once per challenge), so it is usually done
      // before the player submits. This is the only start: the widget's own 'onload' misses a
      // script loaded earlier, and its 'onfocus' could start it before it has the challenge
      // (a keystroke while it mounts), which ends in its error state.
      kick = setTimeout(() => {
        const state = el.querySelector('.altcha')?.getAttribute('data-state');
        if (state !== 'verifying' && state !== 'verified') el.verify?.();
      }, 0);
    };
    start();
    return () => {
      clearTimeout(kick);
      el.removeEventListener('statechange', onState);
      el.removeEventListener('expired', expired);
    };
  }, [ready, challenge, i18n.language]);

  if (failed) return null;
  if (!ready) return <p className="auth-human-loading">{t('auth.humanLoading')}</p>;
  return (
    <div className="auth-human">
      {/* Configured from its first paint: a footer shown until configure() hid it moved the popup. */}
      <altcha-widget ref={ref} name="altcha" configuration={WIDGET_CONFIGURATION} />
    </div>
  );
}
