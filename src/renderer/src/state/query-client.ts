/**
 * The renderer's one react-query client. Reads only: mutations go through `actions.prepare` /
 * `actions.execute`, never through react-query, so nothing here can repeat a POST.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The main side's client decides retries (and never retries an authentication failure).
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // Calls cross IPC, not the network: the browser's online flag must not pause them.
        networkMode: 'always',
        // Data stays until reloaded, whichever workspace or tab is shown.
        gcTime: Infinity,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
