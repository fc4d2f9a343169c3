/**
 * The preload stays tiny: it bundles only the names module (src/shared/channels.ts), never the
 * contract's schemas or zod. Bundled here the way electron-vite bundles it (electron external).
 */
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { CALL_NAMES, EVENT_NAMES } from '../../../src/shared/contract';
import { CALL_NAME_LIST, EVENT_NAME_LIST } from '../../../src/shared/channels';

describe('the preload bundle', () => {
  it('is under 10 KB and holds no zod', async () => {
    const result = await build({
      entryPoints: ['src/preload/index.ts'],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      external: ['electron'],
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    expect(code.length).toBeLessThan(10 * 1024);
    expect(code).not.toMatch(/zod|ZodType|safeParse/);
  });

  it('lists exactly the contract’s calls and events', () => {
    expect([...CALL_NAME_LIST].sort()).toEqual([...CALL_NAMES].sort());
    expect([...EVENT_NAME_LIST].sort()).toEqual([...EVENT_NAMES].sort());
  });
});
