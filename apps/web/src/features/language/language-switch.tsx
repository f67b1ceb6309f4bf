import type { Locale } from '@khela/contract';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '@khela/ui/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyServerLanguage } from '../../lib/account-language';
import { changeLanguage, isLocale } from '../../lib/i18n';
import { LANGUAGE_NAMES, LANGUAGE_SHORT } from '../../lib/language-names';
import { useBrand } from '../../lib/system';
import './language-switch.css';

/**
 * Language picker of the header, shown only when the brand offers more than one language
 * (spec §2). Texts switch in place, without a reload.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const languages = (brand?.languages ?? []).filter(isLocale);
  const current = isLocale(i18n.language) ? i18n.language : undefined;

  useEffect(() => {
    if (!open) return;
    const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
    (items().find((el) => el.getAttribute('aria-checked') === 'true') ?? items()[0])?.focus();
    function onDown(e: PointerEvent) {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    }
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        e.stopPropagation();
        setOpen(false);
        button.current?.focus();
        return;
      }
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Home' && e.key !== 'End') return;
      e.preventDefault();
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      const next =
        e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? list.length - 1
            : (at + (e.key === 'ArrowDown' ? 1 : -1) + list.length) % list.length;
      list[next]?.focus();
    }
    document.addEventListener('pointerdown', onDown);
    root.current?.addEventListener('keydown', onKey);
    const node = root.current;
    return () => {
      document.removeEventListener('pointerdown', onDown);
      node?.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (languages.length < 2) return null;

  async function choose(lang: Locale) {
    setOpen(false);
    button.current?.focus();
    if (lang === current) return;
    await changeLanguage(lang);
    await notifyServerLanguage(lang);
  }

  const name = current ? LANGUAGE_NAMES[current] : '';
  return (
    <div className="lang-switch" ref={root}>
      <button
        ref={button}
        type="button"
        className="lang-switch-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={t('language.choose')}
        onClick={() => setOpen((o) => !o)}
      >
        <GlobeIcon size={18} />
        {/* The name is said in full; the short code is what the eye reads. */}
        <span className="visually-hidden">{t('language.current', { name })}</span>
        <span className="lang-switch-code" aria-hidden="true">
          {current ? LANGUAGE_SHORT[current] : ''}
        </span>
        <ChevronDownIcon size={14} className="lang-switch-caret" />
      </button>
      {open ? (
        <div className="lang-menu" id={menuId} role="menu" aria-label={t('language.choose')}>
          {languages.map((lang) => (
            <button
              key={lang}
              type="button"
              role="menuitemradio"
              aria-checked={lang === current}
              className="lang-menu-item"
              lang={lang}
              onClick={() => void choose(lang)}
            >
              <span>{LANGUAGE_NAMES[lang]}</span>
              {lang === current ? <CheckIcon size={16} /> : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
