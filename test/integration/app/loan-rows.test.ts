/**
 * The loans tab's walk (`loans.listAll`) answers rows, not whole loans: every loan of the walk
 * once, each with every field of the loan itself and its counterparties' names, and none of the
 * embedded parts the detail pane reads whole with `loans.get`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMainApp, type MainApp } from '../../../src/main/app/create-app';
import { createLogger } from '../../../src/main/log/logger';
import type { AllRows } from '../../../src/shared/contract';
import type { LoanRow } from '../../../src/shared/loan-row';
import type { Loan } from '../../../src/shared/platform/resources';

describe('loans.listAll answers loan rows', () => {
  let dataDir: string;
  let app: MainApp;
  let ws: string;

  const call = async <T>(name: Parameters<MainApp['router']['dispatch']>[0], input: unknown): Promise<T> => {
    const result = (await app.router.dispatch(name, input)) as { ok: boolean; value?: T; error?: unknown };
    if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.error)}`);
    return result.value as T;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'copper-loan-rows-'));
    app = await createMainApp({
      dataDir,
      shell: 'browser',
      version: 'test',
      sandboxSize: 'small',
      log: createLogger({ write: () => undefined }),
      saveDialog: null,
    });
    const list = await call<{ workspaces: { id: string; builtIn: boolean }[] }>('workspaces.list', {});
    ws = list.workspaces.find((w) => w.builtIn)!.id;
  });

  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps each loan’s own fields and counterparty names, drops its embedded details', async () => {
    const rows = await call<AllRows<LoanRow>>('loans.listAll', { workspaceId: ws, jobId: 'rows-1' });
    expect(rows.items.length).toBeGreaterThan(1);
    expect(new Set(rows.items.map((r) => r.loanId)).size).toBe(rows.items.length);
    const withCounterparties = rows.items.find((r) => (r.embedded?.counterparties?.length ?? 0) > 0);
    expect(withCounterparties).toBeDefined();
    for (const row of rows.items) {
      expect(row).not.toHaveProperty('extra');
      expect(Object.keys(row.embedded ?? {})).toEqual(row.embedded ? ['counterparties'] : []);
      for (const c of row.embedded?.counterparties ?? [])
        expect(Object.keys(c).sort()).toEqual(['counterpartyId', 'counterpartyName', 'counterpartyType']);
    }
    // The same loan read whole: the row is its own fields, unchanged.
    const row = withCounterparties!;
    const loan = await call<Loan>('loans.get', { workspaceId: ws, loanId: row.loanId });
    const { embedded, extra: _extra, ...own } = loan;
    expect({ ...row, embedded: undefined }).toEqual({ ...own, embedded: undefined });
    expect(row.embedded?.counterparties?.map((c) => c.counterpartyName)).toEqual(
      embedded?.counterparties?.map((c) => c.counterpartyName),
    );
  });
});
