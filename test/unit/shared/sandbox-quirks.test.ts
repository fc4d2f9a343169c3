/** The sandbox quirks' control contract (src/shared/sandbox-quirks.ts): what a refusal says. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeQuirksError, sandboxQuirksSchema } from '../../../src/shared/sandbox-quirks';

describe('describeQuirksError', () => {
  it('names each refused field by its path, and the object itself when there is none', () => {
    const bad = sandboxQuirksSchema.safeParse({ pageCap: 0, retryAfter: { seconds: 1, every: 0 } });
    expect(bad.success).toBe(false);
    const text = bad.success ? '' : describeQuirksError(bad.error);
    expect(text.split('; ').map((part) => part.split(':')[0])).toEqual(['pageCap', 'retryAfter.every']);
    const top = z.strictObject({}).safeParse('x');
    expect(top.success ? '' : describeQuirksError(top.error)).toMatch(/^\(quirks\): \S/);
  });
});
