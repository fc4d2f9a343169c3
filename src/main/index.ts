/**
 * The Electron shell: the only file (with shell/) that imports electron. Everything it wires is a
 * plain service that runs the same under Node, which is how the browser mode and the tests run it.
 */
import { app, BrowserWindow, dialog, powerMonitor, session } from 'electron';
import { join } from 'node:path';
import { createLogger } from './log/logger';
import { createRotatingFileSink } from './log/file-sink';
import { createMainApp, type MainApp } from './app/create-app';
import { installProcessGuard } from './app/process-guard';
import { registerIpc } from './shell/ipc';
import { createMainWindow, restoreWindowState } from './shell/window';
import { createElectronNotifier } from './shell/notifier';
import { registerAppScheme, serveAppProtocol } from './shell/app-protocol';
import { installAppMenu } from './shell/menu';
import { keychainUnavailableNotice } from './shell/keychain-notice';
import { electronUpdateEngine } from './shell/updater';
import { chooseRendererUrl } from './security/renderer-url';

const APP_ID = 'co.copper.operator';
const dataDir = app.getPath('userData');
const logFile = createRotatingFileSink({
  dir: join(dataDir, 'logs'),
  mirror: { write: (line) => process.stderr.write(line + '\n') },
});
const log = createLogger(logFile);
// Issue 25: what escapes every handler is logged and the console keeps running (process-guard.ts
// says why that is safe); Electron would otherwise show its own dialog or end the main process.
installProcessGuard(log);
let mainApp: MainApp | null = null;
let window: BrowserWindow | null = null;

// One instance: two would write the same workspace file.
if (!app.requestSingleInstanceLock()) app.quit();

app.enableSandbox();
// Before ready: app:// must be a privileged, standard, secure scheme for the renderer's origin.
registerAppScheme();
// Windows shows notifications only for an app with this id (electron-builder.yml's appId).
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

async function warnIfNoKeychain(app: MainApp, target: BrowserWindow): Promise<void> {
  const notice = keychainUnavailableNotice(await app.keychainStatus(), process.platform);
  if (notice === null) return;
  log.warn('shell', 'OS keychain unavailable: told the operator, keys go only to the vault');
  await dialog.showMessageBox(target, { type: 'warning', buttons: ['OK'], ...notice });
}

app
  .whenReady()
  .then(async () => {
    // Issue 17.7: the dev server's URL is honoured only in an unpackaged app.
    const appUrl = chooseRendererUrl({
      isPackaged: app.isPackaged,
      devServerUrl: process.env['ELECTRON_RENDERER_URL'],
    });
    serveAppProtocol(session.defaultSession, join(__dirname, '../renderer'), log);
    mainApp = await createMainApp({
      dataDir,
      shell: 'electron',
      version: app.getVersion(),
      sandboxSize: 'small',
      log,
      notifier: createElectronNotifier(),
      // Unpackaged there is nothing to update: the service reports "unsupported".
      ...(app.isPackaged ? { updateEngine: electronUpdateEngine(log) } : {}),
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
    const started = mainApp;
    registerIpc({
      router: started.router,
      events: started.events,
      log,
      appUrl,
      mainContents: () => (window && !window.isDestroyed() ? window.webContents : null),
    });
    installAppMenu({
      window: () => (window && !window.isDestroyed() ? window : null),
      dataDir,
      logFile: logFile.path,
      lockVault: () => started.lockVault(),
      // Help › About says which update policy is in force, or why it was refused.
      updatePolicy: () => started.updates.aboutLine(),
    });
    // Sleep or a locked screen locks the vault: whoever wakes the machine needs the passphrase.
    const lockOn = (event: string) => () => {
      log.info('shell', `${event}: locking the vault`);
      void started.lockVault();
    };
    powerMonitor.on('suspend', lockOn('suspend'));
    powerMonitor.on('lock-screen', lockOn('lock-screen'));
    window = createMainWindow({
      appUrl,
      preloadDir: join(__dirname, '../preload'),
      dataDir,
      state: await restoreWindowState(dataDir),
      log,
    });
    const shown = window;
    shown.once('ready-to-show', () => void warnIfNoKeychain(started, shown));
    await started.updates.start();
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
