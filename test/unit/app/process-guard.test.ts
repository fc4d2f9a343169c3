/**
 * The process guard (issue 25): what escapes every handler is logged with its kind and counted,
 * the guard never throws itself, a storm is logged at a bounded rate, and uninstall removes it.
 * The real-process check (a throw in a timer no longer ends Node) is in
 * test/integration/app/process-guard.test.ts.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  LOG_WINDOW_MS,
  MAX_LOGGED_PER_WINDOW,
  installProcessGuard,
  type GuardedProcess,
} from '../../../src/main/app/process-guard';
import type { Logger } from '../../../src/main/log/logger';

function logger(lines: string[], failing = false): Logger {
  const write = (level: string) => (service: string, message: string, error?: unknown) => {
    if (failing) throw new Error('disk full');
    lines.push(`${level} [${service}] ${message}${error instanceof Error ? ` (${error.message})` : ''}`);
  };
  return { info: write('INFO'), warn: write('WARN'), error: write('ERROR') };
}

describe('installProcessGuard', () => {
  it('logs an uncaught exception and an unhandled rejection, and counts them', () => {
    const lines: string[] = [];
    const target = new EventEmitter();
    const guard = installProcessGuard(logger(lines), target as unknown as GuardedProcess);
    target.emit('uncaughtException', new TypeError("reading 'collaterals'"), 'uncaughtException');
    target.emit('unhandledRejection', new Error('cycle failed'));
    expect(lines).toEqual([
      "ERROR [process] uncaught exception (uncaughtException) (1 so far); the console keeps running (reading 'collaterals')",
      'ERROR [process] unhandled promise rejection (1 so far); the console keeps running (cycle failed)',
    ]);
    expect(guard.counts()).toEqual({ uncaughtException: 1, unhandledRejection: 1 });
    guard.uninstall();
    expect(target.listenerCount('uncaughtException')).toBe(0);
    expect(target.listenerCount('unhandledRejection')).toBe(0);
  });

  it('never throws, even when the logger does', () => {
    const target = new EventEmitter();
    installProcessGuard(logger([], true), target as unknown as GuardedProcess);
    expect(() => target.emit('unhandledRejection', new Error('x'))).not.toThrow();
  });

  it('logs a storm at a bounded rate and says how many it left out', () => {
    const lines: string[] = [];
    const target = new EventEmitter();
    let now = 0;
    const guard = installProcessGuard(logger(lines), target as unknown as GuardedProcess, () => now);
    for (let i = 0; i < 500; i++) target.emit('unhandledRejection', new Error(`n${i}`));
    expect(lines).toHaveLength(MAX_LOGGED_PER_WINDOW);
    now = LOG_WINDOW_MS;
    target.emit('unhandledRejection', new Error('later'));
    expect(lines.at(-2)).toBe(
      `ERROR [process] ${500 - MAX_LOGGED_PER_WINDOW} more escaped errors were not logged one by one in the last minute`,
    );
    expect(lines.at(-1)).toContain('(501 so far)');
    expect(guard.counts().unhandledRejection).toBe(501);
  });
});
