import { bettingHistoryCall, profitCall, transactionHistoryCall } from '@khela/contract/endpoints';
import type { BettingHistoryBody, ProfitBody, TransactionHistoryBody } from '@khela/contract/records';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useSessionToken } from '../../lib/session';

/**
 * A record call (docs/api.md, 'Member centre records'): a POST with the filters as its body, kept per session and
 * filters; the previous page stays on screen while the next one loads.
 */
function useRecord<T>(name: string, body: object, send: (signal: AbortSignal) => Promise<T>) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['records', name, token, body],
    queryFn: ({ signal }) => send(signal),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
}

export const useTransactionHistory = (body: TransactionHistoryBody) =>
  useRecord(transactionHistoryCall.path, body, (signal) => call(transactionHistoryCall, body, { signal }));
export const useBettingHistory = (body: BettingHistoryBody) =>
  useRecord(bettingHistoryCall.path, body, (signal) => call(bettingHistoryCall, body, { signal }));
export const useProfit = (body: ProfitBody) =>
  useRecord(profitCall.path, body, (signal) => call(profitCall, body, { signal }));
