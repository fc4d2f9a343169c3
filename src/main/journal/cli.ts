/**
 * `npm run journal -- verify --data-dir DIR [--workspace ID]`: checks one workspace's journal, or
 * every workspace under DIR/journal and every workspace its anchors name (a deleted workspace
 * folder is found that way), against the journal key and anchors in the OS keychain.
 * Prints `ok N entries …`, or the first bad place and what is wrong with it.
 *
 * `npm run journal -- accept --data-dir DIR --workspace ID`: the operator's decision to go on from a
 * journal that failed its anchor check (after checking the platform for what the lost entries may
 * have sent): anchors it as it is now. Run it with the console stopped.
 *
 * Exit codes: 0 ok; 1 something is wrong (named); 2 bad arguments; 3 nothing wrong found but not
 * everything could be checked (no keychain, so no key and no anchor; entries without a MAC).
 * Where the journal key lives in the vault (no OS keychain), this command cannot open the vault
 * and says so; the Journal view's Verify checks with the vault unlocked.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { OsKeyStore } from '../keychain/os-key-store';
import type { ItemStore } from '../keychain/key-store';
import { listWorkspaces } from './files';
import { JournalKeyring } from './journal-keyring';
import { Journals } from './journals';
import { WORKSPACE_ID_PATTERN } from './types';
import { describeVerdict, exitCodeOf } from './verify';

const USAGE =
  'usage: npm run journal -- verify --data-dir DIR [--workspace ID] | accept --data-dir DIR --workspace ID';

interface Args {
  command: 'verify' | 'accept';
  dataDir: string;
  workspace?: string;
}

function parseArgs(argv: readonly string[]): Args | string {
  const [command, ...rest] = argv;
  if (command !== 'verify' && command !== 'accept') return `unknown command ${command ?? '(none)'}; ${USAGE}`;
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
  if (command === 'accept' && workspace === undefined) return `accept needs --workspace; ${USAGE}`;
  return { command, dataDir: resolve(dataDir), ...(workspace !== undefined ? { workspace } : {}) };
}

/** The OS keychain, when one answers; this command never asks for the vault's passphrase. */
/**
 * The OS keychain as the journal's key home, probed once. `timeoutMs` bounds each keychain call
 * (the store's default otherwise); tests on a loaded machine give the Secret Service longer.
 */
export async function osItemStore(options: { timeoutMs?: number } = {}): Promise<() => ItemStore> {
  const os = new OsKeyStore({
    ...options,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  const probe = await os.probe();
  const store: ItemStore = probe.available
    ? { backend: 'os-keychain', available: true, items: os }
    : {
        backend: 'vault',
        available: false,
        why: `no OS keychain answered (${probe.error}); where the key is in the vault, use Verify in the Journal view with the vault unlocked`,
      };
  return () => store;
}

export async function runCli(
  argv: readonly string[],
  out: (line: string) => void,
  items?: () => ItemStore,
): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    out(args);
    return 2;
  }
  const keyring = new JournalKeyring(items ?? (await osItemStore()), args.dataDir);
  const journals = await Journals.open({ dataDir: args.dataDir, keyring });
  try {
    if (args.command === 'accept') {
      const anchor = await journals.accept(args.workspace as string);
      out(`accepted: the journal of ${args.workspace} is anchored at entry ${anchor.seq}`);
      return 0;
    }
    if (args.workspace !== undefined) {
      const result = await journals.verify(args.workspace);
      out(describeVerdict(result));
      return exitCodeOf(result);
    }
    const anchors = await keyring.anchors();
    const ids = new Set(await listWorkspaces(args.dataDir));
    for (const id of Object.keys(anchors.anchors?.workspaces ?? {})) ids.add(id);
    const workspaces = [...ids].filter((id) => WORKSPACE_ID_PATTERN.test(id)).sort();
    if (workspaces.length === 0) {
      out(anchors.anchors ? 'ok 0 entries (no journal yet)' : `no journal yet; ${anchors.why}`);
      return anchors.anchors ? 0 : 3;
    }
    let worst = 0;
    let total = 0;
    for (const id of workspaces) {
      const result = await journals.verify(id);
      out(`workspace ${id}: ${describeVerdict(result)}`);
      total += result.entries;
      const code = exitCodeOf(result);
      if (code === 1 || (code === 3 && worst === 0)) worst = code;
    }
    out(
      worst === 0
        ? `ok ${total} entries`
        : worst === 1
          ? 'something is wrong: see the workspace lines above'
          : `nothing wrong found in ${total} entries, but not everything could be checked`,
    );
    return worst;
  } finally {
    await journals.close();
  }
}

// Run only as a script, so tests can import runCli.
if (process.argv[1] !== undefined && /journal[\\/]cli\.ts$/.test(process.argv[1])) {
  runCli(process.argv.slice(2), (line) => console.info(line)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`journal ${process.argv[2] ?? ''} failed: ${(error as Error).message}`);
      process.exitCode = 2;
    },
  );
}
