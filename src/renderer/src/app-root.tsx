/**
 * The app itself, imported by main.tsx once the transport is in place and the first request has
 * left (boot.ts): React, the shell and every module they import are evaluated from here.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { applyStoredTheme } from './state/theme';
import { queryClient } from './state/query-client';
import { followWorkspaceList } from './state/workspace-store';
import { transport } from './boot';

applyStoredTheme();
const root = createRoot(document.getElementById('root') as HTMLElement);

if (transport.ok) {
  // Before React renders: the list boot.ts asked for (or its answer) picks the workspace shown and
  // restores each workspace's remembered view.
  followWorkspaceList(queryClient);
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
} else {
  root.render(
    <div className="fatal" data-testid="transport-error" role="alert">
      <h1>Copper Operator</h1>
      <p>{transport.message}</p>
    </div>,
  );
}
