/**
 * One delivery attempt: POST the exact bytes that were signed, bounded in time and in how much of
 * the answer is read, so that a slow, resetting or chatty receiver costs at most `timeoutMs` and a
 * few KB. Never throws: every outcome is a status or an error string.
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isLoopbackAddress } from '../server';

export interface AttemptOutcome {
  status: number | null;
  latencyMs: number;
  error: string | null;
}

export interface SendOptions {
  timeoutMs: number;
  /** The answer body is read up to this many bytes, then the connection is dropped. */
  maxAnswerBytes: number;
  /**
   * Open requests, so the hub can destroy them all on close. A set rather than an AbortSignal
   * listener per request: a request may still be draining its answer after the attempt settled.
   */
  open: Set<ClientRequest>;
}

/**
 * The address to connect to. `localhost` is resolved here and only a loopback answer is used, so a
 * hosts file pointing it elsewhere cannot make the sandbox send traffic off the machine.
 */
async function connectAddress(hostname: string): Promise<string> {
  if (hostname === '[::1]') return '::1';
  if (hostname !== 'localhost') return hostname;
  const all = await lookup(hostname, { all: true });
  const loop = all.find((a) => isLoopbackAddress(a.address));
  if (loop === undefined) throw new Error('localhost does not resolve to a loopback address');
  return loop.address;
}

export async function postOnce(
  url: URL,
  headers: Record<string, string>,
  body: Buffer,
  opts: SendOptions,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  let address: string;
  try {
    address = await connectAddress(url.hostname);
  } catch (err) {
    return { status: null, latencyMs: elapsed(), error: err instanceof Error ? err.message : String(err) };
  }
  return new Promise<AttemptOutcome>((resolve) => {
    let done = false;
    let req: ClientRequest | undefined;
    const finish = (status: number | null, error: string | null): void => {
      if (done) return;
      done = true;
      resolve({ status, latencyMs: elapsed(), error });
    };
    // The whole exchange, answer body included, is bounded by one timer.
    const timer = setTimeout(() => {
      finish(null, `no answer within ${opts.timeoutMs} ms`);
      req?.destroy();
    }, opts.timeoutMs);
    timer.unref();
    const cleanup = (): void => {
      clearTimeout(timer);
      if (req !== undefined) opts.open.delete(req);
    };
    const onResponse = (res: IncomingMessage): void => {
      finish(res.statusCode ?? null, null);
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > opts.maxAnswerBytes) res.destroy();
      });
      res.on('error', () => undefined);
      res.on('close', () => req?.destroy());
    };
    const options = {
      host: address,
      port: url.port === '' ? undefined : Number(url.port),
      method: 'POST',
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, Host: url.host, 'Content-Length': String(body.length) },
      // A fresh connection per attempt: no pooled socket outlives `close()`.
      agent: false as const,
      servername: url.hostname === 'localhost' ? 'localhost' : undefined,
    };
    try {
      req = url.protocol === 'https:' ? httpsRequest(options, onResponse) : httpRequest(options, onResponse);
    } catch (err) {
      cleanup();
      finish(null, err instanceof Error ? err.message : String(err));
      return;
    }
    opts.open.add(req);
    req.on('error', (err) => finish(null, err.message.slice(0, 200) || 'connection failed'));
    req.on('close', () => {
      cleanup();
      finish(null, 'connection closed before an answer');
    });
    req.end(body);
  });
}
