import { messagesCall, messagesReadCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route';
import { listMessages, markRead, onNotice, withMethodNames } from './notices';

/**
 * The cashier's shared routes: the minimal inbox and the live push of every committed notice.
 * Deposits, withdrawals, transfers and the finance desk register their own calls from their own
 * routes files (listed in app.ts).
 */
export async function cashierRoutes(app: FastifyInstance) {
  const off = onNotice(app.db, async (n) => {
    try {
      const requestId = n.requestId?.toString() ?? null;
      const [named] = await withMethodNames(app.db, [{ params: n.params, requestId }]);
      app.realtime.toMember(n.memberId, {
        type: 'notice',
        id: n.id.toString(),
        kind: n.kind,
        params: named?.params ?? n.params,
        requestId,
        unread: n.unread,
      });
    } catch (err) {
      app.log.warn({ err }, 'cashier: notice push failed');
    }
  });
  app.addHook('onClose', async () => off());

  route(app, messagesCall, (req) => listMessages(app.db, req.member.id, req.query));
  route(app, messagesReadCall, (req) => markRead(app.db, req.member.id, req.body.upTo));
}
