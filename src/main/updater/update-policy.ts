/**
 * The administrator's update policy (issue 26.1): the only source of the update feed, of automatic
 * checks and of the consent to update automatically while a production workspace exists. The app
 * only reads it; no renderer call can change it.
 *
 * Where it is read, first found wins:
 * 1. the system policy file, writable only by an administrator:
 *    Linux and other Unix `/etc/copper-operator/policy.json`,
 *    Windows `%ProgramData%\Copper Operator\policy.json`,
 *    macOS `/Library/Application Support/Copper Operator/policy.json`;
 * 2. the packaged default, `build/update-policy.json` copied into the installed app's resources by
 *    electron-builder (`extraResources`): a release for one organization can carry its feed.
 * A file that exists but cannot be read or is invalid stops the search: updates stay off and the
 * problem is shown (Help › About, the Updates panel) and logged. Tests and browser mode
 * (`--update-policy <file>`) give their own list of paths.
 *
 * The file:
 *   { "feedUrl": "https://updates.example.com/copper-operator/", "automatic": true,
 *     "productionConsent": false }
 * `feedUrl` absent or null: updates off. Unknown keys are refused, so a misspelled key is a visible
 * error instead of a silently ignored setting.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { parseFeedUrl } from './feed-url';

export const updatePolicySchema = z.strictObject({
  feedUrl: z.string().max(500).nullable().optional(),
  /** Check at start and every 6 hours, and download what is found. Default false. */
  automatic: z.boolean().optional(),
  /** Automatic checks also run while a production workspace exists. Default false. */
  productionConsent: z.boolean().optional(),
});

export interface UpdatePolicy {
  /** '' when updates are off. */
  feedUrl: string;
  automatic: boolean;
  productionConsent: boolean;
  /** The file the policy came from; null when no file was found. */
  source: string | null;
  /** Why the policy found was refused (everything is then off); null when it is valid or absent. */
  problem: string | null;
}

const MAX_POLICY_BYTES = 64 * 1024;

/** The system policy file's path on `platform`. */
export function systemPolicyPath(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (platform === 'win32')
    return join(env['ProgramData'] ?? 'C:\\ProgramData', 'Copper Operator', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/Copper Operator/policy.json';
  return '/etc/copper-operator/policy.json';
}

/** The default search: the system file, then the packaged default when running inside Electron. */
export function defaultPolicyPaths(): string[] {
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  return [systemPolicyPath(), ...(resources ? [join(resources, 'update-policy.json')] : [])];
}

const OFF = { feedUrl: '', automatic: false, productionConsent: false };

/** Validates a policy file's text. */
export function parseUpdatePolicy(text: string, source: string): UpdatePolicy {
  const refused = (why: string): UpdatePolicy => ({ ...OFF, source, problem: `${source}: ${why}` });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refused('not valid JSON; updates are off');
  }
  const parsed = updatePolicySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? issue.path.join('.') : 'the policy';
    return refused(`${where}: ${issue.message}; updates are off`);
  }
  const feed = parsed.data.feedUrl ? parseFeedUrl(parsed.data.feedUrl) : null;
  if (feed && !feed.ok) return refused(`${feed.error.message} Updates are off.`);
  return {
    feedUrl: feed?.ok ? feed.value : '',
    automatic: parsed.data.automatic ?? false,
    productionConsent: parsed.data.productionConsent ?? false,
    source,
    problem: null,
  };
}

/** Reads the first policy file that exists among `paths`. */
export async function loadUpdatePolicy(paths: readonly string[]): Promise<UpdatePolicy> {
  for (const path of paths) {
    let text: string;
    try {
      const bytes = await readFile(path);
      if (bytes.length > MAX_POLICY_BYTES)
        return { ...OFF, source: path, problem: `${path}: larger than 64 KB; updates are off` };
      text = bytes.toString('utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') continue;
      return {
        ...OFF,
        source: path,
        problem: `${path}: cannot be read (${code ?? 'error'}); updates are off`,
      };
    }
    return parseUpdatePolicy(text, path);
  }
  return { ...OFF, source: null, problem: null };
}
