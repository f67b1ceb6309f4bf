import type { Promotion, PromotionList } from '@khela/contract';
import type { PromotionCategory } from '@khela/contract/constants';
import { promotionCall, promotionListCall } from '@khela/contract/endpoints';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { callLanguage } from '../../lib/i18n';

export type CategoryFilter = PromotionCategory | 'all';

export function fetchPromotions(
  query: { category: CategoryFilter; language: string; pageNo?: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<PromotionList> {
  const { category, language, pageNo, pageSize } = query;
  // Query strings carry text: the contract reads the page numbers from digits.
  return call(
    promotionListCall,
    {
      category,
      language: callLanguage(language),
      pageNo: pageNo === undefined ? undefined : String(pageNo),
      pageSize: pageSize === undefined ? undefined : String(pageSize),
    },
    { signal },
  );
}

export function fetchPromotion(id: number, language: string, signal?: AbortSignal): Promise<Promotion> {
  return call(promotionCall, { params: { id: String(id) }, query: { language: callLanguage(language) } }, { signal });
}

/** The first page of a category's running promotions in the current language (the carousel). */
export function usePromotions(category: CategoryFilter) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['promotions', category, language, 1],
    queryFn: ({ signal }) => fetchPromotions({ category, language }, signal),
    staleTime: 5 * 60_000,
  });
}

/** A category's running promotions, a page at a time (the promotions page's 'Show more'). */
export function usePromotionPages(category: CategoryFilter) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useInfiniteQuery({
    queryKey: ['promotions', category, language, 'pages'],
    queryFn: ({ signal, pageParam }) => fetchPromotions({ category, language, pageNo: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    staleTime: 5 * 60_000,
  });
}

/** One running promotion; a 404 (ended, disabled, unknown) is not retried. */
export function usePromotion(id: number | null) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['promotion', id, language],
    queryFn: ({ signal }) => fetchPromotion(id as number, language, signal),
    enabled: id !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The promotions route with a promotion's id (spec §2: the promotions route opens with an id). */
export function promotionPath(id: number): string {
  return `/promotions?id=${id}`;
}
