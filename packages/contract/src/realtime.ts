/**
 * Messages of the WebSocket /ws (ARCHITECTURE §1). The client sends one message,
 * `{ "type": "auth", "token": "<session token>" }`; everything else comes from the server.
 */
export type RealtimeMessage =
  | { type: 'ready' }
  | { type: 'session-ended' }
  /** A wallet's balance changed (committed); amounts as in WalletBalance. */
  | { type: 'balance'; sumBalance: string; currency: string };
