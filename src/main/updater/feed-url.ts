/**
 * The update feed URL the operator sets. Empty means off. Otherwise https, or plain http only on
 * loopback (a mirror on the operator's own machine, and the tests): an update is code that will
 * run with the operator's rights, so it must not travel in clear over a network.
 */
import { fail, ok, type Result } from '../../shared/result';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function parseFeedUrl(raw: string): Result<string> {
  const text = raw.trim();
  if (text === '') return ok('');
  const refuse = (why: string) => fail('bad-input', `The update feed URL ${why}.`, { field: 'feedUrl' });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('is not a URL (example: https://updates.example.com/copper-operator/)');
  }
  if (url.username || url.password) return refuse('must not carry a user name or password');
  if (url.search || url.hash) return refuse('must not have a query or a fragment');
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    return refuse('must use https (plain http is accepted only on 127.0.0.1 or localhost)');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('must use https');
  // The generic provider resolves latest.yml relative to the URL: a folder needs its slash.
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return ok(url.href);
}
