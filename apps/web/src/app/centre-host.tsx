import { Suspense, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { type CentreAddress, centreTo, useCentreAddress, withoutCentreTo } from '../components/centre/address';
import { useSessionToken } from '../lib/session';
import { hasToken } from '../lib/storage';
import { ui, useUi } from '../lib/ui-store';
import { ChunkBoundary } from './chunk-boundary';
import { forgetChunk, lazyChunk } from './lazy-chunk';

const CHUNK = 'centre';
const loadShell = () => import('./centres');

/**
 * Opens the centre the address names (`?centre=member&page=…`), over whatever route is open.
 * A centre needs a session (spec §6: 'no token opens the login popup'): without one the login
 * popup opens and the centre waits for it — logged in, the page opens (the login itself goes to
 * /, spec §4, so the centre is put back on the address it left); closed without logging in,
 * the centre leaves the address.
 */
export function CentreHost() {
  const address = useCentreAddress();
  const token = useSessionToken();
  const navigate = useNavigate();
  const authOpen = useUi((s) => s.modal === 'login' || s.modal === 'register');
  const waiting = useRef<{ address: CentreAddress; loginShown: boolean } | null>(null);

  useEffect(() => {
    const wait = waiting.current;
    if (wait) {
      if (authOpen) wait.loginShown = true;
      if (authOpen || !wait.loginShown) return;
      waiting.current = null;
      // Read from the browser: the login's own navigation may not have reached React yet.
      const here = window.location;
      if (hasToken()) navigate(centreTo(here, wait.address.centre, wait.address.page ?? ''), { replace: true });
      else navigate(withoutCentreTo(here), { replace: true });
      return;
    }
    if (address && !token) {
      waiting.current = { address, loginShown: false };
      ui.openModal('login');
    }
  }, [address, token, authOpen, navigate]);

  if (!address || !token) return null;
  const Shell = lazyChunk<{ address: CentreAddress }>(CHUNK, loadShell);
  return (
    <ChunkBoundary compact onRetry={() => forgetChunk(CHUNK)}>
      <Suspense fallback={null}>
        <Shell address={address} />
      </Suspense>
    </ChunkBoundary>
  );
}
