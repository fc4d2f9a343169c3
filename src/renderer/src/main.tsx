import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { installTransport } from './transport/install';
import { App } from './App';
import { applyStoredTheme } from './state/theme';
import { queryClient } from './state/query-client';
import './styles/theme.css';
import './styles/base.css';
import './styles/components.css';
import './styles/dialogs.css';
import './styles/table.css';
import './styles/views.css';

applyStoredTheme();
const transport = installTransport();
const root = createRoot(document.getElementById('root') as HTMLElement);

if (transport.ok) {
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
