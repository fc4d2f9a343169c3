/**
 * Serves the built renderer on app://copper/ (security/app-protocol.ts decides every request).
 * `registerAppScheme` must run before the app is ready; `serveAppProtocol` after.
 */
import { protocol, type Session } from 'electron';
import { readFile } from 'node:fs/promises';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, resolveAppRequest } from '../security/app-protocol';
import type { Logger } from '../log/logger';

export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
}

export function serveAppProtocol(target: Session, rendererRoot: string, log: Logger): void {
  target.protocol.handle(APP_SCHEME, async (request) => {
    const decision = resolveAppRequest(request.url, request.method, rendererRoot);
    if (decision.kind === 'refuse') {
      log.warn('app-protocol', `refused ${request.method} (${decision.reason})`);
      return new Response(null, { status: decision.status });
    }
    try {
      const body = await readFile(decision.path);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: decision.headers,
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
}
