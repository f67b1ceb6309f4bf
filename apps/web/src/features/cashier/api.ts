import type { CallOptions } from '@khela/client';
import type { CallInput, ClientEndpoint, DefinitionOf } from '@khela/contract/call';
import type { CashierDirection, CashierRequest, CashierState } from '@khela/contract/cashier';
import {
  addPayoutAccountCall,
  cashierMethodsCall,
  cashierRequestsCall,
  consolidatedFundsCall,
  depositCall,
  depositReferenceCall,
  depositStatusCall,
  messagesCall,
  messagesReadCall,
  newAddressCheckCall,
  paymentPasswordCall,
  payoutAccountsCall,
  removePayoutAccountCall,
  revokeSessionCall,
  securityLoginsCall,
  securitySessionsCall,
  securitySummaryCall,
  uplineTransferCall,
  uplineTransfersCall,
  withdrawCall,
  withdrawCancelCall,
  withdrawConfirmCall,
  withdrawSummaryCall,
} from '@khela/contract/endpoints';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call as send } from '../../lib/api';
import { useSessionToken } from '../../lib/session';

/**
 * Every cashier call names the page's language (the `Language` header): the server writes method
 * names and reasons in it, so an English page never shows a Bengali method name.
 */
const call = ((endpoint: ClientEndpoint, input?: unknown, options: CallOptions = {}) =>
  (send as (e: ClientEndpoint, i: unknown, o: CallOptions) => Promise<unknown>)(endpoint, input, {
    ...options,
    headers: { ...options.headers, Language: i18next.language },
  })) as typeof send;

/**
 * The cashier's calls (contract cashier.ts) as query hooks. Every query key starts with
 * 'cashier', so a notice pushed over the socket refreshes whatever cashier page is open
 * (notice-listener.tsx), and every change refreshes the wallet's balance too.
 */
export const CASHIER_KEY = 'cashier';

/**
 * States a request no longer leaves: the contract's CASHIER_FINAL_STATES. This and the two limits
 * below are copied because the contract's module brings zod with it (the test checks they agree).
 */
export const FINAL_STATES: readonly CashierState[] = ['paid', 'credited', 'rejected', 'expired', 'cancelled'];
/** contract PROOF_MAX_BYTES: a proof image's largest size (png or jpg). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
/** contract TRANSFER_REMARK_MAX: a transfer remark's longest length. */
export const TRANSFER_REMARK_MAX = 140;
export const isFinal = (r: Pick<CashierRequest, 'state'>) => FINAL_STATES.includes(r.state);

function useKey(...parts: unknown[]) {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  // Method names and reasons come in the reader's language.
  return { key: [CASHIER_KEY, ...parts, token, i18n.language], enabled: token !== null };
}

export function useMethods(type: CashierDirection) {
  const { key, enabled } = useKey('methods', type);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(cashierMethodsCall, { type }, { signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** One deposit, refreshed every few seconds until it is final (a return from the checkout). */
export function useDeposit(id: string | null) {
  const { key, enabled } = useKey('deposit', id);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(depositStatusCall, { id: id as string }, { signal }),
    enabled: enabled && id !== null,
    refetchInterval: (q) => (q.state.data && isFinal(q.state.data) ? false : 5_000),
    retry: false,
  });
}

export function useRequests(type: CashierDirection) {
  const { key, enabled } = useKey('requests', type);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(cashierRequestsCall, { type, pageSize: 20 }, { signal }),
    enabled,
    retry: false,
  });
}

export function useWithdrawSummary() {
  const { key, enabled } = useKey('withdraw-summary');
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(withdrawSummaryCall, undefined, { signal }),
    enabled,
    retry: false,
  });
}

export function usePayoutAccounts() {
  const { key, enabled } = useKey('payout-accounts');
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(payoutAccountsCall, undefined, { signal }),
    enabled,
    retry: false,
  });
}

export function useSecurity() {
  const { key, enabled } = useKey('security');
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(securitySummaryCall, undefined, { signal }),
    enabled,
    retry: false,
  });
}

export function useLogins() {
  const { key, enabled } = useKey('logins');
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(securityLoginsCall, undefined, { signal }),
    enabled,
    retry: false,
  });
}

export function useSessions() {
  const { key, enabled } = useKey('sessions');
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(securitySessionsCall, undefined, { signal }),
    enabled,
    retry: false,
  });
}

export function useTransfers() {
  const { key, enabled } = useKey('transfers');
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(uplineTransfersCall, undefined, { signal }),
    enabled,
    retry: false,
  });
}

export function useFunds() {
  const { key, enabled } = useKey('funds');
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(consolidatedFundsCall, undefined, { signal }),
    enabled,
    retry: false,
  });
}

export function useMessages() {
  const { key, enabled } = useKey('messages');
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call(messagesCall, { pageSize: 50 }, { signal }),
    enabled,
    retry: false,
  });
}

type Handlers<O> = { onSuccess?(out: O): void; onError?(e: unknown): void; onSettled?(): void };

/**
 * A change: `mutate(input, handlers)` with `isPending`; on success every cashier query and the
 * wallet balance are read again. (Not TanStack's useMutation: sharing it with the avatar menu
 * would split it into a chunk the first screen has to name, and the home page is at its budget.)
 * A second call while one is on its way is ignored, so a double tap sends once.
 */
function useChange<I, O>(send: (input: I) => Promise<O>) {
  const client = useQueryClient();
  const [isPending, setPending] = useState(false);
  const busy = useRef(false);
  const sendRef = useRef(send);
  sendRef.current = send;
  const mutate = useCallback(
    (input: I, h: Handlers<O> = {}) => {
      if (busy.current) return;
      busy.current = true;
      setPending(true);
      sendRef
        .current(input)
        .then(
          (out) => {
            void client.invalidateQueries({ queryKey: [CASHIER_KEY] });
            void client.invalidateQueries({ queryKey: ['wallet'] });
            h.onSuccess?.(out);
          },
          (e: unknown) => h.onError?.(e),
        )
        .finally(() => {
          busy.current = false;
          setPending(false);
          h.onSettled?.();
        });
    },
    [client],
  );
  return { mutate, isPending };
}

type Input<E extends ClientEndpoint> = CallInput<DefinitionOf<E>>;

export const useStartDeposit = () => useChange((b: Input<typeof depositCall>) => call(depositCall, b, {}));
export const useSendReference = () =>
  useChange((i: Input<typeof depositReferenceCall>) => call(depositReferenceCall, i, {}));
export const useWithdraw = () => useChange((b: Input<typeof withdrawCall>) => call(withdrawCall, b, {}));
export const useCancelWithdraw = () => useChange((id: string) => call(withdrawCancelCall, { id }, {}));
export const useConfirmWithdraw = () =>
  useChange((i: Input<typeof withdrawConfirmCall>) => call(withdrawConfirmCall, i, {}));
export const useAddPayoutAccount = () =>
  useChange((b: Input<typeof addPayoutAccountCall>) => call(addPayoutAccountCall, b, {}));
export const useRemovePayoutAccount = () => useChange((id: string) => call(removePayoutAccountCall, { id }, {}));
export const useSetPaymentPassword = () =>
  useChange((b: Input<typeof paymentPasswordCall>) => call(paymentPasswordCall, b, {}));
export const useNewAddressCheck = () => useChange((enabled: boolean) => call(newAddressCheckCall, { enabled }, {}));
export const useRevokeSession = () => useChange((id: string) => call(revokeSessionCall, { id }, {}));
export const useUplineTransfer = () =>
  useChange((b: Input<typeof uplineTransferCall>) => call(uplineTransferCall, b, {}));
export const useMarkRead = () => useChange((upTo: string) => call(messagesReadCall, { upTo }, {}));
