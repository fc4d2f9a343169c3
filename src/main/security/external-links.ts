/**
 * `shell.openExternal` is a way out of the sandbox: only https URLs to hosts on this list, with no
 * credentials in the URL, may be opened.
 */
export const EXTERNAL_HOST_ALLOWLIST: readonly string[] = [
  'copper.co',
  'www.copper.co',
  'docs.copper.co',
  'support.copper.co',
];

export function isAllowedExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    EXTERNAL_HOST_ALLOWLIST.includes(url.hostname)
  );
}
