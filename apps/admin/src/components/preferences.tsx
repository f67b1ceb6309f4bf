import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';
import { type AdminLanguage, rememberTheme, storedTheme, type Theme } from '../lib/prefs';

/** The language and theme switches, on the login pages as in the shell. */
export function Preferences() {
  const { t, i18n } = useTranslation();
  const [theme, setTheme] = useState<Theme>(storedTheme);
  const next: AdminLanguage = i18n.language === 'bn' ? 'en' : 'bn';
  return (
    <div className="prefs">
      <button
        type="button"
        className="button button-quiet button-small"
        lang={next}
        onClick={() => changeLanguage(next)}
        aria-label={t('shell.switchLanguage')}
      >
        {next === 'bn' ? 'বাংলা' : 'English'}
      </button>
      <button
        type="button"
        className="button button-quiet button-small"
        aria-pressed={theme === 'dark'}
        onClick={() => {
          const other = theme === 'dark' ? 'light' : 'dark';
          rememberTheme(other);
          setTheme(other);
        }}
      >
        <span aria-hidden="true" className="pref-icon">
          {theme === 'dark' ? '☀' : '☾'}
        </span>
        <span className="pref-label">{theme === 'dark' ? t('shell.lightTheme') : t('shell.darkTheme')}</span>
      </button>
    </div>
  );
}
