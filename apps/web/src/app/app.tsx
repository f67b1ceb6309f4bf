import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { watchInstallOffer } from '../lib/install-app';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';
import { StatusGate } from './status-gate';

watchInstallOffer();

/** The app root: data cache, then the system-status gate, then the routed site. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <StatusGate>
        <AppRouter />
      </StatusGate>
    </QueryClientProvider>
  );
}
