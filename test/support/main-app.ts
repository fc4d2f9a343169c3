/**
 * A real main side for integration tests: `createMainApp` on a fresh temp data folder with its
 * embedded `small` sandbox, in browser-shell mode, logging nowhere; calls go through its contract
 * router as the renderer's would. `close()` stops it and removes the folder (unless asked to keep
 * it, for a restart on the same data: `TestAppFolder`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createMainApp, type MainApp, type MainAppOptions } from '../../src/main/app/create-app';
import { createLogger } from '../../src/main/log/logger';
import type { WorkspaceList } from '../../src/shared/contract';

export type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

export interface TestApp {
  app: MainApp;
  dataDir: string;
  /** The built-in sandbox workspace's id. */
  builtInId: string;
  call<T>(name: string, input: unknown): Promise<Answer<T>>;
  /** The call's value; throws with the error's code and message when it failed. */
  value<T>(name: string, input: unknown): Promise<T>;
  close(): Promise<void>;
}

/** How the test app treats its data folder. */
export interface TestAppFolder {
  /** Start on this folder (a restart on the same data) instead of a fresh temp folder. */
  dataDir?: string;
  /** `close()` leaves the folder in place, for a restart; the test removes it. */
  keepDataDir?: boolean;
}

export async function startTestApp(
  prefix: string,
  options: Partial<MainAppOptions> = {},
  folder: TestAppFolder = {},
): Promise<TestApp> {
  const dataDir = folder.dataDir ?? options.dataDir ?? (await mkdtemp(join(tmpdir(), `copper-${prefix}-`)));
  const app = await createMainApp({
    shell: 'browser',
    version: 'test',
    sandboxSize: 'small',
    log: createLogger({ write: () => undefined }),
    saveDialog: null,
    ...options,
    dataDir,
  });
  const call = async <T>(name: string, input: unknown) =>
    (await app.router.dispatch(name, input)) as Answer<T>;
  const value = async <T>(name: string, input: unknown): Promise<T> => {
    const r = await call<T>(name, input);
    if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
    return r.value;
  };
  const list = await value<WorkspaceList>('workspaces.list', {});
  return {
    app,
    dataDir,
    builtInId: list.workspaces.find((w) => w.builtIn)?.id ?? '',
    call,
    value,
    close: async () => {
      await app.close();
      if (folder.keepDataDir !== true) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A call to the embedded sandbox's control API (faults, request log) with its token. */
export async function sandboxControl(
  app: MainApp,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${app.sandbox.controlUrl}${path}`, {
    method,
    headers: {
      'X-Sandbox-Token': app.sandbox.controlToken,
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** How many requests the embedded sandbox logged with this method and a path starting so. */
export async function requestCount(app: MainApp, method: string, pathPrefix: string): Promise<number> {
  const path = `/requests?method=${method}&pathPrefix=${encodeURIComponent(pathPrefix)}`;
  return ((await sandboxControl(app, 'GET', path)) as { count: number }).count;
}

/**
 * One test app for a whole file: started before its tests (then `started`, for the file's own
 * bindings and set-up), its embedded sandbox reset before each test, closed after the last.
 */
export function useResetTestApp(
  prefix: string,
  options: Partial<MainAppOptions>,
  started: (t: TestApp) => Promise<void> | void,
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp(prefix, options);
    await started(t);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    if (t) await sandboxControl(t.app, 'POST', '/reset');
  });
}
