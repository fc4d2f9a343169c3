/**
 * Controls for tests of a client: injected faults (`/sandbox/faults`), the platform request log
 * (`/sandbox/requests`) and the quirks mode (`/sandbox/quirks`). Reset clears faults and quirks;
 * the request log is cleared only by its own DELETE, so a test can count across a reset.
 */
import { describeQuirksError, sandboxQuirksSchema } from '../../shared/sandbox-quirks';
import { parseJsonObject } from '../body';
import type { ControlPanel } from '../controls';
import { badRequest } from '../errors';
import type { QuirkEngine } from '../quirks';
import { FAULT_METHODS, parseFault, type FaultTable } from './faults';
import type { RequestLog } from './request-log';

export interface FaultControlDeps {
  faults: FaultTable;
  requestLog: RequestLog;
  quirks: QuirkEngine;
}

function readFilter(query: URLSearchParams): { method?: string; pathPrefix?: string } {
  for (const name of query.keys())
    if (name !== 'method' && name !== 'pathPrefix')
      throw badRequest(
        `unknown query parameter ${JSON.stringify(name.slice(0, 60))}; use method and pathPrefix`,
      );
  const method = query.get('method') ?? undefined;
  if (method !== undefined && !(FAULT_METHODS as readonly string[]).includes(method))
    throw badRequest(`method must be one of ${FAULT_METHODS.join(', ')} (upper case)`);
  const pathPrefix = query.get('pathPrefix') ?? undefined;
  if (pathPrefix !== undefined && (!pathPrefix.startsWith('/') || pathPrefix.length > 500))
    throw badRequest('pathPrefix must be a path below /platform starting with "/"');
  return { method, pathPrefix };
}

export function parseQuirks(value: unknown): ReturnType<QuirkEngine['get']> {
  const parsed = sandboxQuirksSchema.safeParse(value);
  if (!parsed.success) throw badRequest(`invalid quirks: ${describeQuirksError(parsed.error)}`);
  return parsed.data;
}

export function registerFaultControls(panel: ControlPanel, deps: FaultControlDeps): void {
  const { faults, requestLog, quirks } = deps;
  panel.onReset(() => {
    faults.clear();
    quirks.clear();
  });
  panel.register('POST', '/faults', (req) => ({
    status: 201,
    json: faults.add(parseFault(parseJsonObject(req.body))),
  }));
  panel.register('GET', '/faults', () => ({ status: 200, json: { faults: faults.list() } }));
  panel.register('DELETE', '/faults', () => ({ status: 200, json: { deleted: faults.clear() } }));
  panel.register('GET', '/requests', (req) => {
    const requests = requestLog.list(readFilter(req.query));
    return { status: 200, json: { count: requests.length, requests } };
  });
  panel.register('DELETE', '/requests', () => ({ status: 200, json: { deleted: requestLog.clear() } }));
  panel.register('POST', '/quirks', (req) => {
    quirks.set(parseQuirks(parseJsonObject(req.body)));
    return { status: 200, json: { quirks: quirks.get() } };
  });
  panel.register('GET', '/quirks', () => ({ status: 200, json: { quirks: quirks.get() } }));
  panel.register('DELETE', '/quirks', () => {
    quirks.clear();
    return { status: 200, json: { quirks: quirks.get() } };
  });
}
