/**
 * The application menu, as data: the console's shortcuts (Alt+digit for each tab, which the
 * renderer handles; the menu shows them and a click sends the same key), the edit roles that make
 * copy and paste work on macOS, and an About box. Pure so the template is unit-tested; shell/menu.ts
 * hands it to Menu.buildFromTemplate.
 */
import type { MenuItemConstructorOptions } from 'electron';
// The main side's tsconfig must list this renderer file (tsconfig.node.json "include").
import { ALL_TABS } from '../../shared/tabs';

export interface MenuActions {
  /** Sends Alt+<key> to the window, where the renderer switches tab. */
  showTab(key: string): void;
  showAbout(): void;
  openDataFolder(): void;
  /** Present once the key service can lock the vault on demand. */
  lockVault?: () => void;
}

export function buildMenuTemplate(options: {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  actions: MenuActions;
}): MenuItemConstructorOptions[] {
  const { actions } = options;
  const mac = options.platform === 'darwin';
  const about: MenuItemConstructorOptions = {
    label: 'About Copper Operator',
    click: () => actions.showAbout(),
  };
  const lock: MenuItemConstructorOptions[] = actions.lockVault
    ? [{ label: 'Lock vault', accelerator: 'CmdOrCtrl+L', click: () => actions.lockVault?.() }]
    : [];

  const template: MenuItemConstructorOptions[] = [];
  if (mac)
    template.push({
      label: 'Copper Operator',
      submenu: [
        about,
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  template.push({
    label: 'File',
    submenu: [
      ...lock,
      { label: 'Open data folder', click: () => actions.openDataFolder() },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  });
  template.push({ role: 'editMenu' });
  template.push({
    label: 'View',
    submenu: [
      ...ALL_TABS.map((tab): MenuItemConstructorOptions => ({
        label: tab.label,
        accelerator: `Alt+${tab.key}`,
        // The renderer owns the shortcut; registering it here too would swallow the key press.
        registerAccelerator: false,
        click: () => actions.showTab(tab.key),
      })),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      // A reload drops unsaved state and DevTools is a way into the renderer: development only.
      ...(options.isPackaged
        ? []
        : [{ type: 'separator' } as const, { role: 'reload' } as const, { role: 'toggleDevTools' } as const]),
    ],
  });
  template.push({ role: 'windowMenu' });
  template.push({
    role: 'help',
    submenu: mac ? [{ label: 'Open data folder', click: () => actions.openDataFolder() }] : [about],
  });
  return template;
}

/** The About box's text: what support asks for first. */
export function aboutDetail(facts: {
  version: string;
  electron: string;
  chrome: string;
  node: string;
  platform: string;
  arch: string;
  dataDir: string;
  logFile: string;
  /** The update policy in force, or why it was refused (UpdateService.aboutLine). */
  updates?: string;
}): string {
  return [
    `Version ${facts.version}`,
    `Electron ${facts.electron}, Chromium ${facts.chrome}, Node ${facts.node}`,
    `${facts.platform} ${facts.arch}`,
    '',
    `Data folder: ${facts.dataDir}`,
    `Log file: ${facts.logFile}`,
    ...(facts.updates ? ['', facts.updates] : []),
  ].join('\n');
}
