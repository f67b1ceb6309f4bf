import type { BrandInfo, SystemStatus, WhitelabelFlags } from '@khela/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query key of the system status; read once per page load (spec §3). */
export const SYSTEM_STATUS_KEY = ['system', 'status'] as const;

export function fetchSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  return api<SystemStatus>('/wps/system/status', { query: { host: location.host }, signal });
}

/** The system status: status code, brand, whitelabel flags, resources, customer service. */
export function useSystemStatus() {
  return useQuery({
    queryKey: SYSTEM_STATUS_KEY,
    queryFn: ({ signal }) => fetchSystemStatus(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
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
