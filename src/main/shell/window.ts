/**
 * The Electron window and its hardening: context isolation, sandbox, no Node integration, a strict
 * CSP on every response, navigation locked to the app's origin, no new windows, and only the
 * permissions the console uses. The decisions are the unit-tested pure functions of security/.
 */
import { BrowserWindow, screen, session, shell, type Session } from 'electron';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../security/csp';
import { isPermissionAllowed } from '../security/permissions';
import { decideWindowOpen, mayNavigate } from '../security/navigation';
import type { Logger } from '../log/logger';
import { writeFileAtomic } from '../workspaces/atomic-write';
import { MIN_WINDOW_SIZE, clampToVisibleDisplay, parseWindowState, type WindowState } from './window-state';

export function hardenSession(target: Session, appUrl: string, log: Logger): void {
  target.setPermissionRequestHandler((contents, permission, callback, details) => {
    const allowed = isPermissionAllowed(permission, details.requestingUrl ?? contents.getURL(), appUrl);
    if (!allowed) log.warn('window', `denied permission request: ${permission}`);
    callback(allowed);
  });
  target.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, appUrl),
  );
  // Electronegativity reports CSP_GLOBAL_CHECK (LOW, tentative) here because the policy is a
  // constant it cannot evaluate; security/csp.ts holds it and test/unit/security/csp.test.ts checks it.
  target.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

const stateFile = (dataDir: string) => join(dataDir, 'window-state.json');

/** The saved window state, clamped to the displays attached now. */
export async function restoreWindowState(dataDir: string): Promise<WindowState> {
  let saved: WindowState | null = null;
  try {
    saved = parseWindowState(JSON.parse(await readFile(stateFile(dataDir), 'utf8')));
  } catch {
    saved = null;
  }
  const primary = screen.getPrimaryDisplay();
  const others = screen.getAllDisplays().filter((d) => d.id !== primary.id);
  const areas = [primary, ...others].map((d) => d.workArea);
  return {
    bounds: clampToVisibleDisplay(saved?.bounds ?? null, areas),
    maximized: saved?.maximized ?? false,
  };
}

export function createMainWindow(deps: {
  appUrl: string;
  preloadDir: string;
  dataDir: string;
  state: WindowState;
  log: Logger;
}): BrowserWindow {
  hardenSession(session.defaultSession, deps.appUrl, deps.log);
  const { x, y, width, height } = deps.state.bounds;
  const window = new BrowserWindow({
    x,
    y,
    width,
    height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: 'Copper Operator',
    // Written out literally, here only, so that Electronegativity (which cannot follow a call or a
    // spread) reads them; test/unit/shell/window.test.ts asserts exactly these flags.
    webPreferences: {
      // The app's own preload (src/preload): it exposes only `window.copper`, each call bound to one
      // channel (test/unit/security/window-api.test.ts).
      preload: join(deps.preloadDir, 'index.cjs'), // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // A middle click would otherwise open a link in a new window: every opening is refused
      // anyway, but the fewer ways in, the fewer handlers that must be right.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => {
    if (deps.state.maximized) window.maximize();
    window.show();
  });
  window.on('close', () => {
    const state: WindowState = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
    void writeFileAtomic(stateFile(deps.dataDir), JSON.stringify(state)).catch((error: unknown) =>
      deps.log.warn('window', 'could not save the window position', error),
    );
  });

  const contents = window.webContents;
  const lockNavigation = (event: { preventDefault(): void }, url: string) => {
    if (mayNavigate(url, deps.appUrl)) return;
    event.preventDefault();
    deps.log.warn('window', 'refused navigation away from the app');
  };
  contents.on('will-navigate', lockNavigation);
  contents.on('will-redirect', lockNavigation);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.openExternally === null) {
      deps.log.warn('window', 'refused to open a window or an external link not on the allowlist');
      return { action: 'deny' };
    }
    // Only https links to allowlisted Copper hosts (security/external-links.ts, unit-tested) get here.
    void shell.openExternal(decision.openExternally); // eng-disable OPEN_EXTERNAL_JS_CHECK
    return { action: 'deny' };
  });
  void window.loadURL(deps.appUrl);
  return window;
}
