/**
 * The renderer's entry, kept small on purpose: it installs the transport and sends the first
 * request (boot.ts) before the browser evaluates the rest of the app (app-root.tsx: React, the
 * view kit, the shell), so that the request and the evaluation overlap. The styles stay here so
 * that the page's stylesheet is linked from index.html and loads with it.
 */
import './boot';
import './styles/theme.css';
import './styles/base.css';
import './styles/components.css';
import './styles/dialogs.css';
import './styles/table.css';
import './styles/views.css';

void import('./app-root');
