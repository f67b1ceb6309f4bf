import type { Promotion } from '@khela/contract';
import { PROMOTION_CATEGORIES } from '@khela/contract/constants';
import { EmptyState } from '@khela/ui/empty-state';
import { ArrowLeftIcon } from '@khela/ui/icons';
import { Loading } from '@khela/ui/loading';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFormat } from '../../lib/format';
import { useSanitizedHtml } from '../../lib/sanitize-lazy';
import { type CategoryFilter, promotionPath, usePromotion, usePromotionPages } from './api';
import './promotions.css';

/** The filter tabs: 'all', then the categories in the order of spec §2's promotion types. */
const FILTERS: readonly CategoryFilter[] = ['all', ...PROMOTION_CATEGORIES];

function filterOf(v: string | null): CategoryFilter {
  return FILTERS.find((f) => f === v) ?? 'all';
}

/** A positive whole id, or null for anything else in the address. */
function idOf(v: string | null): number | null {
  return v !== null && /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) <= 2_147_483_647 ? Number(v) : null;
}

/**
 * /promotions (spec §2): the running promotions by type, or, when the address has an id (the
 * carousel's tap, spec §2 'Registration form'), that promotion's details.
 */
export function PromotionsPage() {
  const [params] = useSearchParams();
  if (params.has('id')) return <PromotionDetail id={idOf(params.get('id'))} />;
  return <PromotionBrowser filter={filterOf(params.get('category'))} />;
}

/** /promoDetail?id=… (spec §2 'promoDetail'): the same details as /promotions?id=…. */
export function PromotionDetailPage() {
  const [params] = useSearchParams();
  return <PromotionDetail id={idOf(params.get('id'))} />;
}

/** When a promotion runs, in the reader's locale. */
function usePeriod() {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (p: Promotion, long = false) => {
    const start = fmt.date(p.startTime);
    if (p.endTime === null) return long ? t('promotions.since', { start }) : t('promotions.ongoing');
    const end = fmt.date(p.endTime);
    return long ? t('promotions.period', { start, end }) : t('promotions.until', { date: end });
  };
}

function PromotionBrowser({ filter }: { filter: CategoryFilter }) {
  const { t } = useTranslation();
  const pages = usePromotionPages(filter);
  const period = usePeriod();
  const promotions = pages.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <>
      <div className="page-head">
        <h1 className="page-title">{t('pages.title.promotions')}</h1>
      </div>
      <nav className="promo-filters" aria-label={t('promotions.types')}>
        {FILTERS.map((f) => (
          <Link
            key={f}
            to={f === 'all' ? '/promotions' : `/promotions?category=${f}`}
            className="promo-filter"
            aria-current={f === filter ? 'page' : undefined}
            preventScrollReset
          >
            {t(`promotions.categories.${f}`)}
          </Link>
        ))}
      </nav>
      {pages.isPending ? (
        <Loading className="promo-state" />
      ) : pages.isError ? (
        <div className="promo-state" role="alert">
          <p>{t('promotions.loadFailed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => pages.refetch()}>
            {t('promotions.retry')}
          </button>
        </div>
      ) : promotions.length === 0 ? (
        <EmptyState title={t('pages.promotionsEmptyTitle')} text={t('pages.promotionsEmptyText')} />
      ) : (
        <>
          <ul className="promo-grid">
            {promotions.map((p) => (
              <li key={p.id}>
                <Link to={promotionPath(p.id)} className="promo-card">
                  <img src={p.imageUrl} alt="" loading="lazy" decoding="async" className="promo-card-img" />
                  <span className="promo-card-title">{p.title}</span>
                  <span className="promo-card-time">{period(p)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {pages.hasNextPage ? (
            <button
              type="button"
              className="btn btn-ghost promo-more"
              disabled={pages.isFetchingNextPage}
              onClick={() => pages.fetchNextPage()}
            >
              {pages.isFetchingNextPage ? t('common.loading') : t('promotions.showMore')}
            </button>
          ) : null}
        </>
      )}
    </>
  );
}

function PromotionDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const { data: promotion, isPending, isError } = usePromotion(id);
  const period = usePeriod();
  const html = useSanitizedHtml(promotion?.body);
  const back = (
    <Link to="/promotions" className="back-link">
      <ArrowLeftIcon size={18} />
      {t('pages.allPromotions')}
    </Link>
  );

  if (id !== null && isPending) return <Loading className="promo-state" />;
  if (id === null || isError || !promotion)
    return (
      <>
        <div className="page-head">
          <h1 className="page-title">{t('pages.title.promoDetail')}</h1>
        </div>
        <EmptyState title={t('pages.promoNotFoundTitle')} text={t('pages.promoNotFoundText')}>
          {back}
        </EmptyState>
      </>
    );
  return (
    <article className="promo-detail" aria-labelledby="promo-detail-title">
      {back}
      <img src={promotion.imageUrl} alt="" className="promo-detail-img" />
      <p className="promo-detail-type">{t(`promotions.categories.${promotion.category}`)}</p>
      <h1 id="promo-detail-title" className="page-title">
        {promotion.title}
      </h1>
      <p className="promo-card-time">{period(promotion, true)}</p>
      {html === null ? (
        <Loading className="promo-state" />
      ) : (
        // The HTML comes from lib/sanitize (DOMPurify): no scripts, frames, forms or handlers.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above
        <div className="promo-detail-body rich-text" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </article>
  );
}
