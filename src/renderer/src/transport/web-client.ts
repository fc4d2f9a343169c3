/**
 * Browser mode: builds `window.copper` over the loopback web bridge. The connection token comes in
 * the URL fragment (`#token=...`), is kept in sessionStorage so a reload still works, and is then
 * removed from the address bar. Every call is a POST with the token header; events arrive on one
 * streamed response read with fetch (EventSource cannot send headers).
 */
// The names from channels.ts (no zod): the transport is evaluated first, before the app (boot.ts).
import { CALL_NAME_LIST as CALL_NAMES, EVENT_NAME_LIST as EVENT_NAMES } from '@shared/channels';
import type { CopperApi, EventName, Events } from '@shared/contract';
import type { Result } from '@shared/result';
import { EventStreamSplitter } from './event-stream';

const TOKEN_KEY = 'copper.token';
const TOKEN_HEADER = 'X-Copper-Token';

export function readToken(): string | null {
  const match = /(?:^|[#&])token=([0-9a-f]{16,128})/.exec(window.location.hash);
  if (match?.[1]) {
    const token = match[1];
    // Kept for a reload and taken out of the address bar in the next task: the first touch of
    // sessionStorage and history.replaceState cost 20-50 ms on a cold page, and the first request
    // (sent by boot.ts right after this) should not wait for them. A reload before then finds
    // the token still in the address.
    setTimeout(() => {
      sessionStorage.setItem(TOKEN_KEY, token);
      history.replaceState(null, '', window.location.pathname + window.location.search);
    }, 0);
    return token;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

type Listener = (payload: unknown) => void;

/**
 * Calls that must complete even when the page goes away: the remembered view is flushed on
 * `pagehide`, and a plain fetch is aborted by the unload. `keepalive` lets it finish; browsers cap
 * keepalive bodies at 64 KB in total, so larger ones go as ordinary requests.
 */
const SURVIVES_UNLOAD = new Set(['workspaces.saveUiState']);
const KEEPALIVE_MAX_BYTES = 60_000;

export function createWebApi(token: string): CopperApi {
  const listeners = new Map<EventName, Set<Listener>>();
  let streamStarted = false;

  /**
   * A call whose answer never arrives may still have run on the main side: for an action that
   * means it may have reached the platform. The message says so, so that nobody sends a payment
   * or an order twice on the strength of "could not be reached".
   */
  const MAYBE_DONE =
    'If this was an action, it may already have been carried out: check its state before sending it again.';
  const invoke = async (name: string, input: unknown): Promise<Result<unknown>> => {
    let request: string;
    try {
      request = JSON.stringify(input ?? {});
    } catch {
      return {
        ok: false,
        error: { code: 'bad-input', message: 'The input could not be sent: it is not plain data.' },
      };
    }
    let response: Response;
    try {
      response = await fetch(`/rpc/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: token },
        body: request,
        keepalive: SURVIVES_UNLOAD.has(name) && request.length <= KEEPALIVE_MAX_BYTES,
      });
    } catch {
      return {
        ok: false,
        error: {
          code: 'network',
          message: `The console lost its connection to its main side (is \`npm run web\` still running?). ${MAYBE_DONE}`,
        },
      };
    }
    try {
      const body = (await response.json()) as Result<unknown>;
      if (typeof body === 'object' && body !== null && typeof body.ok === 'boolean') return body;
    } catch {
      // falls through: the answer was cut off or is not JSON
    }
    return {
      ok: false,
      error: {
        code: 'bad-response',
        status: response.status,
        message: `The main side's answer (HTTP ${response.status}) could not be read. ${MAYBE_DONE}`,
      },
    };
  };

  const dispatch = (event: string, data: string) => {
    if (!(EVENT_NAMES as readonly string[]).includes(event)) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    for (const listener of listeners.get(event as EventName) ?? []) listener(payload);
  };

  const readStream = async (): Promise<void> => {
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      try {
        const response = await fetch('/events', { headers: { [TOKEN_HEADER]: token } });
        if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const splitter = new EventStreamSplitter();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const { event, data } of splitter.push(value)) dispatch(event, data);
        }
      } catch {
        // The main side restarted or the connection dropped: retry after a pause, bounded.
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 250 * 2 ** Math.min(attempt, 4))));
    }
  };

  const api: Record<string, unknown> = {};
  for (const name of CALL_NAMES) {
    const [domain, verb] = name.split('.') as [string, string];
    const calls = (api[domain] ??= {}) as Record<string, unknown>;
    calls[verb] = (input: unknown) => invoke(name, input);
  }
  api.events = {
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
      if (!streamStarted) {
        streamStarted = true;
        void readStream();
      }
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener as Listener);
      listeners.set(event, set);
      return () => set.delete(listener as Listener);
    },
  };
  return Object.freeze(api) as unknown as CopperApi;
}
