import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchBanners } from '../../components/banners/api';

/** The login modal's header image comes from banner group w_reg (spec §2 'Login form'). */
export const AUTH_BANNER_GROUP = 'w_reg';
export const AUTH_BANNER_FALLBACK = '/img/banners/reg.webp';

export function useAuthBanner() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    // The banner carousel's cache key, so a group read anywhere is read once.
    queryKey: ['banners', AUTH_BANNER_GROUP, language],
    queryFn: ({ signal }) => fetchBanners(AUTH_BANNER_GROUP, language, signal),
    select: (banners) => banners[0] ?? null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
