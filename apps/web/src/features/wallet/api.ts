import { walletBalanceCall } from '@khela/contract/endpoints';
import type { WalletBalance } from '@khela/contract/wallet';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../lib/api';
import { onRealtime } from '../../lib/realtime';
import { useSessionToken } from '../../lib/session';

export type { WalletBalance } from '@khela/contract/wallet';

const balanceKey = (token: string | null) => ['wallet', 'balance', token] as const;

/** The wallet balance (value.sumBalance), kept current by the socket. */
export function useBalance() {
  const token = useSessionToken();
  const client = useQueryClient();
  useEffect(
    () =>
      onRealtime((m) => {
        if (m.type !== 'balance') return;
        client.setQueryData<WalletBalance>(balanceKey(token), (old) =>
          old ? { ...old, sumBalance: m.sumBalance, currency: m.currency } : old,
        );
      }),
    [client, token],
  );
  return useQuery({
    queryKey: balanceKey(token),
    queryFn: ({ signal }) => call(walletBalanceCall, undefined, { signal }),
    enabled: token !== null,
    // The socket pushes every change; a refetch is only a safety net.
    staleTime: 60_000,
    retry: false,
  });
}
