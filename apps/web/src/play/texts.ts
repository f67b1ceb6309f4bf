import { DEFAULT_LOCALE, LOCALES, type Locale } from '@khela/contract/constants';
import { formatter } from '@khela/contract/format';

/**
 * The play page's texts: its own namespace (locales/<lang>/play.json) and the few `errors`
 * texts its calls can answer, for one language, downloaded on demand. The site's i18next and
 * its other namespaces stay out of this bundle.
 */
type Texts = Record<string, string>;

const playFiles = import.meta.glob<Texts>('../locales/*/play.json', { import: 'default' });
const errorFiles = import.meta.glob<Texts>('../locales/*/errors.json', { import: 'default' });
/** A game's own texts (locales/<lang>/play-<game>.json), looked up as `<game>.<key>`. */
const gameFiles = import.meta.glob<Texts>('../locales/*/play-*.json', { import: 'default' });

/** The error codes the play API can answer, plus the client's own NETWORK. */
export const PLAY_ERROR_CODES = [
  'INSUFFICIENT_FUNDS',
  'GAME_SESSION_INVALID',
  'LAUNCH_TICKET_INVALID',
  'STAKE_NOT_OFFERED',
  'DUPLICATE_TRANSACTION',
  'GAME_MAINTENANCE',
  'MAINTENANCE',
  'TOO_MANY_REQUESTS',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'ROUND_CLOSED',
  'ROUND_NOT_FOUND',
  'CONFLICT',
  'DUPLICATE_TRANSACTION',
  'NETWORK',
  'UNKNOWN',
] as const;

export function toLocale(lang: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(lang ?? '') ? (lang as Locale) : DEFAULT_LOCALE;
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * Loads the texts of `lang` (and of `game`'s own file when given) and returns a
 * `t('play.spin')` / `t('dice.roll')` / `t('errors.NETWORK')` lookup.
 */
export async function loadTexts(lang: Locale, game?: string): Promise<Translate> {
  const none = async (): Promise<Texts> => ({});
  const [play, errors, own] = await Promise.all([
    (playFiles[`../locales/${lang}/play.json`] ?? none)(),
    (errorFiles[`../locales/${lang}/errors.json`] ?? none)(),
    game ? (gameFiles[`../locales/${lang}/play-${game}.json`] ?? none)() : none(),
  ]);
  const table: Texts = {};
  for (const [k, v] of Object.entries(play)) table[`play.${k}`] = v;
  for (const [k, v] of Object.entries(own)) table[`${game}.${k}`] = v;
  for (const code of PLAY_ERROR_CODES) {
    const text = errors[code];
    if (text) table[`errors.${code}`] = text;
  }
  const fmt = formatter(lang);
  return (key, vars) => {
    // An unknown error key (a code newer than this page) still reads as a sentence.
    const text = table[key] ?? (key.startsWith('errors.') ? table['errors.UNKNOWN'] : undefined) ?? key;
    // A number is written in the language's digits (as the site's i18next does); strings as given.
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
      const value = vars?.[name] ?? '';
      return typeof value === 'number' ? fmt.number(value) : value;
    });
  };
}
