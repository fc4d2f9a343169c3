/**
 * A server in its own process, so that what is measured on the client side never shares an event
 * loop with the server. Started by `spawnServer` (servers.ts) with one JSON argument:
 *   {"kind":"sandbox","size":"large","apiKey":"…","apiSecret":"…"}  the sandbox (rate limit on,
 *                                                                      at 10⁹ per 5 minutes;
 *                                                                      "settled":true: see below)
 *   {"kind":"bare","bodyFile":"/tmp/…"}                                a node:http server answering
 *                                                                      that body to every request
 * Prints one line `READY <json>` and stops on SIGTERM or when its stdin closes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { startSandbox, type SandboxSize } from '../../src/sandbox/index';

export type ServerSpec =
  | { kind: 'sandbox'; size: SandboxSize; apiKey: string; apiSecret: string; settled?: boolean }
  | { kind: 'bare'; bodyFile: string };

export interface ServerInfo {
  origin: string;
  baseUrl: string;
  controlUrl: string;
  /** The `X-Sandbox-Token` its controls require ('' for the bare server). */
  controlToken: string;
  organizationId: string;
  startMs: number;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as ServerSpec;
  const started = performance.now();
  let close: () => Promise<void>;
  let info: Omit<ServerInfo, 'startMs'>;
  if (spec.kind === 'sandbox') {
    const sb = await startSandbox({
      port: 0,
      size: spec.size,
      apiKey: spec.apiKey,
      apiSecret: spec.apiSecret,
      // The limiter runs (its cost is part of every answer) with a limit no benchmark reaches.
      rateLimit: { requests: 1_000_000_000, windowMs: 5 * 60_000 },
      // `settled`: pending agent wallets and ClearLoop actions settle at the first request (a
      // warm-up) instead of 30 s after the start: that state change drops the cached encodings
      // of every list, and their rebuilding (~0.5 s for large) would land in a measured round.
      ...(spec.settled === true ? { pendingActivationMs: 0 } : {}),
    });
    close = () => sb.close();
    info = {
      origin: new URL(sb.baseUrl).origin,
      baseUrl: sb.baseUrl,
      controlUrl: sb.controlUrl,
      controlToken: sb.controlToken,
      organizationId: sb.organizationId,
    };
  } else {
    const body = readFileSync(spec.bodyFile);
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(body.length),
      'Cache-Control': 'no-store',
    };
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, headers);
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    close = () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    const origin = `http://127.0.0.1:${port}`;
    info = {
      origin,
      baseUrl: `${origin}/platform`,
      controlUrl: `${origin}/sandbox`,
      controlToken: '',
      organizationId: '',
    };
  }
  const ready: ServerInfo = { ...info, startMs: Math.round(performance.now() - started) };
  console.info(`READY ${JSON.stringify(ready)}`);
  const stop = () => void close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
