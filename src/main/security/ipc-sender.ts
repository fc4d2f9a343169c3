/**
 * Who may call the main side over IPC: only the app's own window, from its main frame, showing the
 * app's own page. Kept apart from the Electron shell (structural types, no electron import) so the
 * rule is unit-tested without the Electron binary; shell/ipc.ts applies it to every channel.
 *
 * Why each part: another window or a <webview> would be a different `sender`; an iframe (an ad, a
 * hostile page embedded by a bug) is a frame other than `mainFrame`; a main frame that navigated
 * away (the navigation guard failed, or a crash page) no longer has the app's URL; a frame that is
 * gone is `null`.
 */
import { isAppUrl } from './app-origin';

/** The parts of Electron's WebFrameMain the rule reads. */
export interface FrameFacts {
  readonly url: string;
}

/** The parts of Electron's IpcMainInvokeEvent the rule reads. */
export interface IpcSenderFacts<C, F extends FrameFacts> {
  readonly sender: C;
  readonly senderFrame: F | null;
}

/**
 * True when the call comes from `appContents` (the app window's webContents, null when it is gone),
 * from its main frame, and that frame shows the app itself.
 */
export function isFromAppMainFrame<C extends { readonly mainFrame: F }, F extends FrameFacts>(
  event: IpcSenderFacts<unknown, F>,
  appContents: C | null,
  appUrl: string,
): boolean {
  if (appContents === null || event.sender !== appContents) return false;
  const frame = event.senderFrame;
  return frame !== null && frame === appContents.mainFrame && isAppUrl(frame.url, appUrl);
}
