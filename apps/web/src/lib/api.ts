import { configureClient } from '@khela/client';
import { session } from './storage';

export { ApiError, call } from '@khela/client';

/** Called when a call that carried a token answers 401 (lib/session.ts clears the session). */
let unauthorizedHandler: (() => void) | null = null;
export function setUnauthorizedHandler(handler: (() => void) | null) {
  unauthorizedHandler = handler;
}

// Sealing code (lib/seal.ts) is loaded by the first sealed call: the forms that make one load it
// in advance (prepareSealing), and the first screen, which makes none, does without it.
const sealing = () => import('./seal');

// The player site's token lives in sessionStorage (spec §3); sealed bodies use lib/seal.ts.
configureClient({
  token: () => session.get('token'),
  onUnauthorized: () => unauthorizedHandler?.(),
  sealer: {
    seal: (method, path, body) => sealing().then((s) => s.sealedOrPlain(method, path, body)),
    reset: () => {
      sealing()
        .then((s) => s.forgetSealingKey())
        .catch(() => {});
    },
  },
});

/**
 * Session-cached read (spec §4: notices and routers are cached for the session): the first
 * call of a browser tab fetches, later ones read sessionStorage.
 */
export async function sessionCached<T>(key: Parameters<typeof session.getJson>[0], load: () => Promise<T>): Promise<T> {
  const hit = session.getJson<T>(key);
  if (hit !== null) return hit;
  const value = await load();
  session.setJson(key, value);
  return value;
}
