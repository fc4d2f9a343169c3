/**
 * `window.copper` is exactly the contract's domains plus `events`, in both transports: the
 * Electron preload (with `electron` replaced by a recorder) and the browser-mode web client (which
 * needs no DOM to build its object). Each function reaches one fixed channel and nothing else
 * (no raw invoke, no ipcRenderer, no process).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALL_NAMES, channelOf, contract } from '../../../src/shared/contract';

const exposed: Record<string, unknown> = {};
const invoked: Array<{ channel: string; input: unknown }> = [];

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => {
      exposed[key] = api;
    },
  },
  ipcRenderer: {
    invoke: async (channel: string, input: unknown) => {
      invoked.push({ channel, input });
      return { ok: true, value: null };
    },
    on: () => undefined,
    removeListener: () => undefined,
  },
}));

// The renderer imports the contract through the `@shared` alias of its own build; here it is the
// same module under its real path.
vi.mock('@shared/contract', () => import('../../../src/shared/contract'));

const expectedKeys = [...Object.keys(contract), 'events'].sort();
const callsOf = (api: Record<string, unknown>, domain: string) =>
  Object.keys(api[domain] as Record<string, unknown>).sort();

afterEach(() => {
  invoked.length = 0;
});

describe('window.copper', () => {
  it('from the preload: only `copper`, holding the contract domains and events', async () => {
    await import('../../../src/preload/index');
    expect(Object.keys(exposed)).toEqual(['copper']);
    const api = exposed['copper'] as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(expectedKeys);
    for (const domain of Object.keys(contract))
      expect(callsOf(api, domain)).toEqual(Object.keys(contract[domain as keyof typeof contract]).sort());
    expect(Object.keys(api['events'] as object)).toEqual(['on']);

    for (const name of CALL_NAMES) {
      const [domain, verb] = name.split('.') as [string, string];
      await (api[domain] as Record<string, (input: unknown) => Promise<unknown>>)[verb]!({ probe: name });
    }
    expect(invoked.map((c) => c.channel)).toEqual(CALL_NAMES.map(channelOf));
    expect(() =>
      (api['events'] as { on: (e: string, l: () => void) => void }).on('not-an-event', () => undefined),
    ).toThrow(/unknown event/);
  });

  it('from the browser-mode web client: the same keys, frozen', async () => {
    // The renderer's file is compiled by the web tsconfig (DOM types, @shared alias): load it by a
    // computed path so the Node-side typecheck does not follow it.
    const path = '../../../src/renderer/src/transport/web-client';
    const client = (await import(/* @vite-ignore */ path)) as {
      createWebApi: (token: string) => Record<string, unknown>;
    };
    const api = client.createWebApi('0'.repeat(64));
    expect(Object.keys(api).sort()).toEqual(expectedKeys);
    for (const domain of Object.keys(contract))
      expect(callsOf(api, domain)).toEqual(Object.keys(contract[domain as keyof typeof contract]).sort());
    expect(Object.isFrozen(api)).toBe(true);
  });
});
