import { MoonIcon, SunIcon } from '@khela/ui/icons';
import { useTranslation } from 'react-i18next';
import { useTheme } from './use-theme';

/** Dark/light switch (spec §2 'Header'): one button naming the theme it switches to. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'light' ? t('theme.toLight') : t('theme.toDark');
  return (
    <button type="button" className="icon-btn" onClick={() => setTheme(next)} aria-label={label} title={label}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
