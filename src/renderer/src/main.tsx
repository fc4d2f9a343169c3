import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installTransport } from './transport/install';
import { App } from './App';
import { applyStoredTheme } from './app/theme';
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
      <App />
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
