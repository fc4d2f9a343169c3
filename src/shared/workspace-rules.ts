/**
 * The rules a workspace must follow, shared by the main side (the authority: it refuses) and the
 * renderer's forms (which show the same message as the operator types).
 *
 * Base URLs: every signed request goes to the workspace's base URL with the operator's key, so a
 * real environment is pinned to the platform's own base URL (platform-facts, `DEFAULT_BASE_URLS`):
 * the whole host must match, on the default https port, at exactly `/platform`. Only the sandbox
 * environment takes a custom base URL, and only on this machine's loopback.
 *
 * Names: shown in the workspace bar and in every confirmation, so a name must not be able to look
 * like another one (bidi overrides, zero-width and other invisible characters, stacked marks,
 * look-alike letters from another script) or impersonate the built-in sandbox.
 */
import { z } from 'zod';
import type { WorkspaceView } from './contract-views';
import { DEFAULT_BASE_URLS, type Environment } from './platform/enums';
import { fail, ok, type Result } from './result';

export { DEFAULT_BASE_URLS };

export const BUILT_IN_SANDBOX_NAME = 'Local sandbox';
export const MAX_WORKSPACE_NAME_LENGTH = 80;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
export const SANDBOX_BASE_URL_EXAMPLE = 'http://127.0.0.1:8080/platform';

/** What the operator is told when a changed base URL or organization took the stored key away. */
export const KEY_REMOVED_NOTICE =
  'The key was removed because the base URL or organization changed; enter it again.';

/** What `workspaces.update` answers: the view, and a notice when the change removed the key. */
export type WorkspaceUpdated = WorkspaceView & { keyRemoved?: string };

/**
 * The base URL a workspace will use: the environment's own when `override` is empty, else the
 * override once it passes the rules, normalised (no trailing slash, default port dropped).
 */
export function resolveBaseUrl(environment: Environment, override?: string | null): Result<string> {
  const raw = (override ?? '').trim();
  if (raw === '') {
    if (environment === 'sandbox') {
      return fail(
        'bad-input',
        `A sandbox workspace needs a loopback base URL such as ${SANDBOX_BASE_URL_EXAMPLE}.`,
      );
    }
    return ok(DEFAULT_BASE_URLS[environment]);
  }
  const parsed = parseCommon(raw);
  if (!parsed.ok) return parsed;
  return environment === 'sandbox'
    ? checkSandboxUrl(parsed.value, raw)
    : checkPinnedUrl(environment, parsed.value, raw);
}

/** Parses `raw` and applies the rules common to every environment. */
function parseCommon(raw: string): Result<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(
      'bad-input',
      `Base URL "${raw}" is not a valid URL. Enter a full URL such as ${DEFAULT_BASE_URLS.demo}.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    // Never echo the URL back here: it holds what the operator typed as a password.
    return fail(
      'bad-input',
      'Base URL must not contain a user name or password; remove the "user:pass@" part.',
    );
  }
  // `raw.includes` also catches an empty "?" or "#", which URL would normalise away silently.
  if (url.search !== '' || raw.includes('?')) {
    return fail('bad-input', 'Base URL must not have a query string; remove everything from "?" on.');
  }
  if (url.hash !== '' || raw.includes('#')) {
    return fail('bad-input', 'Base URL must not have a fragment; remove everything from "#" on.');
  }
  return ok(url);
}

/** Pathname without trailing slashes, so ".../platform/" is accepted as ".../platform". */
const trimmedPath = (url: URL): string => url.pathname.replace(/\/+$/, '');

/**
 * Why a stored workspace's base URL may not receive signed requests, or null when it may. An older
 * file or a hand edit can hold a URL today's rules refuse; that workspace loads but sends nothing.
 */
export function baseUrlProblem(record: {
  environment: Environment;
  baseUrl: string;
  name: string;
}): string | null {
  const url = resolveBaseUrl(record.environment, record.baseUrl);
  if (url.ok && url.value === record.baseUrl) return null;
  const why = url.ok ? `it is not written in its normal form (${url.value}).` : url.error.message;
  return `The workspace "${record.name}" has a base URL that is not allowed, so nothing is sent from it: ${why} Set its base URL again (empty for the environment's own) or remove the workspace.`;
}

function checkPinnedUrl(environment: Exclude<Environment, 'sandbox'>, url: URL, raw: string): Result<string> {
  const pinned = new URL(DEFAULT_BASE_URLS[environment]);
  // URL lower-cases the host and drops ":443" for https, so equal fields mean the same endpoint;
  // an explicit other port, a trailing-dot host or an IP literal all differ from the pinned host.
  const same =
    url.protocol === pinned.protocol &&
    url.hostname === pinned.hostname &&
    url.port === pinned.port &&
    trimmedPath(url) === trimmedPath(pinned);
  if (!same) {
    return fail(
      'bad-input',
      `A ${environment} workspace must use ${DEFAULT_BASE_URLS[environment]} (got "${raw}"): the API key is ` +
        'only ever sent to the platform itself. Leave the base URL empty to use it; a custom base URL is ' +
        'possible only for a sandbox workspace on this machine.',
    );
  }
  return ok(DEFAULT_BASE_URLS[environment]);
}

function checkSandboxUrl(url: URL, raw: string): Result<string> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail(
      'bad-input',
      `A sandbox base URL must start with http:// or https:// (got ${url.protocol}//), e.g. ${SANDBOX_BASE_URL_EXAMPLE}.`,
    );
  }
  if (!LOOPBACK_HOSTS.has(url.hostname)) {
    return fail(
      'bad-input',
      `A sandbox base URL must point at this machine (127.0.0.1 or localhost), not "${url.hostname}", e.g. ${SANDBOX_BASE_URL_EXAMPLE}.`,
    );
  }
  const defaultPort = url.protocol === 'http:' ? '80' : '443';
  // URL drops the scheme's default port, so an explicit ":80" or ":443" also counts as given.
  if (url.port === '' && !new RegExp(`:${defaultPort}(/|$)`).test(raw)) {
    return fail(
      'bad-input',
      `A sandbox base URL must include the port the sandbox listens on, e.g. ${SANDBOX_BASE_URL_EXAMPLE}.`,
    );
  }
  if (trimmedPath(url) !== '/platform') {
    return fail(
      'bad-input',
      `A sandbox base URL must be the /platform root, e.g. ${url.protocol}//${url.host}/platform.`,
    );
  }
  return ok(`${url.protocol}//${url.hostname}:${url.port === '' ? defaultPort : url.port}/platform`);
}

/**
 * Characters a name may not hold: C0/C1 controls (newlines included), the bidi embeddings,
 * overrides, isolates and marks, and the zero-width characters, any of which can make one name
 * display as another.
 */
const FORBIDDEN_NAME_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

/**
 * Characters that show as nothing or as blank space, so a name holding one looks like a name
 * without it (UTS #39 removes them from identifiers): each kind with what the operator is told.
 * Variation selectors and tag characters are default-ignorable too; they are named on their own.
 */
const INVISIBLE_NAME_CHARACTERS: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /[\ufe00-\ufe0f\u{e0100}-\u{e01ef}\u180b-\u180d\u180f]/u, what: 'a variation selector' },
  { pattern: /[\u{e0000}-\u{e007f}]/u, what: 'a tag character' },
  { pattern: /[\u115f\u1160\u3164\uffa0]/u, what: 'a Hangul filler' },
  { pattern: /\p{Default_Ignorable_Code_Point}/u, what: 'an invisible character' },
];

/**
 * Scripts whose letters have a precomposed form for every accent in real use, and which look like
 * Latin. In them, a combining mark still standing after NFC is an accent stacked by hand
 * ("Local sandbox\u0301", "е\u0301" for "é"), never what a keyboard types: refused. In Devanagari,
 * Arabic, Thai and the like, marks are part of ordinary spelling and are kept.
 */
const MARK_BASE_REFUSED =
  /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]/u;
/** A run of combining marks and the character before it (or none, at the start). */
const MARK_RUN = /(^|[^\p{M}])(\p{M}+)/gu;

const codeOf = (char: string): string =>
  char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0') ?? '?';

/** Why `name` (NFC) stacks a mark where none belongs, or null. Enclosing marks are never allowed. */
function stackedMark(name: string): string | null {
  for (const [, base, marks] of name.matchAll(MARK_RUN)) {
    const enclosing = /\p{Me}/u.exec(marks ?? '');
    if (enclosing) return enclosing[0];
    const nonspacing = /\p{Mn}/u.exec(marks ?? '');
    if (nonspacing && (base === '' || base === undefined || MARK_BASE_REFUSED.test(base)))
      return nonspacing[0];
  }
  return null;
}

/** Case- and space-insensitive form of a name, for "does it copy another one". */
export const nameKey = (name: string): string =>
  name.normalize('NFKC').toLocaleLowerCase('en-US').replace(/\s+/g, '');

/** Why the characters of `name` are refused, or null when they are allowed. */
function characterProblem(name: string): string | null {
  const match = FORBIDDEN_NAME_CHARACTERS.exec(name);
  if (match) {
    return `The workspace name contains an invisible or control character (U+${codeOf(match[0])}); type the name again without it.`;
  }
  for (const { pattern, what } of INVISIBLE_NAME_CHARACTERS) {
    const found = pattern.exec(name);
    if (found) {
      return `The workspace name contains ${what} (U+${codeOf(found[0])}), which could make it look like another name; type the name again without it.`;
    }
  }
  const mark = stackedMark(name.normalize('NFC'));
  if (mark !== null) {
    return `The workspace name contains a combining mark (U+${codeOf(mark)}) stacked on a letter that does not take one, which could make it look like another name; type the name again with ordinary accented letters.`;
  }
  return null;
}

/**
 * The rules of a name on its own: characters, not empty, not too long. Kept apart from the
 * look-alike comparison (workspace-names.ts), whose Unicode table the contract, and so the
 * renderer's first chunk, must not carry. Returns the name trimmed and in NFC.
 */
export function checkNameText(name: string): Result<string> {
  const problem = characterProblem(name);
  if (problem !== null) return fail('bad-input', problem);
  const trimmed = name.trim().normalize('NFC');
  if (trimmed === '') return fail('bad-input', 'The workspace name must not be empty.');
  if (trimmed.length > MAX_WORKSPACE_NAME_LENGTH) {
    return fail('bad-input', `The workspace name must be at most ${MAX_WORKSPACE_NAME_LENGTH} characters.`);
  }
  return ok(trimmed);
}

/**
 * The contract's schema for a workspace name: the character rule only (uniqueness needs the other
 * workspaces, which the store checks). Not trimmed first, so a newline is refused, not hidden.
 */
export const workspaceNameSchema = z
  .string()
  .max(MAX_WORKSPACE_NAME_LENGTH + 20)
  .superRefine((name, ctx) => {
    const checked = checkNameText(name);
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.error.message });
  })
  .transform((name) => name.trim());
