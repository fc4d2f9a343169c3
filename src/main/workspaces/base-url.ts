/**
 * Which base URLs a workspace may use. Every signed request goes to this URL with the operator's
 * key, so it is checked strictly: real environments only over https and only to a `/platform` root;
 * the sandbox environment only on loopback, since it speaks plain http.
 */
import { DEFAULT_BASE_URLS, type Environment } from '../../shared/platform/enums';
import { fail, ok, type Result } from '../../shared/result';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

const SANDBOX_EXAMPLE = 'http://127.0.0.1:8080/platform';

/**
 * The base URL a workspace will use: the environment's default when `override` is empty, else the
 * override, normalised (no trailing slash, default port dropped) once it passes the rules.
 */
export function resolveBaseUrl(environment: Environment, override?: string | null): Result<string> {
  const raw = (override ?? '').trim();
  if (raw === '') {
    if (environment === 'sandbox') {
      return fail('bad-input', `A sandbox workspace needs a loopback base URL such as ${SANDBOX_EXAMPLE}.`);
    }
    return ok(DEFAULT_BASE_URLS[environment]);
  }
  return environment === 'sandbox' ? checkSandboxUrl(raw) : checkPlatformUrl(raw);
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

function checkPlatformUrl(raw: string): Result<string> {
  const parsed = parseCommon(raw);
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  if (url.protocol !== 'https:') {
    return fail(
      'bad-input',
      `Base URL must start with https:// (got ${url.protocol}//); the API key must not travel in clear.`,
    );
  }
  const path = trimmedPath(url);
  if (!(path === '/platform' || path.endsWith('/platform'))) {
    return fail('bad-input', `Base URL must end in /platform, for example ${url.origin}/platform.`);
  }
  return ok(`${url.origin}${path}`);
}

function checkSandboxUrl(raw: string): Result<string> {
  const parsed = parseCommon(raw);
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  if (url.protocol !== 'http:') {
    return fail(
      'bad-input',
      `A sandbox base URL must start with http:// (got ${url.protocol}//), e.g. ${SANDBOX_EXAMPLE}.`,
    );
  }
  if (!LOOPBACK_HOSTS.has(url.hostname)) {
    return fail(
      'bad-input',
      `A sandbox base URL must point at this machine (127.0.0.1 or localhost), not "${url.hostname}", e.g. ${SANDBOX_EXAMPLE}.`,
    );
  }
  // URL drops port 80 for http, so an explicit ":80" also counts as given.
  if (url.port === '' && !/:80(\/|$)/.test(raw)) {
    return fail(
      'bad-input',
      `A sandbox base URL must include the port the sandbox listens on, e.g. ${SANDBOX_EXAMPLE}.`,
    );
  }
  if (trimmedPath(url) !== '/platform') {
    return fail(
      'bad-input',
      `A sandbox base URL must be the /platform root, e.g. http://${url.host}/platform.`,
    );
  }
  const port = url.port === '' ? '80' : url.port;
  return ok(`http://${url.hostname}:${port}/platform`);
}
