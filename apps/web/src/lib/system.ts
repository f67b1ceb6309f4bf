import type { BrandInfo, SystemStatus, WhitelabelFlags } from '@khela/contract';
import { systemStatusCall } from '@khela/contract/endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from './api';
import { callLanguage } from './i18n';

/** Query key of the system status; read once per page load and language (spec §3). */
export const systemStatusKey = (language: string) => ['system', 'status', language] as const;

export function fetchSystemStatus(language: string, signal?: AbortSignal): Promise<SystemStatus> {
  return call(systemStatusCall, { host: location.host, language: callLanguage(language) }, { signal });
}

/**
 * The system status: status code, brand, whitelabel flags, resources, customer service.
 * Texts in it (customer-service titles) follow the language, so a language switch reads it
 * again — showing the previous answer meanwhile, so the site never flashes a loading screen.
 */
export function useSystemStatus() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: systemStatusKey(language),
    queryFn: ({ signal }) => fetchSystemStatus(language, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** The brand settings, or undefined while the status loads. */
export function useBrand(): BrandInfo | undefined {
  return useSystemStatus().data?.brand;
}

/** The whitelabel flags, or undefined while the status loads. */
export function useWhitelabel(): WhitelabelFlags | undefined {
  return useSystemStatus().data?.whitelabel;
}
