import { defineSocket } from './call';
import { z } from './zod';

/**
 * The site's realtime socket /ws (ARCHITECTURE §1): the server pushes a member's changes (a
 * balance now; unread counts and notices later) right after they commit. The client sends one
 * message, `{ "type": "auth", "token": "<session token>" }` (never in the URL, which proxies
 * log); everything else comes from the server.
 */

/** What the client sends: its session token, once, first. */
export const RealtimeClientMessage = z.strictObject({ type: z.literal('auth'), token: z.string().max(200) });
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;

/** What the server sends. */
export const RealtimeServerMessage = z.discriminatedUnion('type', [
  /** The token was good: pushes follow. */
  z.object({ type: z.literal('ready') }),
  /** The session was logged out, expired or idle: the socket closes with 4401. */
  z.object({ type: z.literal('session-ended') }),
  /** A wallet's balance changed (committed); amounts as in WalletBalance. */
  z.object({ type: z.literal('balance'), sumBalance: z.string(), currency: z.string() }),
  /** A notice was added to the member's inbox (a deposit credited, a withdrawal paid …): a toast, and the unread count. */
  z.object({
    type: z.literal('notice'),
    id: z.string(),
    kind: z.string(),
    params: z.record(z.string(), z.string()),
    requestId: z.string().nullable(),
    unread: z.number().int(),
  }),
]);
export type RealtimeServerMessage = z.infer<typeof RealtimeServerMessage>;

export const realtimeSocket = defineSocket({
  path: '/ws',
  auth: 'member',
  summary: "A member's live pushes (balance changes) after an auth message with the session token",
  client: RealtimeClientMessage,
  server: RealtimeServerMessage,
});
