/**
 * The main window's web preferences, kept apart from the shell so a unit test can assert them
 * without Electron: context isolation, the OS sandbox, no Node anywhere in the renderer.
 *
 * shell/window.ts writes the same flags out literally (a static scanner cannot follow a call or
 * a spread) and declares them `satisfies HardenedWebPreferences`, so any flag that differs from
 * this tested constant, is missing, or is added does not compile.
 */
export const HARDENED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
  // A middle click would otherwise open a link in a new window: every window opening is refused
  // anyway, but the fewer ways in, the fewer handlers that must be right.
  disableBlinkFeatures: 'Auxclick',
} as const;

export type HardenedWebPreferences = typeof HARDENED_WEB_PREFERENCES & { readonly preload: string };

export function mainWindowWebPreferences(preloadPath: string): HardenedWebPreferences {
  return { preload: preloadPath, ...HARDENED_WEB_PREFERENCES };
}
