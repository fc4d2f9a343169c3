/**
 * A fake `window.copper` for the renderer's unit tests (they run in node): every call is recorded
 * and answers when the test says so (or at once, through a responder), and main-side events are
 * fired by hand. Also `settle`, which lets react-query's promise chains and its batched
 * notifications (a zero timeout) run out.
 */
import { vi } from 'vitest';
import { ok, type Result } from '../../src/shared/result';

export interface FakeCall {
  name: string;
  input: unknown;
  answer(res: Result<unknown>): void;
}

export function fakeCopper() {
  const calls: FakeCall[] = [];
  const responders = new Map<string, (input: unknown) => Result<unknown>>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const events = {
    on(event: string, listener: (payload: unknown) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
  const domain = (d: string) =>
    new Proxy(
      {},
      {
        get: (_target, verb: string) => (input: unknown) =>
          new Promise<Result<unknown>>((answer) => {
            const name = `${d}.${verb}`;
            const respond = responders.get(name);
            calls.push({ name, input, answer });
            if (respond) answer(respond(input));
          }),
      },
    );
  vi.stubGlobal(
    'copper',
    new Proxy({}, { get: (_target, d: string) => (d === 'events' ? events : domain(d)) }),
  );
  return {
    calls,
    /** The calls of one name, in order. */
    of: (name: string) => calls.filter((c) => c.name === name),
    /** Answers every later call of `name` at once. */
    respond(name: string, fn: (input: unknown) => Result<unknown>) {
      responders.set(name, fn);
    },
    /** Answers every later call of `name` with `ok(value)`. */
    answerWith(name: string, value: unknown) {
      responders.set(name, () => ok(value));
    },
    emit(event: string, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
  };
}

export type FakeCopper = ReturnType<typeof fakeCopper>;

export async function settle(): Promise<void> {
  for (let i = 0; i < 4; i += 1) await new Promise((r) => setTimeout(r, 0));
}
