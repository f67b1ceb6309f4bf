import { call } from '@khela/client';
import {
  addMethodCall,
  cashierApproveCall,
  cashierCaseCloseCall,
  cashierCaseProofCall,
  cashierCasesCall,
  cashierMarkPaidCall,
  cashierQueueCall,
  cashierReconcileCall,
  cashierRejectCall,
  cashierRequestCall,
  cashierSettingsCall,
  cashierSettingsSaveCall,
  cashierTotalsCall,
  editMethodCall,
  methodLogoCall,
  staffMethodsCall,
} from '@khela/contract/endpoints';
import type { RejectReason } from '@khela/contract/reject-reasons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { staffToken } from '../../lib/session';

/** Every cashier query starts with this key, so a decision refreshes the queues, the detail and the totals. */
export const CASHIER_KEY = ['bo', 'cashier'] as const;

export type QueueType = 'deposit' | 'withdraw';

/** Methods are named in the reader's language (the server reads the `Language` header, as the site's calls send it). */
const lang = () => ({ headers: { language: i18next.language } });

/** How often an open queue (and the request open beside it) is read again. */
export const QUEUE_REFRESH_MS = 20_000;

export function useQueue(type: QueueType, after: string | null, pageSize: number) {
  return useQuery({
    queryKey: [...CASHIER_KEY, 'queue', type, after, pageSize, i18next.language],
    queryFn: ({ signal }) =>
      call(cashierQueueCall, { type, pageSize, ...(after ? { after } : {}) } as never, { signal, ...lang() }),
    // The desk is left open all day: new requests show within 20 s while the tab is in sight, and
    // at once when the staff member comes back to it. The rows stay on screen while it reloads.
    refetchInterval: QUEUE_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    placeholderData: keepPreviousData,
  });
}

export function useRequest(id: string | null) {
  return useQuery({
    queryKey: [...CASHIER_KEY, 'request', id, i18next.language],
    queryFn: ({ signal }) => call(cashierRequestCall, { params: { id: id as string } } as never, { signal, ...lang() }),
    enabled: id !== null,
    // Another staff member may decide it meanwhile.
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

export type Decision = 'approve' | 'reject' | 'paid';

/** One money decision; everything cashier refreshes after it, whatever it answered. */
export function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      id,
      text,
      reasonCode,
    }: {
      action: Decision;
      id: string;
      text: string;
      /** A rejection's reason from the fixed list; `text` is then the optional note. */
      reasonCode?: RejectReason;
    }) => {
      const params = { id };
      if (action === 'approve')
        return call(cashierApproveCall, { params, body: text ? { reason: text } : {} } as never, lang());
      if (action === 'reject')
        return call(
          cashierRejectCall,
          { params, body: reasonCode ? { reasonCode, ...(text ? { note: text } : {}) } : { reason: text } } as never,
          lang(),
        );
      return call(cashierMarkPaidCall, { params, body: { providerReference: text } } as never, lang());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CASHIER_KEY }),
  });
}

export function useCases(state: 'open' | 'closed') {
  return useQuery({
    queryKey: [...CASHIER_KEY, 'cases', state],
    queryFn: ({ signal }) => call(cashierCasesCall, { state, pageSize: 200 } as never, { signal }),
  });
}

export function useCloseCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      call(cashierCaseCloseCall, { params: { id }, body: { note } } as never),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CASHIER_KEY }),
  });
}

/** A case's proof image as a data: address (the back office's CSP allows no other image source). */
export function useCaseProof(id: string | null) {
  return useQuery({
    queryKey: [...CASHIER_KEY, 'proof', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const token = staffToken();
      const res = await fetch(cashierCaseProofCall.path.replace(':id', encodeURIComponent(id as string)), {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal,
      });
      if (!res.ok) throw new Error(String(res.status));
      const blob = await res.blob();
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(blob);
      });
    },
  });
}

export function useTotals(from: string, to: string) {
  return useQuery({
    queryKey: [...CASHIER_KEY, 'totals', from, to, i18next.language],
    queryFn: ({ signal }) => call(cashierTotalsCall, { from, to } as never, { signal, ...lang() }),
    enabled: from !== '' && to !== '',
  });
}

export function useReconcile(day: string, methodId: number | null) {
  return useQuery({
    queryKey: [...CASHIER_KEY, 'reconcile', day, methodId],
    queryFn: ({ signal }) => call(cashierReconcileCall, { day, methodId } as never, { signal }),
    enabled: day !== '' && methodId !== null,
  });
}

export function useMethods() {
  return useQuery({
    queryKey: [...CASHIER_KEY, 'methods'],
    queryFn: ({ signal }) => call(staffMethodsCall, {}, { signal }),
  });
}

export function useSaveMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Record<string, unknown> }) =>
      id === null ? call(addMethodCall, body as never) : call(editMethodCall, { params: { id }, body } as never),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...CASHIER_KEY, 'methods'] }),
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image }: { id: number; image: string }) =>
      call(methodLogoCall, { params: { id }, body: { image } } as never),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...CASHIER_KEY, 'methods'] }),
  });
}

export function useSettings() {
  return useQuery({
    queryKey: [...CASHIER_KEY, 'settings'],
    queryFn: ({ signal }) => call(cashierSettingsCall, {}, { signal }),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => call(cashierSettingsSaveCall, body as never),
    onSuccess: (saved) => queryClient.setQueryData([...CASHIER_KEY, 'settings'], saved),
  });
}
