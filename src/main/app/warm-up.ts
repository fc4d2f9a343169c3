/**
 * The first request of a Node process loads the HTTP client (undici), compiles its HTTP parser
 * (llhttp, WebAssembly) and opens a connection: 80–100 ms of CPU on the machine of
 * docs/performance.md. Left to the first real request, that lands while the window's own code is
 * loading, on the same cores, and delays its first screen (bench 8). The warm-up goes through the
 * platform client's own transport (`platform/transport.ts`), so the connection it opens is one
 * the client's first request can use.
 *
 * So at start-up the main side asks the embedded sandbox, which runs in this very process, for a
 * path outside its API. The sandbox answers 404 without recording a request; nothing is signed and
 * no key is used. A real platform is never contacted unasked: this is for the built-in sandbox only.
 */
import type { Logger } from '../log/logger';
import { readBounded } from '../platform/answers';
import { undiciSend, type Send } from '../platform/transport';

/** The sandbox's 404 is a few bytes; more than this is not a warm-up answer worth reading. */
const MAX_WARM_UP_BYTES = 64 * 1024;

/** Where the warm-up goes: the sandbox's root, outside `/platform` (its API) and `/sandbox` (its controls). */
export function warmUpTarget(sandboxBaseUrl: string): string {
  return `${new URL(sandboxBaseUrl).origin}/`;
}

/**
 * Sends the warm-up in the background; never throws and never retries. Resolves with how long the
 * answer took, or null when there was none (the sandbox closing first is not an error).
 */
export async function warmUpHttpClient(
  sandboxBaseUrl: string,
  log: Logger,
  send: Send = undiciSend,
): Promise<number | null> {
  const started = performance.now();
  try {
    const response = await send(warmUpTarget(sandboxBaseUrl), {
      method: 'GET',
      headers: {},
      body: undefined,
      signal: AbortSignal.timeout(5_000),
    });
    await readBounded(response.body, null, MAX_WARM_UP_BYTES);
    const ms = Math.round(performance.now() - started);
    log.info('app', `HTTP client ready (local sandbox answered ${response.status} in ${ms} ms)`);
    return ms;
  } catch {
    return null;
  }
}
