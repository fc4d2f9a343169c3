/**
 * The Journal view (issue 12): a production approve with its typed confirmation and its outcome,
 * still there after the app restarts, and an action whose outcome was unknown when the app stopped
 * shown as unsettled, on top, with a notice.
 *
 * The entries are written with the journal's own API (Journals.append, what the actions service
 * calls; through test/integration/journal/seed-journal.ts) between two runs of the console: a production workspace cannot point at the loopback
 * sandbox, so a real production approve cannot be sent from a test; and writing while the console
 * is stopped is exactly the "from before the restart" case.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { JournalOutcome, JournalStep } from '../../src/shared/contract';
import { startConsoleServer, type ConsoleServer } from './support/console-server';
import { test, expect } from './support/fixtures';
import { ConfirmDialog } from './pages/confirm-dialog';
import { DataTable } from './pages/data-table';
import { LoansPage } from './pages/loans';
import { Shell } from './pages/shell';

interface SeedRecord {
  step: JournalStep;
  actionId: string;
  action: string;
  workspaceId: string;
  workspaceName: string;
  environment: 'production';
  keyId: string;
  object: string;
  outcome?: JournalOutcome;
  detail?: unknown;
}

function seedJournal(dataDir: string, records: SeedRecord[]): void {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'test/integration/journal/seed-journal.ts'], {
    input: JSON.stringify({ dataDir, records }),
    encoding: 'utf8',
  });
  expect(child.stderr).toBe('');
  expect(child.stdout.trim()).toBe(String(records.length));
}

async function open(page: Page, server: ConsoleServer): Promise<void> {
  await page.goto(server.url);
  await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 30_000 });
}

test('shows a production approve with its confirmation and outcome across a restart, and an unknown outcome as unsettled', async ({
  page,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'copper-e2e-journal-'));
  let server = await startConsoleServer({ dataDir });
  try {
    await open(page, server);
    const shell = new Shell(page);
    const workspaceId = await shell.switcher.inputValue();
    await server.stop();

    const base = {
      workspaceId,
      workspaceName: 'Desk one',
      environment: 'production',
      keyId: 'key-3f9a',
      action: 'loans.approve',
    } as const;
    // The unknown one is older: it must still come first.
    const unknown = (step: JournalStep, extra: Partial<SeedRecord> = {}): SeedRecord => ({
      ...base,
      actionId: 'act-unknown-2',
      object: 'loan L-200',
      step,
      ...extra,
    });
    const approve = (step: JournalStep, extra: Partial<SeedRecord> = {}): SeedRecord => ({
      ...base,
      actionId: 'act-approve-1',
      object: 'loan L-100',
      step,
      ...extra,
    });
    seedJournal(dataDir, [
      unknown('prepared'),
      unknown('sent'),
      unknown('outcome', { outcome: 'unknown', detail: { reason: 'timeout after sending' } }),
      approve('prepared', {
        detail: {
          method: 'PATCH',
          path: '/organizations/o1/loans/L-100',
          contentType: 'application/vnd.approve-loan+json',
        },
      }),
      approve('confirmed', { detail: { typedPhrase: 'production' } }),
      approve('sent'),
      approve('answered', {
        detail: { status: 200, answer: { loanId: 'L-100', status: 'awaiting-collateral' } },
      }),
      approve('outcome', { outcome: 'done' }),
    ]);

    server = await startConsoleServer({ dataDir });
    await open(page, server);
    // (Shell.openTab's list of tabs is not this feature's file: the tab is clicked directly.)
    await page.getByTestId('tab-journal').click();
    await expect(page.getByTestId('view-journal')).toBeVisible();
    const table = new DataTable(page, 'journal');
    await table.waitReady();
    await expect(table.root).toHaveAttribute('data-row-count', '8');
    await expect(page.getByTestId('journal-verdict')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('journal-verdict')).toContainText('ok 8 entries');

    // The unsettled action first, marked, with a notice.
    await expect(page.getByTestId('journal-unsettled-notice')).toContainText(
      '1 action has an unknown outcome',
    );
    const objects = await table.columnTexts('object');
    expect(objects.slice(0, 3)).toEqual(['loan L-200', 'loan L-200', 'loan L-200']);
    expect((await table.columnTexts('outcome')).slice(0, 3)).toEqual(['unsettled', 'unsettled', 'unsettled']);

    // The production approve: every step, newest first, with its environment and outcome.
    await page.getByTestId('journal-filter-search').fill('act-approve-1');
    await expect(table.root).toHaveAttribute('data-row-count', '5');
    expect(await table.columnTexts('step')).toEqual(['outcome', 'answered', 'sent', 'confirmed', 'prepared']);
    expect(await table.columnTexts('environment')).toEqual(Array(5).fill('production'));
    expect((await table.columnTexts('outcome'))[0]).toBe('done');

    // The confirmation's full entry in the detail pane.
    const ids = await table.renderedIds();
    await table.row(ids[3] ?? '').click();
    await expect(page.getByTestId('journal-detail')).toContainText('loans.approve · confirmed');
    await expect(page.getByTestId('journal-detail-json')).toContainText('"typedPhrase": "production"');
    await expect(page.getByTestId('journal-detail')).toContainText('key-3f9a');

    // Filters by outcome.
    await page.getByTestId('journal-filter-search').fill('');
    await page.getByTestId('journal-filter-outcome').selectOption('unknown');
    await expect(table.root).toHaveAttribute('data-row-count', '1');
    expect(await table.columnTexts('object')).toEqual(['loan L-200']);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('an approve sent from the console is journalled step by step and is still there after a restart', async ({
  page,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'copper-e2e-journal-'));
  let server = await startConsoleServer({ dataDir });
  try {
    await open(page, server);
    const shell = new Shell(page);
    const loans = new LoansPage(page);
    const confirm = new ConfirmDialog(page);
    await shell.openTab('loans');
    const loanId = await loans.loanIdByExternalId('sandbox-approve-lend-1');
    await loans.openLoan(loanId, 'awaiting-approval');
    await loans.action('approve').click();
    await confirm.submit.click();
    await expect(confirm.result).toContainText('awaiting-collateral');
    await confirm.close.click();
    await server.stop();

    server = await startConsoleServer({ dataDir });
    await open(page, server);
    await page.getByTestId('tab-journal').click();
    const table = new DataTable(page, 'journal');
    await table.waitReady();
    await expect(page.getByTestId('journal-verdict')).toHaveAttribute('data-ok', 'true');
    await page.getByTestId('journal-filter-search').fill(loanId);
    await expect
      .poll(() => table.columnTexts('step'))
      .toEqual(expect.arrayContaining(['prepared', 'sent', 'outcome']));
    const steps = await table.columnTexts('step');
    // Newest first: the outcome after "sent", "sent" after "prepared".
    expect(steps.indexOf('outcome')).toBeLessThan(steps.indexOf('sent'));
    expect(steps.indexOf('sent')).toBeLessThan(steps.indexOf('prepared'));
    expect(new Set(await table.columnTexts('action'))).toEqual(new Set(['loans.approve']));
    expect(new Set(await table.columnTexts('environment'))).toEqual(new Set(['sandbox']));
    expect((await table.columnTexts('outcome'))[steps.indexOf('outcome')]).toBe('done');
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
