import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { onRealtime } from '../../lib/realtime';

/**
 * api.ts CASHIER_KEY, written out: importing it would make a chunk of its own that the first
 * screen's code must name (the home page's download is at its budget).
 */
const CASHIER_KEY = 'cashier';

type Notice = { id: string; kind: string; params: Record<string, string> };

const NoticeToast = lazy(() => import('./notice-toast'));

/**
 * The socket's `notice` pushes (a deposit credited, a withdrawal paid …): the open cashier
 * page reads its data again, and a toast says what happened. The toast and the cashier's
 * texts load with the first notice, not with the header.
 */
export default function NoticeListener() {
  const client = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(
    () =>
      onRealtime((m) => {
        if (m.type !== 'notice') return;
        void client.invalidateQueries({ queryKey: [CASHIER_KEY] });
        setNotice({ id: m.id, kind: m.kind, params: m.params });
      }),
    [client],
  );
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NoticeToast key={notice.id} notice={notice} onClose={() => setNotice(null)} />
    </Suspense>
  );
}
