import { PICKER_BLUR_DELAY_MS } from '@khela/contract/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { DEFAULT_DIALING_CODE, useDialingCodes } from './phone';

/** Countries whose names the picker shows beside their code: the region and where its workers live. */
const COUNTRIES = [
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

/** The supplied code when the brand takes it, else the brand's first. */
export function initialDialingCode(codes: readonly string[], supplied?: string): string {
  const n = supplied ? `+${supplied.replace(/\D/g, '')}` : '';
  return codes.includes(n) ? n : (codes[0] ?? DEFAULT_DIALING_CODE);
}

function regionName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

type Props = { value: string; onChange: (dial: string) => void };

/**
 * Spec §2: opens on focus, closes 200 ms after blur (so a click on an option lands), then emits
 * the code. It offers the brand's dialling codes only: no code goes to another country's number.
 */
export function CountryCodePicker({ value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const codes = useDialingCodes();
  const fmt = useFormat();
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
        value={fmt.digits(value)}
        aria-label={t('auth.countryCode')}
        onFocus={onFocus}
        onBlur={onBlur}
      />
      {open ? (
        <ul id={listId} className="auth-country-list" aria-label={t('auth.countryCode')}>
          {codes.map((dial) => {
            const country = COUNTRIES.find((c) => c.dial === dial);
            return (
              <li key={dial}>
                <button
                  type="button"
                  aria-pressed={dial === value}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    onChange(dial);
                    setOpen(false);
                  }}
                >
                  {country ? `${regionName(country.code, i18n.language)} ${fmt.digits(dial)}` : fmt.digits(dial)}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
