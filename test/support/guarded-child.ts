/**
 * A child process for test/integration/app/process-guard.test.ts: with `guard` it installs the
 * process guard; then a timer throws and a promise rejects unhandled, and it prints `alive` after
 * both. Without the guard Node ends at the first of them (exit code 1).
 */
import { installProcessGuard } from '../../src/main/app/process-guard';
import { createLogger } from '../../src/main/log/logger';

if (process.argv.includes('guard')) installProcessGuard(createLogger());
setTimeout(() => {
  throw new TypeError("Cannot read properties of null (reading 'marginCallThreshold')");
}, 10);
setTimeout(() => void Promise.reject(new Error('a cycle nobody awaited')), 20);
setTimeout(() => process.stdout.write('alive\n'), 200);
