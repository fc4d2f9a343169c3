/**
 * `npm run journal -- verify --data-dir DIR [--workspace ID]`: checks the hash chain of one
 * workspace's journal, or of every workspace under DIR/journal. Prints `ok N entries` or the first
 * broken entry (file, line, reason); exits 1 on a break and 2 on bad arguments. Read-only.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { listWorkspaces } from './files';
import { WORKSPACE_ID_PATTERN } from './types';
import { describeVerdict, verifyJournal } from './verify';

const USAGE = 'usage: npm run journal -- verify --data-dir DIR [--workspace ID]';

interface Args {
  dataDir: string;
  workspace?: string;
}

function parseArgs(argv: readonly string[]): Args | string {
  const [command, ...rest] = argv;
  if (command !== 'verify') return `unknown command ${command ?? '(none)'}; ${USAGE}`;
  let dataDir: string | undefined;
  let workspace: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = rest[i + 1];
    if (flag === '--data-dir' || flag === '--workspace') {
      if (value === undefined || value.startsWith('--')) return `${flag} needs a value; ${USAGE}`;
      if (flag === '--data-dir') dataDir = value;
      else workspace = value;
      i++;
    } else {
      return `unknown option ${flag}; ${USAGE}`;
    }
  }
  if (dataDir === undefined) return `--data-dir is required; ${USAGE}`;
  if (!existsSync(dataDir)) return `--data-dir ${dataDir} does not exist`;
  if (workspace !== undefined && !WORKSPACE_ID_PATTERN.test(workspace))
    return '--workspace must be a workspace id (letters, digits, "-" or "_")';
  return { dataDir: resolve(dataDir), ...(workspace !== undefined ? { workspace } : {}) };
}

export async function runCli(argv: readonly string[], out: (line: string) => void): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    out(args);
    return 2;
  }
  if (args.workspace !== undefined) {
    const result = await verifyJournal(args.dataDir, args.workspace);
    out(describeVerdict(result));
    return result.ok ? 0 : 1;
  }
  const workspaces = await listWorkspaces(args.dataDir);
  if (workspaces.length === 0) {
    out('ok 0 entries (no journal yet)');
    return 0;
  }
  let broken = 0;
  let total = 0;
  for (const id of workspaces) {
    const result = await verifyJournal(args.dataDir, id);
    out(`workspace ${id}: ${describeVerdict(result)}`);
    total += result.entries;
    if (!result.ok) broken++;
  }
  out(broken === 0 ? `ok ${total} entries` : `${broken} of ${workspaces.length} journals are broken`);
  return broken === 0 ? 0 : 1;
}

// Run only as a script, so tests can import runCli.
if (process.argv[1] !== undefined && /journal[\\/]cli\.ts$/.test(process.argv[1])) {
  runCli(process.argv.slice(2), (line) => console.info(line)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`journal verify failed: ${(error as Error).message}`);
      process.exitCode = 2;
    },
  );
}
