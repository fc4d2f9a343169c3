/**
 * Writes journal entries with the journal's own API, for the e2e test of the Journal view (which
 * cannot import main-side code: its tsconfig holds the renderer-facing sources only). Reads
 * `{ "dataDir": string, "records": JournalRecord[] }` as JSON on stdin; prints the entries written.
 */
import { Journals } from '../../../src/main/journal/journals';
import type { JournalRecord } from '../../../src/main/journal/types';

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  const { dataDir, records } = JSON.parse(input) as { dataDir: string; records: JournalRecord[] };
  const journals = await Journals.open({ dataDir });
  let written = 0;
  for (const record of records) {
    await journals.append(record);
    written++;
  }
  await journals.close();
  process.stdout.write(`${written}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`seed-journal failed: ${(error as Error).message}\n`);
  process.exit(1);
});
