import type { GameMaintenanceValue, LaunchGameValue } from '@khela/contract';
import { LAUNCH_LANGUAGE_HEADER } from '@khela/contract/constants';
import { launchGameCall } from '@khela/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../lib/api';
import { type LaunchTarget, launchBody, targetSearch } from '../../lib/game-target';
import { useSessionToken } from '../../lib/session';

/** The launch (spec §7: launch V2, the language also in a `Language` header). */
export function launchGame(target: LaunchTarget, language: string, signal?: AbortSignal): Promise<LaunchGameValue> {
  return call(launchGameCall, launchBody(target, language), {
    headers: { [LAUNCH_LANGUAGE_HEADER]: language },
    signal,
  });
}

/**
 * Launches the game once per target, language and session. Every launch opens a new game session
 * with a one-minute single-use ticket, so nothing is retried, refetched or kept once the frame
 * is gone: coming back to a game launches it afresh.
 */
export function useLaunch(target: LaunchTarget | null) {
  const { i18n } = useTranslation();
  const token = useSessionToken();
  const language = i18n.language;
  return useQuery({
    queryKey: ['launch', target ? targetSearch(target) : '', language, token],
    queryFn: ({ signal }) => launchGame(target as LaunchTarget, language, signal),
    enabled: target !== null && token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The other games a 'Game Under Maintenance' answer suggests (its envelope's value, spec §8). */
export function maintenanceSuggestions(error: unknown): GameMaintenanceValue['suggestions'] | null {
  if (!(error instanceof ApiError) || error.code !== 'GAME_MAINTENANCE') return null;
  const value = error.value as Partial<GameMaintenanceValue> | null | undefined;
  return Array.isArray(value?.suggestions) ? value.suggestions : [];
}
