/**
 * This computer's clock is 10 minutes off the platform's: the platform refuses the signature
 * (401) and its Date header shows the gap. The renderer gets `clock-skew` with a message that
 * names the cause and the fix, not a bare "unauthorized"; the refusal is not retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviours } from '../../support/misbehaving-server';
import { expectClearFailure, expectStillUsable, startFaultRig, type FaultRig } from './harness';

const TEN_MINUTES = 10 * 60_000;
let rig: FaultRig;
beforeAll(async () => {
  rig = await startFaultRig();
});
afterAll(() => rig.close());

describe('a skewed clock', () => {
  it.each([
    ['ahead of ours', TEN_MINUTES, /behind the platform's/],
    ['behind ours', -TEN_MINUTES, /ahead of the platform's/],
  ])('the platform clock %s: clock-skew, saying so', async (_what, offset, direction) => {
    rig.server.behave(behaviours.skewedUnauthorized(offset));
    const result = await rig.call('portfolios.list', { workspaceId: rig.faulty });
    expectClearFailure(result, 'clock-skew', /clock is off by (59[89]|60[0-2]) s/);
    expectClearFailure(result, 'clock-skew', direction);
    expectClearFailure(result, 'clock-skew', /Correct the system clock/);
    expect(result.ok || result.error.status).toBe(401);
    expect(rig.server.hits).toHaveLength(1);
    expect(
      rig.logLines.some((l) => /WARN \[platform\] clock of workspace .* differs .* by -?60\d s/.test(l)),
    ).toBe(true);
    await expectStillUsable(rig);
  });

  it('a 401 with clocks in agreement stays an auth failure', async () => {
    rig.server.behave(behaviours.skewedUnauthorized(0));
    const result = await rig.call('portfolios.list', { workspaceId: rig.faulty });
    expectClearFailure(result, 'auth-failed', /Invalid timestamp/);
  });
});
