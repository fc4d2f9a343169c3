/**
 * The updater's status as the renderer sees it: read once, then kept current by the
 * `update-status` event. Calls go to the main side, which owns every rule: the feed and the
 * consent come from the administrator's policy file, and only a verified update installs. The
 * renderer can check now and choose when a ready update installs; nothing else.
 */
import { create } from 'zustand';
import type { UpdateStatus } from '@shared/contract';
import type { AppError } from '@shared/result';
import { copper } from '../lib/api';

interface UpdateStore {
  status: UpdateStatus | null;
  error: AppError | null;
  busy: boolean;
  load(): Promise<void>;
  check(): Promise<void>;
  install(now: boolean): Promise<void>;
}

let subscribed = false;

export const useUpdateStore = create<UpdateStore>((set) => {
  const run = async (call: () => ReturnType<CopperApiCall>): Promise<boolean> => {
    set({ busy: true, error: null });
    const result = await call();
    set(result.ok ? { status: result.value, busy: false } : { error: result.error, busy: false });
    return result.ok;
  };
  return {
    status: null,
    error: null,
    busy: false,
    async load() {
      if (!subscribed) {
        subscribed = true;
        copper().events.on('update-status', (status) => set({ status }));
      }
      await run(() => copper().updates.status({}));
    },
    check: async () => void (await run(() => copper().updates.check({}))),
    install: async (now) => void (await run(() => copper().updates.installOnRestart({ now }))),
  };
});

type CopperApiCall = () => Promise<{ ok: true; value: UpdateStatus } | { ok: false; error: AppError }>;
