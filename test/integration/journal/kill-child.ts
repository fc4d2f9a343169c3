/**
 * The child process of the kill -9 test: runs approve actions against the sandbox, journalling each
 * step, from where the journal says the last run stopped, until `KILL_TEST_TOTAL` actions exist.
 * Prints `step <index> <step>` after each step and `finished` at the end. Configuration comes in
 * the environment (the secret too: never on a command line, where `ps` shows it).
 */
import { join } from 'node:path';
import { createHmacSigner } from '../../../src/main/keychain/hmac-signer';
import { RequestHistory } from '../../../src/main/history/request-history';
import { Journals } from '../../../src/main/journal/journals';
import { PlatformClient } from '../../../src/main/platform/client';
import { runApproveAction, WORKSPACE_ID } from './action-driver';

function env(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

async function main(): Promise<void> {
  const total = Number(env('KILL_TEST_TOTAL'));
  const apiSecret = env('KILL_TEST_API_SECRET');
  const dataDir = env('KILL_TEST_DATA_DIR');
  const journals = await Journals.open({ dataDir });
  // The request history on disk too, so the secret check covers its files.
  const history = await RequestHistory.open({ dir: join(dataDir, 'history') });
  const client = new PlatformClient({
    workspaceId: WORKSPACE_ID,
    baseUrl: env('KILL_TEST_BASE_URL'),
    signer: async () => createHmacSigner(env('KILL_TEST_API_KEY'), apiSecret),
    timeoutMs: 10_000,
    history,
  });
  // Resume after the highest prepared action: an interrupted one stays as the journal left it.
  // (Not "the first row": the view's order puts unsettled actions first.)
  const prepared = await journals.query(WORKSPACE_ID, { step: 'prepared', limit: 1000 });
  const start = prepared.rows.reduce(
    (max, r) => Math.max(max, Number(r.actionId.replace('action-', '')) + 1),
    0,
  );
  for (let i = start; i < total; i++) {
    await runApproveAction(
      {
        journals,
        client,
        organizationId: env('KILL_TEST_ORG_ID'),
        secrets: [apiSecret],
        onStep: (index, step) => process.stdout.write(`step ${index} ${step}\n`),
      },
      i,
    );
  }
  await journals.close();
  await history.flush();
  process.stdout.write('finished\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`kill-child failed: ${(error as Error).message}\n`);
  process.exit(3);
});
