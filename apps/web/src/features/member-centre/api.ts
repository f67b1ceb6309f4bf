import type {
  BettingHistory,
  BettingHistoryBody,
  Profit,
  ProfitBody,
  TransactionHistory,
  TransactionHistoryBody,
} from '@khela/contract/records';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSessionToken } from '../../lib/session';

/** The record calls (README 'Records'): each a POST with the filters as its JSON body. */
function useRecord<B, T>(path: string, body: B) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['records', path, token, body],
    queryFn: ({ signal }) => api<T>(path, { method: 'POST', body, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
}

export const useTransactionHistory = (body: TransactionHistoryBody) =>
  useRecord<TransactionHistoryBody, TransactionHistory>('/wps/relay/ODSFE2_MemTransDet', body);
export const useBettingHistory = (body: BettingHistoryBody) =>
  useRecord<BettingHistoryBody, BettingHistory>('/wps/relay/ODSFE2_MemBetDet', body);
export const useProfit = (body: ProfitBody) => useRecord<ProfitBody, Profit>('/wps/relay/ODSFE2_MemProfit', body);
