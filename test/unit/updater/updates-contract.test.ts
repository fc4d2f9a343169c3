/**
 * Issue 26.1: no renderer call can change the update feed or the consent. Every call of the
 * contract is walked: none outside `updates` mentions updates, and no `updates.*` input accepts a
 * feed, automatic checks or consent, in any spelling; `updates.configure` is gone.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/shared/contract';
import { CALL_NAME_LIST } from '../../../src/shared/channels';

type Schema = { safeParse(v: unknown): { success: boolean; data?: unknown } };
const calls = Object.entries(contract).flatMap(([domain, defs]) =>
  Object.entries(defs as Record<string, { input: Schema }>).map(([name, def]) => ({
    call: `${domain}.${name}`,
    input: def.input,
  })),
);
const FORBIDDEN = [
  'feedUrl',
  'feedURL',
  'feed',
  'url',
  'automatic',
  'productionConsent',
  'consent',
  'policy',
];

describe('the updates contract', () => {
  it('has only status, check and installOnRestart', () => {
    expect(Object.keys(contract.updates).sort()).toEqual(['check', 'installOnRestart', 'status']);
    expect(calls.map((c) => c.call)).not.toContain('updates.configure');
    expect(CALL_NAME_LIST as readonly string[]).not.toContain('updates.configure');
  });

  for (const { call, input } of calls.filter((c) => c.call.startsWith('updates.')))
    it(`${call} accepts no feed, automatic or consent field`, () => {
      for (const key of FORBIDDEN)
        for (const value of ['https://evil.example.net/', true])
          expect(input.safeParse({ [key]: value }).success, `${call} {${key}}`).toBe(false);
    });

  it('no other call names update settings in its input', () => {
    for (const { call, input } of calls.filter((c) => !c.call.startsWith('updates.'))) {
      const parsed = input.safeParse({ feedUrl: 'https://evil.example.net/', productionConsent: true });
      if (parsed.success) expect(JSON.stringify(parsed.data), call).not.toMatch(/feedUrl|productionConsent/);
    }
  });
});
