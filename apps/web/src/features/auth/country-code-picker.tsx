import { PICKER_BLUR_DELAY_MS } from '@khela/contract/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Dialling codes offered: Bangladesh first, then the region and where its workers live. */
export const COUNTRIES = [
  { code: 'BD', dial: '+880' },
  { code: 'IN', dial: '+91' },
  { code: 'PK', dial: '+92' },
  { code: 'NP', dial: '+977' },
  { code: 'LK', dial: '+94' },
  { code: 'MY', dial: '+60' },
  { code: 'SG', dial: '+65' },
  { code: 'AE', dial: '+971' },
  { code: 'SA', dial: '+966' },
  { code: 'QA', dial: '+974' },
  { code: 'GB', dial: '+44' },
  { code: 'US', dial: '+1' },
] as const;

/** Bangladesh: the default when no listed code is supplied. */
export const DEFAULT_DIALING_CODE = '+880';

const normalise = (dial: string | undefined) => (dial ? `+${dial.replace(/\D/g, '')}` : '');

/** The supplied code when it is listed, else Bangladesh (+880). */
export function initialDialingCode(supplied?: string): string {
  const n = normalise(supplied);
  return COUNTRIES.some((c) => c.dial === n) ? n : DEFAULT_DIALING_CODE;
}

function regionName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

type Props = { value: string; onChange: (dial: string) => void };

/** Spec §2: opens on focus, closes 200 ms after blur (so a click on an option lands), then emits the code. */
export function CountryCodePicker({ value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listId = useId();
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  function onFocus() {
    if (timer.current) clearTimeout(timer.current);
    setOpen(true);
  }
  function onBlur() {
    timer.current = setTimeout(() => setOpen(false), PICKER_BLUR_DELAY_MS);
  }

  return (
    <div className="auth-country">
      <input
        className="auth-input auth-country-input"
        readOnly
        value={value}
        aria-label={t('auth.countryCode')}
        onFocus={onFocus}
        onBlur={onBlur}
      />
      {open ? (
        <ul id={listId} className="auth-country-list" aria-label={t('auth.countryCode')}>
          {COUNTRIES.map((c) => (
            <li key={c.code}>
              <button
                type="button"
                aria-pressed={c.dial === value}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  onChange(c.dial);
                  setOpen(false);
                }}
              >
                {regionName(c.code, i18n.language)} {c.dial}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
