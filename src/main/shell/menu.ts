/** Installs the application menu (shell/menu-template.ts) and its About box. */
import { app, dialog, Menu, shell, type BrowserWindow } from 'electron';
import { aboutDetail, buildMenuTemplate } from './menu-template';

export function installAppMenu(deps: {
  window: () => BrowserWindow | null;
  dataDir: string;
  logFile: string;
  lockVault?: () => Promise<void>;
  /** Help › About's update line: the policy in force, or why it was refused (UpdateService.aboutLine). */
  updatePolicy?: () => string;
}): void {
  const template = buildMenuTemplate({
    platform: process.platform,
    isPackaged: app.isPackaged,
    actions: {
      showTab(key) {
        // The renderer owns Alt+digit (Shell.tsx); the menu sends the same key press.
        const contents = deps.window()?.webContents;
        contents?.sendInputEvent({ type: 'keyDown', keyCode: key, modifiers: ['alt'] });
        contents?.sendInputEvent({ type: 'keyUp', keyCode: key, modifiers: ['alt'] });
      },
      showAbout() {
        const detail = aboutDetail({
          version: app.getVersion(),
          electron: process.versions.electron ?? '',
          chrome: process.versions.chrome ?? '',
          node: process.versions.node,
          platform: process.platform,
          arch: process.arch,
          dataDir: deps.dataDir,
          logFile: deps.logFile,
          ...(deps.updatePolicy ? { updates: deps.updatePolicy() } : {}),
        });
        const options = {
          type: 'info' as const,
          title: 'About Copper Operator',
          message: 'Copper Operator',
          detail,
        };
        const window = deps.window();
        void (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
      },
      openDataFolder() {
        void shell.openPath(deps.dataDir);
      },
      ...(deps.lockVault ? { lockVault: () => void deps.lockVault?.() } : {}),
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
