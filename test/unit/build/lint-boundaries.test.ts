/**
 * The boundary lint (eslint.config.js) seen failing on probe imports (issue 27.5): main's layer
 * rule refuses an import that runs back up, the sandbox is refused outside the composition roots
 * even as a folder import ('../../sandbox', its index.ts), and the renderer, preload and shared
 * cannot reach main or the sandbox by a folder import either. Each probe is linted as if it were a
 * file at that path, with the repository's own configuration; clean imports pass.
 */
import { describe, expect, it } from 'vitest';
import { useLintProbe } from '../../support/lint-probe';

const errorsOf = useLintProbe();

const use = (names: string) => `\nexport const used = [${names}];\n`;

describe('main layer rule', { timeout: 60_000 }, () => {
  it('refuses a service importing the composition root', async () => {
    const errors = await errorsOf(
      'src/main/risk/probe.ts',
      `import { createMainApp } from '../app/create-app';${use('createMainApp')}`,
    );
    expect(errors).toEqual(['boundaries/dependencies']);
  });

  it('refuses a service importing a handler, and platform importing a service', async () => {
    expect(
      await errorsOf(
        'src/main/journal/probe.ts',
        `import { journalHandlers } from '../handlers/journal-handlers';${use('journalHandlers')}`,
      ),
    ).toEqual(['boundaries/dependencies']);
    expect(
      await errorsOf(
        'src/main/platform/probe.ts',
        `import { RiskWatch } from '../risk/risk-watch';${use('RiskWatch')}`,
      ),
    ).toEqual(['boundaries/dependencies']);
  });

  it('refuses a folder of main that no layer names', async () => {
    expect(await errorsOf('src/main/unplaced/probe.ts', 'export const x = 1;\n')).toEqual([
      'boundaries/no-unknown-files',
    ]);
  });

  it('lets each layer import what is below it', async () => {
    const service = await errorsOf(
      'src/main/risk/probe.ts',
      [
        "import { readFile } from 'node:fs/promises';",
        "import { z } from 'zod';",
        "import { ok } from '../../shared/result';",
        "import { PlatformClients } from '../platform/platform-clients';",
        "import * as platform from '../platform';",
        "import { EventBus } from '../events/event-bus';",
        "import { Journals } from '../journal/journals';",
      ].join('\n') + use('readFile, z, ok, PlatformClients, platform, EventBus, Journals'),
    );
    expect(service).toEqual([]);
    const handler = await errorsOf(
      'src/main/handlers/probe.ts',
      `import { WebhookService } from '../webhooks/webhook-service';\nimport { createRouter } from '../router/router';${use('WebhookService, createRouter')}`,
    );
    expect(handler).toEqual([]);
    const root = await errorsOf(
      'src/main/app/probe.ts',
      `import { webhookHandlers } from '../handlers/webhook-handlers';\nimport { startSandbox } from '../../sandbox';${use('webhookHandlers, startSandbox')}`,
    );
    expect(root).toEqual([]);
  });
});

describe('sandbox and cross-side imports, folder imports included', { timeout: 60_000 }, () => {
  const sandboxImport = `import { startSandbox } from '../../sandbox';${use('startSandbox')}`;

  it('refuses the sandbox to main outside the composition roots', async () => {
    // Both rules see it: the import pattern by its spelling, the layer rule by the resolved file.
    expect(await errorsOf('src/main/web/probe.ts', sandboxImport)).toEqual([
      'no-restricted-imports',
      'boundaries/dependencies',
    ]);
    expect(await errorsOf('src/main/risk/probe.ts', sandboxImport)).toEqual([
      'no-restricted-imports',
      'boundaries/dependencies',
    ]);
  });

  it("allows it to browser mode's entry, web/cli.ts", async () => {
    expect(await errorsOf('src/main/web/cli.ts', sandboxImport)).toEqual([]);
  });

  it('refuses main and the sandbox to the renderer, preload and shared by a folder import', async () => {
    expect(
      await errorsOf('src/renderer/src/lib/probe.ts', `import * as main from '../../../main';${use('main')}`),
    ).toEqual(['no-restricted-imports']);
    expect(
      await errorsOf('src/renderer/src/lib/probe.ts', `import * as sb from '../../../sandbox';${use('sb')}`),
    ).toEqual(['no-restricted-imports']);
    expect(await errorsOf('src/preload/probe.ts', `import * as main from '../main';${use('main')}`)).toEqual([
      'no-restricted-imports',
    ]);
    expect(await errorsOf('src/shared/probe.ts', `import * as sb from '../sandbox';${use('sb')}`)).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('lets the renderer import shared code', async () => {
    expect(
      await errorsOf(
        'src/renderer/src/lib/probe.ts',
        `import { ok } from '../../../shared/result';${use('ok')}`,
      ),
    ).toEqual([]);
  });
});
