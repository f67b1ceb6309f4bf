import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { watchInstallOffer } from '../lib/install-app';
import { AppRouter } from './router';
import { StatusGate } from './status-gate';

watchInstallOffer();

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 60_000 },
    },
  });
}

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
