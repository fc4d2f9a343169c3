/**
 * The process-level guard (issue 25): an exception or a rejection that escapes every handler is
 * logged and counted, and the main process keeps serving. Installed by both entries (the Electron
 * shell, src/main/index.ts, and browser mode, src/main/web/cli.ts) before anything starts.
 *
 * Why keeping the process alive is safe here, although Node's default is to exit:
 * - The guard hides nothing: every escape is logged as an error with its name and message (the
 *   logger redacts secrets and drops stacks, which can hold request headers) and counted.
 * - What runs in the background is supervised (src/main/jobs/supervisor.ts): the risk watch's
 *   failures are caught, shown to the operator and retried, so they do not reach the guard. What
 *   still reaches it is a bug in a callback we do not await, and exiting then would turn one bad
 *   answer from the platform into a console that is down, and down again at every start.
 * - Nothing the console holds in memory is the only copy of anything that matters: the journal,
 *   workspaces, risk state and the lockout guard's counts are written atomically as they change,
 *   and an action whose outcome was not recorded is "unknown" and re-read, never repeated. A
 *   half-updated in-memory structure can at worst show a stale view until the next read.
 * - A storm (the same failure on every tick of something unsupervised) is logged at a bounded rate,
 *   so it cannot fill the disk; the count still says how many there were.
 */
import type { Logger } from '../log/logger';

/** At most this many escapes are logged one by one per window; the rest only counted. */
export const MAX_LOGGED_PER_WINDOW = 20;
export const LOG_WINDOW_MS = 60_000;

/** The part of `process` the guard uses, so that tests can hand it an EventEmitter. */
export interface GuardedProcess {
  on(event: 'uncaughtException', listener: (error: unknown, origin?: string) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  off(event: 'uncaughtException', listener: (error: unknown, origin?: string) => void): unknown;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

export interface ProcessGuard {
  /** Escapes seen since installation, by kind. */
  counts(): { uncaughtException: number; unhandledRejection: number };
  uninstall(): void;
}

export function installProcessGuard(
  log: Logger,
  target: GuardedProcess = process,
  now: () => number = () => Date.now(),
): ProcessGuard {
  const counts = { uncaughtException: 0, unhandledRejection: 0 };
  let windowStart = now();
  let loggedInWindow = 0;
  let silenced = 0;

  const report = (kind: keyof typeof counts, detail: string, error: unknown) => {
    counts[kind]++;
    const at = now();
    if (at - windowStart >= LOG_WINDOW_MS) {
      if (silenced > 0)
        log.error('process', `${silenced} more escaped errors were not logged one by one in the last minute`);
      windowStart = at;
      loggedInWindow = 0;
      silenced = 0;
    }
    if (loggedInWindow >= MAX_LOGGED_PER_WINDOW) {
      silenced++;
      return;
    }
    loggedInWindow++;
    try {
      log.error('process', `${detail} (${counts[kind]} so far); the console keeps running`, error);
    } catch {
      // The guard itself must never throw: that would end the process it is there to keep.
    }
  };
  const onException = (error: unknown, origin?: string) =>
    report('uncaughtException', `uncaught exception${origin ? ` (${origin})` : ''}`, error);
  const onRejection = (reason: unknown) =>
    report('unhandledRejection', 'unhandled promise rejection', reason);
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return {
    counts: () => ({ ...counts }),
    uninstall() {
      target.off('uncaughtException', onException);
      target.off('unhandledRejection', onRejection);
    },
  };
}
