import { useSyncExternalStore } from 'react';
import { changeListeners } from './changes';

/**
 * Installing the site as an app (the web app manifest the server serves at
 * /manifest.webmanifest). Chromium browsers offer the install once, soon after load, with a
 * `beforeinstallprompt` event: the site keeps it and shows the browser's install dialog when
 * the player asks for the app (the side menu's download button, the download page). Where no
 * browser offer comes (iOS Safari, Firefox, an app already installed) the download guide shows
 * how to add the site to the home screen by hand.
 */

/** The app download page (spec §2 /down): where a phone opens the site to install it. */
export const DOWNLOAD_PAGE = '/down';

/** Chromium's install offer; not in lib.dom. */
type InstallOffer = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** ready: the browser's dialog can be shown; installed: the site runs as the app; manual: by hand. */
export type InstallState = 'ready' | 'installed' | 'manual';

let offer: InstallOffer | null = null;
let installed = false;
let watching = false;
const { emit, subscribe } = changeListeners();

function runsAsApp(): boolean {
  const standalone = typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
  return standalone || (navigator as { standalone?: boolean }).standalone === true;
}

/** Keeps the browser's install offer from the start: it comes once, maybe before any screen asks. */
export function watchInstallOffer() {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('beforeinstallprompt', (e) => {
    // The offer is made where a player asks for the app, not in the browser's own bar.
    e.preventDefault();
    offer = e as InstallOffer;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    installed = true;
    emit();
  });
}

export function installState(): InstallState {
  if (installed || runsAsApp()) return 'installed';
  return offer ? 'ready' : 'manual';
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, installState, () => 'manual');
}

/**
 * Shows the browser's install dialog (call it from the player's tap: browsers require one).
 * False when there is no offer to show; the caller then shows the steps by hand.
 */
export async function installApp(): Promise<boolean> {
  const shown = offer;
  if (!shown) return false;
  // An offer can be shown once.
  offer = null;
  emit();
  await shown.prompt();
  if ((await shown.userChoice).outcome === 'accepted') {
    installed = true;
    emit();
  }
  return true;
}

/** Points the page's manifest link at the reader's language (the app's name and description). */
export function setManifestLanguage(lang: string) {
  const link = typeof document === 'undefined' ? null : document.querySelector('link[rel="manifest"]');
  link?.setAttribute('href', `/manifest.webmanifest?lang=${encodeURIComponent(lang)}`);
}
