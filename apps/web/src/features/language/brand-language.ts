import type { BrandInfo } from '@khela/contract';
import i18next from 'i18next';
import { changeLanguage, chosenLanguage, initialLanguage } from '../../lib/i18n';
import { local } from '../../lib/storage';

/**
 * If the stored language is not one the brand offers, switch to the brand default (spec §1).
 * The default is applied, not stored: it was nobody's choice.
 */
export async function applyBrandLanguage(brand: Pick<BrandInfo, 'languages' | 'defaultLanguage'>): Promise<void> {
  if (local.get('lang') !== null && chosenLanguage(brand.languages) === null) local.remove('lang');
  const wanted = initialLanguage(brand.languages, brand.defaultLanguage);
  if (wanted !== i18next.language) await changeLanguage(wanted, { remember: false });
}
