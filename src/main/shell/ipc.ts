/**
 * The one wrapper around ipcMain: a channel per contract call, each checking that the caller is
 * the app's own main frame before handing the input to the router (VS Code's validated ipcMain).
 */
import { ipcMain, type WebContents } from 'electron';
import { CALL_NAMES, channelOf, eventChannelOf } from '../../shared/contract';
import { fail } from '../../shared/result';
import type { Router } from '../router/router';
import type { EventBus } from '../events/event-bus';
import type { Logger } from '../log/logger';
import { isFromAppMainFrame } from '../security/ipc-sender';

export function registerIpc(deps: {
  router: Router;
  events: EventBus;
  log: Logger;
  appUrl: string;
  mainContents: () => WebContents | null;
}): () => void {
  for (const name of CALL_NAMES) {
    ipcMain.handle(channelOf(name), async (event, input: unknown) => {
      if (!isFromAppMainFrame(event, deps.mainContents(), deps.appUrl)) {
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
