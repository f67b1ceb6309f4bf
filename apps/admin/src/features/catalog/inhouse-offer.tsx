import { type CatalogVendorRow, INHOUSE_GAME_CODES } from '@khela/contract/staff-catalog';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { installInhouse } from './api';

/** Whether the brand lacks any of Khela's in-house games (their vendor is the one of category INHOUSE). */
export const inhouseMissing = (vendors: CatalogVendorRow[]) =>
  !vendors.some((v) => v.category === 'INHOUSE' && v.gameCount >= INHOUSE_GAME_CODES.length);

/**
 * Offers Khela's own slot, dice and crash to a brand that lacks them (a brand made by
 * `brand create` has none); pressing it twice adds nothing the second time, and says so.
 */
export function InhouseOffer({ vendors, onAdded }: { vendors: CatalogVendorRow[]; onAdded: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const add = useMutation({ mutationFn: installInhouse, onSuccess: onAdded });
  if (add.data)
    return (
      <p className="notice" role="status">
        {add.data.added.length > 0
          ? t('catalog.inhouse.added', { n: f.digits(add.data.added.length) })
          : t('catalog.inhouse.none')}
      </p>
    );
  if (!inhouseMissing(vendors)) return null;
  return (
    <div className="notice cat-inhouse">
      <p>{t('catalog.inhouse.text')}</p>
      {add.error && (
        <p className="form-error" role="alert">
          {errorText(t, add.error)}
        </p>
      )}
      <button type="button" className="button button-primary" disabled={add.isPending} onClick={() => add.mutate()}>
        {t('catalog.inhouse.button')}
      </button>
    </div>
  );
}
