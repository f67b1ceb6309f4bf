import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

/** Renders the site into the page's root, over the frame the server painted there. */
export function start(container: HTMLElement, queryClient: QueryClient) {
  const root = createRoot(container);
  // A transition: React renders the first screen in slices and lets the phone breathe between
  // them, instead of one long task that holds every tap (Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
