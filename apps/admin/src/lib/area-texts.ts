import i18next from 'i18next';

/**
 * Texts of an area that arrive with the area's own chunk instead of the first screen's: the
 * back office's entry stays under its size budget however many desks there are, and a staff
 * member who never opens the area never downloads its words. Called when the area's module is
 * evaluated, before its screen renders; both languages at once, so a switch needs no download.
 */
export function addAreaTexts(texts: { bn: Record<string, unknown>; en: Record<string, unknown> }) {
  for (const [lang, tree] of Object.entries(texts)) i18next.addResourceBundle(lang, 'translation', tree, true, false);
}
