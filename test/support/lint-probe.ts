/**
 * Lints a probe as if it were a file at a path in the repository, with the repository's own
 * eslint configuration: how the lint rules are seen failing (and passing) in unit tests.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll } from 'vitest';

const root = resolve(__dirname, '../..');

/** Registers a `beforeAll` that loads ESLint; the function gives the rule ids of the errors for `code` placed at `file` (relative to the root). */
export function useLintProbe(): (file: string, code: string) => Promise<string[]> {
  let eslint: ESLint | undefined;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });
  return async (file, code) => {
    if (eslint === undefined) throw new Error('the lint probe is used outside a test');
    const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
    return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
  };
}
