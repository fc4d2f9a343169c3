/**
 * The update feed URL as the administrator's policy gives it (update-policy.ts). An update is code
 * that runs with the operator's rights, so the feed must be unambiguous: https on a plain DNS host
 * name, written exactly as the app will use it.
 * - https only, on the default port (":443" may be written; any other port is refused: a feed is a
 *   public web server, and a high port on a shared host could be anyone's).
 * - No user name or password, query or fragment.
 * - A host name of at least two lowercase LDH labels with an alphabetic top-level label: no IPv4 or
 *   IPv6 literal in any form (WHATWG URL turns `2130706433`, `0x7f.1` or `0177.0.0.1` into
 *   127.0.0.1; those are refused both before and after that normalisation), no `xn--` (punycode)
 *   label (an internationalised host can look like another one), no trailing dot.
 * - The host as written must be the host URL parsing yields: no percent-encoding, full-width dots,
 *   upper case or other text the parser would silently rewrite.
 */
import { fail, ok, type Result } from '../../shared/result';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^[a-z]{2,63}$/;
const SHAPE = /^https:\/\/([^/?#\\\s]+)(\/[^?#\\\s]*)?$/;

export function parseFeedUrl(raw: string): Result<string> {
  const refuse = (why: string) => fail('bad-input', `The update feed URL ${why}.`, { field: 'feedUrl' });
  if (raw.length > 500) return refuse('is longer than 500 characters');
  const shape = SHAPE.exec(raw);
  if (shape === null)
    return refuse(
      'must be an https URL without spaces, query or fragment (example: https://updates.example.com/copper-operator/)',
    );
  const authority = shape[1]!;
  if (authority.includes('@')) return refuse('must not carry a user name or password');
  const written = authority.endsWith(':443') ? authority.slice(0, -4) : authority;
  if (written.includes(':') || written.startsWith('['))
    return refuse('must use the default https port (443) on a host name, not an IP address');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('is not a URL');
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port !== '' || url.search || url.hash)
    return refuse('must be plain https on the default port');
  const host = url.hostname;
  if (written !== host)
    return refuse(`must name its host exactly as it is used ("${host}", in lower case, no escapes)`);
  const labels = host.split('.');
  if (host.endsWith('.') || labels.some((l) => !LABEL.test(l)))
    return refuse('must name a host with letters, digits and hyphens only, without a trailing dot');
  if (labels.some((l) => l.startsWith('xn--')))
    return refuse('must not use an internationalised (punycode, xn--) host name');
  if (labels.length < 2 || !TOP_LABEL.test(labels.at(-1)!))
    return refuse('must name a host by a DNS name (example.com), not an IP address or a single label');
  // The generic provider resolves latest.yml relative to the URL: a folder needs its slash.
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return ok(url.href);
}
