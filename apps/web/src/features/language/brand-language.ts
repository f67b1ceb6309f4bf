import type { BrandInfo } from '@khela/contract';
import i18next from 'i18next';
import { changeLanguage, initialLanguage } from '../../lib/i18n';

/** If the stored language is not one the brand offers, switch to the brand default (spec §1). */
export async function applyBrandLanguage(brand: Pick<BrandInfo, 'languages' | 'defaultLanguage'>): Promise<void> {
  const wanted = initialLanguage(brand.languages, brand.defaultLanguage);
  if (wanted !== i18next.language) await changeLanguage(wanted);
}
