/**
 * The Electron shell: the only file (with shell/) that imports electron. Everything it wires is a
 * plain service that runs the same under Node, which is how the browser mode and the tests run it.
 */
import { app, BrowserWindow, dialog } from 'electron';
import { join } from 'node:path';
import { createLogger } from './log/logger';
import { createMainApp, type MainApp } from './app/create-app';
import { registerIpc } from './shell/ipc';
import { createMainWindow } from './shell/window';
import { createElectronNotifier } from './shell/notifier';

const log = createLogger();
let mainApp: MainApp | null = null;
let window: BrowserWindow | null = null;

// One instance: two would write the same workspace file.
if (!app.requestSingleInstanceLock()) app.quit();

app.enableSandbox();

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

app
  .whenReady()
  .then(async () => {
    const appUrl =
      process.env['ELECTRON_RENDERER_URL'] ?? `file://${join(__dirname, '../renderer/index.html')}`;
    mainApp = await createMainApp({
      dataDir: app.getPath('userData'),
      shell: 'electron',
      version: app.getVersion(),
      sandboxSize: 'small',
      log,
      notifier: createElectronNotifier(),
      saveDialog: {
        async choose(suggestedName) {
          const result = await dialog.showSaveDialog({
            defaultPath: join(app.getPath('downloads'), suggestedName),
            filters: [{ name: 'CSV', extensions: ['csv'] }],
          });
          return { path: result.canceled ? null : (result.filePath ?? null), native: true };
        },
      },
    });
    registerIpc({
      router: mainApp.router,
      events: mainApp.events,
      log,
      appUrl,
      mainContents: () => (window && !window.isDestroyed() ? window.webContents : null),
    });
    window = createMainWindow({ appUrl, preloadDir: join(__dirname, '../preload'), log });
  })
  .catch((error: unknown) => {
    log.error('shell', 'start failed', error);
    dialog.showErrorBox(
      'Copper Operator could not start',
      error instanceof Error ? error.message : String(error),
    );
    app.exit(1);
  });

app.on('second-instance', () => window?.focus());
app.on('window-all-closed', () => app.quit());
app.on('before-quit', () => {
  void mainApp?.close();
});
