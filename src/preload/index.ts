/**
 * The preload: exposes exactly `window.copper`, built from the contract's call list, and nothing
 * else. The renderer never sees ipcRenderer; each function invokes one fixed channel.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CALL_NAMES, EVENT_NAMES, channelOf, eventChannelOf, type EventName } from '../shared/contract';

const api: Record<string, Record<string, unknown>> = {};
for (const name of CALL_NAMES) {
  const [domain, verb] = name.split('.') as [string, string];
  const calls = (api[domain] ??= {});
  const channel = channelOf(name);
  calls[verb] = (input: unknown) => ipcRenderer.invoke(channel, input);
}

const events = {
  on(event: EventName, listener: (payload: unknown) => void): () => void {
    if (!(EVENT_NAMES as readonly string[]).includes(event))
      throw new Error(`unknown event ${String(event)}`);
    const channel = eventChannelOf(event);
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => ipcRenderer.removeListener(channel, wrapped);
  },
};

contextBridge.exposeInMainWorld('copper', { ...api, events });
