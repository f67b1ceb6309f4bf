import { call } from '@khela/client';
import {
  approveHeldWinCall,
  declineHeldWinCall,
  heldWinCountCall,
  heldWinsCall,
  releaseHeldWinCall,
  voidHeldWinCall,
} from '@khela/contract/endpoints';
import type { HeldWinView } from '@khela/contract/staff-risk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Every Risk query starts with this key, so a decision refreshes the lists and the badge together. */
export const RISK_KEY = ['bo', 'risk'] as const;

/** The navigation badge: wins waiting for staff, refreshed every minute while the shell is open. */
export function useHeldWinCount(enabled: boolean) {
  return useQuery({
    queryKey: [...RISK_KEY, 'count'],
    queryFn: ({ signal }) => call(heldWinCountCall, {}, { signal }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

/** Decisions waiting for a second staff member (the top of the screen), oldest first. */
export function useAwaitingApproval() {
  return useQuery({
    queryKey: [...RISK_KEY, 'awaiting'],
    queryFn: ({ signal }) =>
      call(heldWinsCall, { status: 'held', awaitingApproval: 'true', pageSize: 200 } as never, { signal }),
  });
}

export function fetchHeldWins(
  q: { status: 'held' | 'released' | 'voided'; after?: number; pageSize: number },
  signal: AbortSignal,
) {
  return call(heldWinsCall, q as never, { signal });
}

export type RiskAction = 'release' | 'void' | 'approve' | 'decline';

const CALLS = {
  release: releaseHeldWinCall,
  void: voidHeldWinCall,
  approve: approveHeldWinCall,
  decline: declineHeldWinCall,
} as const;

/** One decision on a held win; the lists and the badge refresh after it, whatever it answered. */
export function useRiskDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, win, reason }: { action: RiskAction; win: HeldWinView; reason: string }) =>
      call(
        CALLS[action] as typeof releaseHeldWinCall,
        {
          params: { id: win.id },
          body: action === 'approve' && reason === '' ? {} : { reason },
        } as never,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RISK_KEY }),
  });
}
