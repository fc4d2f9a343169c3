// The vitest configuration Stryker runs (stryker.config.mjs): the project's own, with room for
// the vault's scrypt tests on a loaded two-core machine, where a mutant run shares the CPU with
// everything else. Timeouts only: no test is added, dropped or changed.
import { mergeConfig } from 'vitest/config';
import base from './vitest.config';

export default mergeConfig(base, { test: { testTimeout: 60_000, hookTimeout: 120_000 } });
