/**
 * The Journal view (issues 12 and 24): one row per action with who acted, expanding into its steps;
 * a production approve with its typed confirmation and its outcome, still there after the app
 * restarts, and an action whose outcome was unknown when the app stopped shown as unsettled, on
 * top, with a notice; an approve sent from the console under the operator name set in the settings.
 *
 * The entries are written with the journal's own API (Journals.append, what the actions service
 * calls; through test/integration/journal/seed-journal.ts) between two runs of the console: a production workspace cannot point at the loopback
 * sandbox, so a real production approve cannot be sent from a test; and writing while the console
 * is stopped is exactly the "from before the restart" case.
 */
import { spawnSync } from 'node:child_process';
import type { JournalOutcome, JournalStep } from '../../src/shared/contract';
import { test, expect } from './support/fixtures';
import { onDataDir } from './support/restarting-console';
import { ConfirmDialog } from './pages/confirm-dialog';
import { JournalPage } from './pages/journal';
import { LoansPage } from './pages/loans';
import { OperatorNameSetting } from './pages/operator-name';
import { Shell } from './pages/shell';

interface SeedRecord {
  step: JournalStep;
  actionId: string;
  action: string;
  workspaceId: string;
  workspaceName: string;
  environment: 'production';
  keyId: string;
  operator?: string;
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

test('shows one row per action, unsettled first, with its operator; a production approve expands into its steps across a restart', async ({
  page,
}) => {
  await onDataDir('journal', page, async ({ dataDir, stop, start }) => {
    const shell = new Shell(page);
    const workspaceId = await shell.switcher.inputValue();
    await stop();

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
      operator: 'Sam Night',
      step,
      ...extra,
    });
    const approve = (step: JournalStep, extra: Partial<SeedRecord> = {}): SeedRecord => ({
      ...base,
      actionId: 'act-approve-1',
      object: 'loan L-100',
      operator: 'Dana Ops',
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

    await start();
    const journal = new JournalPage(page);
    await journal.open();
    const { table } = journal;
    // Two actions, not eight entries.
    await expect(table.root).toHaveAttribute('data-row-count', '2');
    await expect(journal.verdict).toHaveAttribute('data-ok', 'true');
    await expect(journal.verdict).toContainText('8 entries');

    // The unsettled action first, marked, with a notice; each row names who acted.
    await expect(journal.unsettledNotice).toContainText('1 action has an unknown outcome');
    expect(await journal.actionIds()).toEqual(['act-unknown-2', 'act-approve-1']);
    expect(await table.columnTexts('object')).toEqual(['loan L-200', 'loan L-100']);
    expect(await table.columnTexts('outcome')).toEqual(['unsettled', 'done']);
    expect(await table.columnTexts('operator')).toEqual(['Sam Night', 'Dana Ops']);
    expect(await table.columnTexts('environment')).toEqual(['production', 'production']);

    // The production approve expands, from the keyboard, into every step, oldest first.
    await journal.search.fill('act-approve-1');
    await expect(table.root).toHaveAttribute('data-row-count', '1');
    const expand = journal.expandButton('act-approve-1');
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect(expand).toHaveText(/5/);
    await expand.focus();
    await page.keyboard.press('Enter');
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    await expect(table.root).toHaveAttribute('data-row-count', '6');
    expect(await journal.texts('step', 'step')).toEqual([
      'prepared',
      'confirmed',
      'sent',
      'answered',
      'outcome',
    ]);
    expect(await journal.texts('step', 'operator')).toEqual(Array(5).fill('Dana Ops'));
    expect((await journal.texts('step', 'outcome'))[4]).toBe('done');

    // A step opens its full entry in the detail pane.
    const seqs = await journal.stepSeqs();
    await journal.stepRow(seqs[1] ?? 0).click();
    await expect(journal.detail).toContainText('loans.approve · confirmed');
    await expect(journal.detailJson).toContainText('"typedPhrase": "production"');
    await expect(journal.detail).toContainText('key-3f9a');
    await expect(journal.detail).toContainText('Dana Ops');

    // Collapses again with a click.
    await expand.click();
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect(table.root).toHaveAttribute('data-row-count', '1');

    // Filters by outcome.
    await journal.search.fill('');
    await journal.outcomeFilter.selectOption('unknown');
    await expect.poll(() => table.columnTexts('object')).toEqual(['loan L-200']);
    await expect(table.root).toHaveAttribute('data-row-count', '1');
  });
});

test('an approve sent from the console is one action row under the operator name set, with its steps, after a restart', async ({
  page,
}) => {
  await onDataDir('journal', page, async ({ stop, start }) => {
    const shell = new Shell(page);
    const operator = new OperatorNameSetting(page);
    await shell.openTab('workspaces');
    await expect(operator.accountName).not.toHaveText('…');
    // A name the rule refuses is refused as typed.
    await operator.input.fill('Dana\u202eOps');
    await expect(operator.problem).toContainText('U+202E');
    await expect(operator.save).toBeDisabled();
    await operator.set('  Dana Ops  ');

    const loans = new LoansPage(page);
    const confirm = new ConfirmDialog(page);
    const loanId = await loans.openSeeded('sandbox-approve-lend-1', 'awaiting-approval');
    await loans.action('loans.approve').click();
    await confirm.send('awaiting-collateral');
    await stop();

    await start();
    // The name outlives the restart.
    await shell.openTab('workspaces');
    await expect(operator.input).toHaveValue('Dana Ops');

    const journal = new JournalPage(page);
    await journal.open();
    await expect(journal.verdict).toHaveAttribute('data-ok', 'true');
    await journal.search.fill(loanId);
    await expect(journal.table.root).toHaveAttribute('data-row-count', '1');
    expect(await journal.table.columnTexts('action')).toEqual(['loans.approve']);
    expect(await journal.table.columnTexts('environment')).toEqual(['sandbox']);
    expect(await journal.table.columnTexts('operator')).toEqual(['Dana Ops']);
    expect(await journal.table.columnTexts('outcome')).toEqual(['done']);

    const [actionId = ''] = await journal.actionIds();
    await journal.expandButton(actionId).click();
    await expect
      .poll(() => journal.texts('step', 'step'))
      .toEqual(expect.arrayContaining(['prepared', 'sent', 'outcome']));
    const steps = await journal.texts('step', 'step');
    // Oldest first: "prepared" before "sent", "sent" before the outcome.
    expect(steps.indexOf('prepared')).toBeLessThan(steps.indexOf('sent'));
    expect(steps.indexOf('sent')).toBeLessThan(steps.indexOf('outcome'));
    expect(new Set(await journal.texts('step', 'operator'))).toEqual(new Set(['Dana Ops']));
    expect((await journal.texts('step', 'outcome'))[steps.indexOf('outcome')]).toBe('done');
  });
});
