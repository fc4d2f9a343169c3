/**
 * The main window's web preferences, kept apart from the shell so a unit test can assert them
 * without Electron: context isolation, the OS sandbox, no Node anywhere in the renderer.
 */
export function mainWindowWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  } as const;
}
