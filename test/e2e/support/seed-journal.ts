/**
 * Writes journal entries with the journal's own API between two runs of the console (an e2e spec
 * cannot import main-side code: test/integration/journal/seed-journal.ts does it in a child).
 * Writing while the console is stopped is exactly the "from before the restart" case.
 */
import { spawnSync } from 'node:child_process';
import { expect } from '@playwright/test';
import type { JournalOutcome, JournalStep } from '../../../src/shared/contract';

export interface SeedRecord {
  step: JournalStep;
  actionId: string;
  action: string;
  workspaceId: string;
  workspaceName: string;
  environment: 'production' | 'sandbox';
  keyId: string;
  operator?: string;
  object: string;
  outcome?: JournalOutcome;
  detail?: unknown;
}

export function seedJournal(dataDir: string, records: SeedRecord[]): void {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'test/integration/journal/seed-journal.ts'], {
    input: JSON.stringify({ dataDir, records }),
    encoding: 'utf8',
  });
  expect(child.stderr).toBe('');
  expect(child.stdout.trim()).toBe(String(records.length));
}
