import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { isLocale, loadLocale } from '../../lib/i18n';

/**
 * The cashier's texts — its pages, the request states, the notice kinds and its error codes —
 * live in `locales/<lang>/cashier/*.json`, one file per namespace (cashier, errors, notices), and
 * reach the browser only when a cashier page or a notice's toast opens: the home page's first
 * download is at its budget, and most visits never open the cashier. Each file is merged into
 * the language's texts under its namespace, so its keys read as everywhere else
 * (`errors.REFERENCE_USED`, `notices.kinds.deposit.arrival`).
 */
const packs = import.meta.glob<Record<string, unknown>>('../../locales/*/cashier/*.json', { import: 'default' });

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/**
 * Loads `lang`'s cashier texts into i18next once — again if its texts were replaced since (a
 * language's main texts loaded afresh drop the merged cashier namespaces with them).
 */
export function loadCashierTexts(lang: string): Promise<void> {
  let done = loading.get(lang);
  if (done && loaded.has(lang) && !i18next.hasResourceBundle(lang, 'translation')) {
    loaded.delete(lang);
    done = undefined;
  }
  if (!done) {
    const files = Object.entries(packs).filter(([p]) => p.includes(`/locales/${lang}/cashier/`));
    // A language not yet shown gets its main texts first: a bundle holding only the cashier's
    // would look loaded to a later language switch (lib/i18n.ts changeLanguage).
    const main =
      i18next.hasResourceBundle(lang, 'translation') || !isLocale(lang)
        ? Promise.resolve()
        : loadLocale(lang).then((texts) => {
            i18next.addResourceBundle(lang, 'translation', texts, true, false);
          });
    done = main
      .then(() =>
        Promise.all(
          files.map(async ([p, load]) => {
            const ns = p.slice(p.lastIndexOf('/') + 1, -'.json'.length);
            i18next.addResourceBundle(lang, 'translation', { [ns]: await load() }, true, false);
          }),
        ),
      )
      .then(() => {
        loaded.add(lang);
      });
    loading.set(lang, done);
  }
  return done;
}

/** Suspends until the active language's cashier texts are in (a language switch loads them too). */
export function useCashierTexts() {
  const tr = useTranslation();
  const lang = tr.i18n.language;
  // Not loaded yet (a page's first open, a language switch): suspend by throwing the load, so
  // React renders the page afresh once it is in. use() would replay this very render and then
  // fail (error 520) when the replay, the texts in by then, no longer called it.
  if (!tr.i18n.exists('cashier.loading', { lng: lang })) throw loadCashierTexts(lang);
  return tr;
}
