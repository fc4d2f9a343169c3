/**
 * The first module the renderer evaluates (main.tsx imports it before anything else): it installs
 * `window.copper` and asks for the workspace list at once, into the query client, so that the
 * request travels while the rest of the app's code (React, the view kit, the tabs: ~150 ms of
 * script on a quiet machine, far more under load) is still being evaluated, instead of after React
 * has mounted. When the list arrives, the reads of the tab the active workspace opens on are
 * prefetched too (default-tab-reads.ts); the views find them in the cache. Nothing here imports
 * React or zod.
 */
import { installTransport } from './transport/install';
import { queryClient } from './state/query-client';
import { workspacesQuery } from './state/queries';
import { prefetchDefaultTab } from './default-tab-reads';

export const transport = installTransport();

if (transport.ok)
  queryClient.query(workspacesQuery).then(
    (list) => prefetchDefaultTab(queryClient, list),
    // The failure stays in the cache: App shows it with a Retry.
    () => undefined,
  );
