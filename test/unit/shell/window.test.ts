/**
 * The main window as shell/window.ts creates it, with `electron` replaced by a recorder: the
 * hardened web preferences are exactly the ones below (a flag changed, missing or added fails),
 * navigation away from the app is refused and every window opening is denied.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;
const created: Array<{ options: Record<string, unknown>; contents: Map<string, Listener> }> = [];
let openHandler: ((details: { url: string }) => { action: string }) | null = null;

vi.mock('electron', () => {
  class BrowserWindow {
    readonly webContents: unknown;
    constructor(options: Record<string, unknown>) {
      const contents = new Map<string, Listener>();
      created.push({ options, contents });
      this.webContents = {
        on: (event: string, listener: Listener) => contents.set(event, listener),
        setWindowOpenHandler: (handler: typeof openHandler) => {
          openHandler = handler;
        },
      };
    }
    once(): void {}
    on(): void {}
    loadURL(): Promise<void> {
      return Promise.resolve();
    }
  }
  const session = {
    defaultSession: {
      setPermissionRequestHandler: () => undefined,
      setPermissionCheckHandler: () => undefined,
      webRequest: { onHeadersReceived: () => undefined },
    },
  };
  return { BrowserWindow, session, screen: {}, shell: { openExternal: () => Promise.resolve() } };
});

const { createMainWindow } = await import('../../../src/main/shell/window');

const APP_URL = 'app://copper-operator/index.html';
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

function openWindow() {
  createMainWindow({
    appUrl: APP_URL,
    preloadDir: '/p',
    dataDir: '/d',
    state: { bounds: { x: 1, y: 2, width: 1300, height: 800 }, maximized: false },
    log,
  });
  const made = created.at(-1);
  if (made === undefined) throw new Error('no window was created');
  return made;
}

beforeEach(() => {
  created.length = 0;
  openHandler = null;
});

describe('the main window', () => {
  it('isolates the renderer: context isolation, sandbox, no Node integration anywhere', () => {
    expect(openWindow().options['webPreferences']).toEqual({
      preload: '/p/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    });
  });

  it('refuses navigation away from the app (not within it), a webview, and every new window', () => {
    const { contents } = openWindow();
    const event = () => ({ preventDefault: vi.fn() });
    for (const name of ['will-navigate', 'will-redirect']) {
      const away = event();
      contents.get(name)?.(away, 'https://evil.example/');
      expect(away.preventDefault, name).toHaveBeenCalled();
    }
    const inside = event();
    contents.get('will-navigate')?.(inside, APP_URL);
    expect(inside.preventDefault).not.toHaveBeenCalled();
    const webview = event();
    contents.get('will-attach-webview')?.(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
    expect(openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(openHandler?.({ url: 'https://copper.co/' })).toEqual({ action: 'deny' });
  });
});
