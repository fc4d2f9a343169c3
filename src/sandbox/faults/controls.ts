/**
 * Controls for tests of a client: injected faults (`/sandbox/faults`), the platform request log
 * (`/sandbox/requests`) and the quirks mode (`/sandbox/quirks`). Reset clears faults and quirks;
 * the request log is cleared only by its own DELETE, so a test can count across a reset.
 */
import { describeQuirksError, sandboxQuirksSchema } from '../../shared/sandbox-quirks';
import { parseJsonObject } from '../body';
import type { ControlPanel } from '../controls';
import { badRequest } from '../errors';
import { controlQuerySchema, param, parseQuery } from '../query';
import type { QuirkEngine } from '../quirks';
import { FAULT_METHODS, parseFault, type FaultTable } from './faults';
import type { RequestLog } from './request-log';

export interface FaultControlDeps {
  faults: FaultTable;
  requestLog: RequestLog;
  quirks: QuirkEngine;
}

/** `GET /sandbox/requests?method=&pathPrefix=`. */
const requestFilter = controlQuerySchema({
  method: param.oneOf(FAULT_METHODS).optional(),
  pathPrefix: param
    .string(500)
    .startsWith('/', 'must be a path below /platform starting with "/"')
    .optional(),
});

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
    const requests = requestLog.list(parseQuery(requestFilter, req.query));
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
