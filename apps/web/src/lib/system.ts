import type { BrandInfo, SystemStatus, WhitelabelFlags } from '@khela/contract';
import { systemStatusCall } from '@khela/contract/endpoints';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
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
const systemStatusQuery = (language: string) => ({
  queryKey: systemStatusKey(language),
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchSystemStatus(language, signal),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export function useSystemStatus() {
  const { i18n } = useTranslation();
  return useQuery({ ...systemStatusQuery(i18n.language), placeholderData: keepPreviousData });
}

/** Asks for the status while the texts load: every page waits for it first (app/first-screen.ts). */
export function prefetchSystemStatus(client: QueryClient, language: string) {
  return client.prefetchQuery(systemStatusQuery(language));
}

/** The brand settings, or undefined while the status loads. */
export function useBrand(): BrandInfo | undefined {
  return useSystemStatus().data?.brand;
}

/** The whitelabel flags, or undefined while the status loads. */
export function useWhitelabel(): WhitelabelFlags | undefined {
  return useSystemStatus().data?.whitelabel;
}
