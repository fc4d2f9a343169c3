/**
 * The one wrapper around ipcMain: a channel per contract call, each checking that the caller is
 * the app's own main frame before handing the input to the router (VS Code's validated ipcMain).
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CALL_NAMES, channelOf, eventChannelOf } from '../../shared/contract';
import { fail } from '../../shared/result';
import type { Router } from '../router/router';
import type { EventBus } from '../events/event-bus';
import type { Logger } from '../log/logger';
import { isAppUrl } from '../security/app-origin';

export function registerIpc(deps: {
  router: Router;
  events: EventBus;
  log: Logger;
  appUrl: string;
  mainContents: () => WebContents | null;
}): () => void {
  const fromAppMainFrame = (event: IpcMainInvokeEvent): boolean => {
    const contents = deps.mainContents();
    const frame = event.senderFrame;
    return (
      contents !== null &&
      event.sender === contents &&
      frame !== null &&
      frame === contents.mainFrame &&
      isAppUrl(frame.url, deps.appUrl)
    );
  };

  for (const name of CALL_NAMES) {
    ipcMain.handle(channelOf(name), async (event, input: unknown) => {
      if (!fromAppMainFrame(event)) {
        deps.log.warn('ipc', `refused ${name} from a frame that is not the app's main frame`);
        return fail('forbidden', 'Calls are accepted only from the app window.');
      }
      return deps.router.dispatch(name, input);
    });
  }

  const unsubscribe = deps.events.subscribe((event, payload) => {
    deps.mainContents()?.send(eventChannelOf(event), payload);
  });

  return () => {
    unsubscribe();
    for (const name of CALL_NAMES) ipcMain.removeHandler(channelOf(name));
  };
}
