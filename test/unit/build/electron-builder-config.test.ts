/**
 * electron-builder.yml, loaded the way electron-builder loads it and validated with electron-builder's
 * own schema (app-builder-lib/scheme.json), then checked for what issue 15 requires of it.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const root = resolve(__dirname, '../../..');
const configModule = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(
    projectDir: string,
    configPath: string | null,
    fromOptions: unknown,
  ): Promise<Record<string, unknown>>;
  validateConfiguration(config: unknown, debug: { isEnabled: boolean; add(): void }): Promise<void>;
};
// app-builder-lib's own ajv (v8; the one at the top of node_modules is eslint's v6).
const builderRequire = createRequire(require.resolve('app-builder-lib/package.json'));
const Ajv = (builderRequire('ajv') as { default: new (o: object) => { compile(s: object): AjvValidate } })
  .default;
interface AjvValidate {
  (data: unknown): boolean;
  errors?: unknown[];
}
const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
const noDebug = { isEnabled: false, add: () => undefined };

type Target = string | { target: string; arch?: string[] };
interface Config {
  appId: string;
  productName: string;
  asar: boolean;
  files: Array<{ filter: string[] }>;
  npmRebuild: boolean;
  nativeRebuilder: string;
  afterSign: string;
  electronFuses: Record<string, boolean>;
  directories: { buildResources: string };
  linux: { target: Target[]; desktop: { entry: Record<string, string> } };
  win: { target: Target[]; icon: string };
  mac: { target: Target[]; entitlements: string; hardenedRuntime: boolean; icon: string; notarize: boolean };
}

const load = async () => (await configModule.getConfig(root, null, null)) as unknown as Config;
const targetsOf = (targets: Target[]) =>
  targets.map((t) => (typeof t === 'string' ? { target: t, arch: undefined } : t));

describe('electron-builder configuration', () => {
  it("passes electron-builder's own validation and its JSON schema", async () => {
    const config = await load();
    await expect(configModule.validateConfiguration(config, noDebug)).resolves.toBeUndefined();
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
    // Compiling the schema (twice) is slow on a busy two-core machine: a generous limit, not a timing check.
  }, 60_000);

  it('the validation is real: a misspelled or mistyped option is refused', async () => {
    const config = await load();
    await expect(configModule.validateConfiguration({ ...config, asr: true }, noDebug)).rejects.toThrow(
      /asr/,
    );
    await expect(
      configModule.validateConfiguration({ ...config, electronFuses: { runAsNod: false } }, noDebug),
    ).rejects.toThrow(/configuration\.electronFuses/);
  });

  it('names the app and packs it into an asar with only out/ and package.json', async () => {
    const config = await load();
    expect(config.appId).toBe('co.copper.operator');
    expect(config.productName).toBe('Copper Operator');
    expect(config.asar).toBe(true);
    const patterns = config.files.flatMap((set) => set.filter);
    expect(patterns.filter((f) => !f.startsWith('!'))).toEqual(['out/**/*', 'package.json']);
  });

  it('rebuilds keytar for Electron', async () => {
    const config = await load();
    expect(config.npmRebuild).toBe(true);
    expect(['sequential', 'parallel', 'legacy']).toContain(config.nativeRebuilder);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies).toHaveProperty('keytar');
  });

  it('sets the fuses issue 15 lists', async () => {
    expect((await load()).electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('targets AppImage and deb, nsis, and dmg and zip for x64 and arm64', async () => {
    const config = await load();
    expect(targetsOf(config.linux.target).map((t) => t.target)).toEqual(['AppImage', 'deb']);
    expect(targetsOf(config.win.target).map((t) => t.target)).toEqual(['nsis']);
    const mac = targetsOf(config.mac.target);
    expect(mac.map((t) => t.target).sort()).toEqual(['dmg', 'zip']);
    for (const t of mac) expect(t.arch?.slice().sort()).toEqual(['arm64', 'x64']);
  });

  it('points at build resources that exist: icons, entitlements, the afterSign hook', async () => {
    const config = await load();
    expect(config.directories.buildResources).toBe('build');
    for (const file of [config.win.icon, config.mac.icon, config.mac.entitlements, config.afterSign])
      expect(existsSync(join(root, file)), file).toBe(true);
    expect(config.mac.hardenedRuntime).toBe(true);
    const entitlements = readFileSync(join(root, config.mac.entitlements), 'utf8');
    expect(entitlements).toContain('com.apple.security.cs.allow-jit');
  });

  it("keeps the Linux desktop entry in build/ and the config's entry the same", async () => {
    const config = await load();
    const file = readFileSync(join(root, 'build/linux/copper-operator.desktop'), 'utf8');
    const fromFile = Object.fromEntries(
      file
        .split('\n')
        .filter((line) => /^[A-Za-z]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const { Type: type, ...rest } = fromFile;
    expect(type).toBe('Application');
    expect(rest).toEqual(config.linux.desktop.entry);
  });
});
