/**
 * Answers that are not what the specification promises: malformed JSON, an HTML page (a proxy's
 * or a login page, with script in it), an empty body, a body cut short of its Content-Length, and
 * bodies larger than the client's 64 MiB cap (declared, or streamed without a length). Each ends
 * as one clear failure; none of the hostile markup reaches the message; the app keeps working and
 * the same workspace works again once the platform does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../src/shared/result';
import { behaviours, healthy, type Behaviour } from '../../support/misbehaving-server';
import {
  expectClearFailure,
  expectStillUsable,
  readsLoanThen,
  startFaultRig,
  type FaultRig,
} from './harness';
import type { ActionResult } from '../../../src/shared/actions';

/** The client's default cap on a JSON answer (PlatformClient maxResponseBytes). */
const CAP = 64 * 1024 * 1024;

let rig: FaultRig;
beforeAll(async () => {
  rig = await startFaultRig();
});
afterAll(() => rig.close());

const cases: Array<[string, Behaviour, ErrorCode, RegExp, number]> = [
  ['malformed JSON', behaviours.malformedJson(), 'bad-response', /answer is not valid JSON \(HTTP 200/, 1],
  [
    'an HTML page with status 200',
    behaviours.htmlPage(200),
    'bad-response',
    /answered text\/html instead of JSON/,
    1,
  ],
  // A 5xx is the platform failing: a GET tries again (3 tries), then says so.
  [
    'an HTML error page with status 502',
    behaviours.htmlPage(502),
    'server-error',
    /HTTP 502 Bad Gateway .*the platform failed/,
    3,
  ],
  ['an empty body', behaviours.emptyBody(), 'bad-response', /sent an empty answer \(HTTP 200\)/, 1],
  [
    'a body shorter than its Content-Length',
    behaviours.truncated(),
    'bad-response',
    /answer was cut off \(HTTP 200/,
    1,
  ],
  [
    'a declared body over the cap',
    behaviours.declaredHuge(CAP + 1),
    'bad-response',
    new RegExp(`answer is too large \\(HTTP 200, declared ${CAP + 1} bytes\\); narrow the filters`),
    1,
  ],
  [
    'a streamed body over the cap',
    behaviours.endless(CAP + 16 * 1024 * 1024),
    'bad-response',
    new RegExp(`answer is too large \\(HTTP 200, more than ${CAP} bytes\\)`),
    1,
  ],
];

describe('answers that are not what the specification promises', () => {
  it.each(cases)('%s', async (_what, behaviour, code, says, tries) => {
    rig.server.behave(behaviour);
    const result = await rig.call('portfolios.list', { workspaceId: rig.faulty });
    expectClearFailure(result, code, says);
    expect(rig.server.hits).toHaveLength(tries);
    await expectStillUsable(rig);
    rig.server.behave(healthy);
    expect(await rig.call('portfolios.list', { workspaceId: rig.faulty })).toEqual({ ok: true, value: [] });
  });

  it('calls a mangled answer to an action "outcome unknown", after sending it once', async () => {
    rig.server.behave(readsLoanThen('loans.approve', behaviours.malformedJson()));
    const prepared = await rig.call('actions.prepare', {
      workspaceId: rig.faulty,
      action: { kind: 'loans.approve', loanId: 'loan-1' },
    });
    if (!prepared.ok) throw new Error(prepared.error.message);
    const result = await rig.call('actions.execute', { id: (prepared.value as { id: string }).id });
    // The platform may have approved it: the answer could not be read, so the outcome is unknown.
    const outcome = result.ok ? (result.value as ActionResult) : null;
    expect(outcome?.outcome).toBe('unknown');
    expect(outcome?.error?.code).toBe('bad-response');
    expect(outcome?.error?.message).toMatch(/not valid JSON/);
    expect(rig.server.hits.filter((h) => h.method !== 'GET').map((h) => h.method)).toEqual(['PATCH']);
  });
});
