/**
 * `npm run dev` in browser mode: the console is served by Vite with hot module reload, the main side
 * behind its proxy. Editing a renderer file (a component and a stylesheet) updates the open page
 * without a reload. The dev loop serves a copy of src/renderer (COPPER_DEV_RENDERER_ROOT) so the
 * test never edits the shared tree.
 */
import { test, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((done, fail) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^(http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]+)$/m.exec(output);
      if (match) done(match[1]!);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`npm run dev exited (${code}):\n${output}`)));
  });
}

test('editing a renderer file updates the open page without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  // Inside the project so the copy resolves react & co. from node_modules; .data/ is ignored by git
  // (test-results/ is not used: any concurrent Playwright run empties it).
  await mkdir(join(root, '.data'), { recursive: true });
  const work = await mkdtemp(join(root, '.data', 'dev-hmr-'));
  const rendererCopy = join(work, 'renderer');
  await cp(join(root, 'src/renderer'), rendererCopy, { recursive: true });
  const dev = spawn(
    process.execPath,
    ['scripts/dev.mjs', '--browser', '--port', '0', '--data-dir', join(work, 'data')],
    {
      cwd: root,
      env: {
        ...process.env,
        COPPER_DEV_RENDERER_ROOT: rendererCopy,
        VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    const url = await waitForUrl(dev);
    await page.goto(url);
    await page.waitForSelector('[data-testid="app-ready"]', { state: 'attached', timeout: 60_000 });
    // Survives hot updates; a full reload would wipe it.
    await page.evaluate(() => ((window as unknown as { hmrMarker: string }).hmrMarker = 'still here'));

    const tabBar = join(rendererCopy, 'src/shell/TabBar.tsx');
    const source = await readFile(tabBar, 'utf8');
    expect(source).toContain('aria-label="Views"');
    await writeFile(
      tabBar,
      source.replace('aria-label="Views"', 'aria-label="Views" data-hmr="component-edited"'),
    );
    await expect(page.locator('[data-hmr="component-edited"]')).toBeAttached({ timeout: 30_000 });

    const css = join(rendererCopy, 'src/styles/base.css');
    await writeFile(css, `${await readFile(css, 'utf8')}\n.tabbar { --hmr-probe: stylesheet-edited; }\n`);
    await expect
      .poll(
        () =>
          page
            .locator('.tabbar')
            .evaluate((el) => getComputedStyle(el).getPropertyValue('--hmr-probe').trim()),
        {
          timeout: 30_000,
        },
      )
      .toBe('stylesheet-edited');

    expect(await page.evaluate(() => (window as unknown as { hmrMarker?: string }).hmrMarker)).toBe(
      'still here',
    );
    // The data still comes from the main side through the dev proxy.
    await expect(page.locator('[role="tab"]').first()).toBeVisible();
  } finally {
    dev.kill('SIGTERM');
    await new Promise((done) => (dev.exitCode !== null ? done(null) : dev.once('exit', done)));
    await rm(work, { recursive: true, force: true });
  }
});
