/**
 * The preload: exposes exactly `window.copper`, built from the contract's call list, and nothing
 * else. The renderer never sees ipcRenderer; each function invokes one fixed channel. It imports
 * only the names module (src/shared/channels.ts, compiler-checked against the contract), so the
 * bundle holds no zod and no schema.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { EventName } from '../shared/contract';
import { CALL_NAME_LIST, EVENT_NAME_LIST, channelOf, eventChannelOf } from '../shared/channels';

const CALL_NAMES = CALL_NAME_LIST;
const EVENT_NAMES = EVENT_NAME_LIST;

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
