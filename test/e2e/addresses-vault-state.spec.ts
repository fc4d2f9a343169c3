/**
 * Issue 29, items 3 and 4. Addresses are shown whole where they are read (the address book's
 * detail: monospace, in groups of four, the first and last six emphasised, the copy unbroken) and
 * wherever they are confirmed (the exchange confirmation's vault address), and offered whole where they are cut (the table's tooltip). A locked vault is said to be locked —
 * "Vault locked — unlock" in the top bar, on the workspace card and in an error panel, each with
 * an inline passphrase prompt — never "No API key"; Set key is disabled while it is locked; and a
 * vault that locked itself for idle time says so.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './support/fixtures';
import { addVaultedWorkspace, vaultConsoleTest } from './support/vault-console';
import { AddressBookPage } from './pages/address-book';
import { AgentWalletsPage } from './pages/agent-wallets';
import { ConfirmDialog } from './pages/confirm-dialog';
import { Shell } from './pages/shell';
import { WorkspacesPage } from './pages/workspaces';

const API_KEY = 'e2e-vault-key';
const API_SECRET = 'e2e-vault-secret-0123456789abcdef';
const PASSPHRASE = 'quartz lantern meadow orbit';
const SECOND = 'Desk behind the vault';

// No Secret Service for this console, whatever the machine has: keys go to the vault.
const test = vaultConsoleTest({ seed: 7, apiKey: API_KEY, apiSecret: API_SECRET });

/** A vault address to confirm: mixed case, so that a cut or a case change would show. */
const VAULT = '0x52908400098527886E0F7030069857D2E4169EE7';

/**
 * `full` (a FullAddress) shows `address` whole: every character, in groups of four, the first and
 * last six emphasised, monospace, wrapped and never clipped; its copy carries the unbroken value.
 */
async function expectWhole(
  app: Page,
  full: Locator,
  address: string,
  copyLabel = 'Copy address',
): Promise<void> {
  await expect(full).toBeVisible();
  await expect(full).toHaveAttribute('data-address', address);
  const shown = await full.evaluate((el) => {
    const groups = el.querySelector<HTMLElement>('.full-address-groups');
    return {
      groups: Array.from(el.querySelectorAll('.full-address-group')).map((g) => g.textContent ?? ''),
      ends: Array.from(el.querySelectorAll('.full-address-end')).map((e) => e.textContent ?? ''),
      font: groups ? getComputedStyle(groups).fontFamily : '',
      weight: Array.from(el.querySelectorAll('.full-address-end')).map((e) => getComputedStyle(e).fontWeight),
      // Wrapped, never cut: nothing overflows its box.
      clipped: groups ? groups.scrollWidth > groups.clientWidth + 1 : true,
      text: groups?.textContent ?? '',
      ellipsis: groups ? getComputedStyle(groups).textOverflow : '',
    };
  });
  expect(shown.text).toBe(address);
  expect(shown.groups.join('')).toBe(address);
  expect(shown.groups.slice(0, -1).every((g) => g.length === 4)).toBe(true);
  expect(shown.ends.join('')).toBe(address.slice(0, 6) + address.slice(-6));
  expect(shown.weight.every((w) => Number(w) >= 700)).toBe(true);
  expect(shown.font).toMatch(/mono/i);
  expect(shown.clipped).toBe(false);
  expect(shown.ellipsis).not.toBe('ellipsis');
  // The copy carries the whole, unbroken value.
  const copy = full.getByTestId('copy-button');
  await expect(copy).toHaveAttribute('aria-label', `${copyLabel} ${address}`);
  await app.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await copy.click();
  expect(await app.evaluate(() => navigator.clipboard.readText())).toBe(address);
}

test('item 3: the address book detail shows the address whole, grouped, its ends emphasised', async ({
  app,
}) => {
  const view = new AddressBookPage(app);
  await new Shell(app).openTab('address-book');
  await view.table.waitReady();
  const id = (await view.table.renderedIds())[0] ?? '';
  // The table may cut the address; its tooltip holds all of it.
  const cell = await view.table.cell(id, 'address');
  const address = (await cell.locator('[title]').first().getAttribute('title')) ?? '';
  expect(address.length).toBeGreaterThan(20);

  await view.table.row(id).click();
  await expectWhole(app, view.detail.getByTestId('address-full'), address);
});

test('item 3: the exchange confirmation shows the vault address it sends whole', async ({ app }) => {
  const view = new AgentWalletsPage(app);
  await view.open();
  // The confirmation shows the vault address the request sends, whole, beside the exact body.
  await view.advanced.click();
  await view.template('order').click();
  await view.composer.getByTestId('composer-vault').fill(VAULT);
  await expect(view.valid).toBeVisible();
  await view.submit.click();
  const confirm = new ConfirmDialog(app);
  await expect(confirm.root).toBeVisible();
  const row = confirm.root.getByTestId('confirm-address-vaultAddress');
  await expect(confirm.root.locator('dt', { hasText: 'Vault address' })).toBeVisible();
  await expectWhole(app, row.getByTestId('confirm-address'), VAULT, 'Copy vault address');
  await expect(confirm.root.getByTestId('confirm-body')).toContainText(`"vaultAddress":"${VAULT}"`);
});

test('item 4: a locked vault says so everywhere a key is needed, offers Unlock, and says it auto-locked', async ({
  app,
  second,
}) => {
  test.setTimeout(180_000); // the shortest auto-lock is one idle minute
  const shell = new Shell(app);
  const view = new WorkspacesPage(app);
  await app.keyboard.press('Alt+0');
  await expect(view.view).toBeVisible();
  await addVaultedWorkspace(view, {
    passphrase: PASSPHRASE,
    name: SECOND,
    second,
    key: { apiKey: API_KEY, apiSecret: API_SECRET },
  });
  await shell.switchTo(await shell.workspaceIdByName(SECOND), second.organizationId);
  await shell.openTab('workspaces');
  const card = view.card(SECOND);
  await expect(card.getByTestId('key-status')).toHaveText('key configured');

  // The operator locks the vault: locked, not "no key".
  await view.keychain.getByRole('button', { name: 'Lock vault' }).click();
  const chip = app.getByTestId('vault-locked');
  await expect(chip).toHaveText('Vault locked — unlock');
  await expect(shell.keyMissing).toHaveCount(0);
  await expect(card.getByTestId('key-status')).toHaveAttribute('data-key-state', 'vault-locked');
  await expect(card.getByTestId('key-status')).not.toContainText('no key');
  await expect(card.getByTestId('set-key')).toBeDisabled();
  await expect(card.getByTestId('set-key-why')).toHaveText(
    'Set key is disabled while the vault is locked: a key stored in it may exist. Unlock the vault first.',
  );
  await expect(card.getByTestId('card-vault-locked-unlock')).toBeVisible();
  await expect(app.getByTestId('vault-locked-auto')).toHaveCount(0); // locked by the operator

  // A read that needs the key: the error panel offers Unlock, not only Retry.
  // (A tab this workspace has not read yet: nothing cached.)
  await shell.openTab('address-book');
  const addresses = new AddressBookPage(app);
  const banner = addresses.table.errorBanner;
  await expect(banner).toHaveAttribute('data-code', 'vault-locked');
  await expect(banner.getByTestId('retry')).toBeVisible();
  await banner.getByTestId('error-vault-locked-unlock').click();
  const prompt = banner.getByTestId('error-vault-locked-form');
  await prompt.getByLabel('Vault passphrase').fill('not the passphrase at all');
  await prompt.getByTestId('error-vault-locked-form-submit').click();
  await expect(prompt.getByTestId('error-vault-locked-form-problem')).toBeVisible();
  await prompt.getByLabel('Vault passphrase').fill(PASSPHRASE);
  await prompt.getByTestId('error-vault-locked-form-submit').click();
  await expect(chip).toHaveCount(0);
  await banner.getByTestId('retry').click();
  await addresses.table.waitReady();
  expect(await addresses.table.rowCount()).toBeGreaterThan(0);

  // The vault locks itself after one idle minute: the top bar and the card say so.
  await shell.openTab('workspaces');
  await view.keychain.getByTestId('vault-auto-lock-minutes').fill('1');
  await view.keychain.getByTestId('vault-auto-lock').getByRole('button', { name: 'Save' }).click();
  await expect(view.keychain).toContainText('The vault now locks after 1 idle minute.');
  await expect(chip).toBeVisible({ timeout: 120_000 });
  await expect(chip).toHaveAttribute('title', /^Auto-locked after 1 idle minute\. /);
  await expect(card.getByTestId('card-vault-locked-auto')).toContainText(
    'Auto-locked after 1 idle minute at',
  );
  await expect(view.keychain.getByTestId('vault-auto-locked')).toContainText(
    'Auto-locked after 1 idle minute',
  );
  await expect(card.getByTestId('set-key')).toBeDisabled();

  // The top bar's chip opens the passphrase prompt in place, focused, and unlocks.
  await chip.click();
  await expect(app.getByTestId('vault-locked-auto')).toContainText('Auto-locked after 1 idle minute at');
  const topPrompt = app.getByTestId('vault-locked-form');
  await expect(topPrompt.getByLabel('Vault passphrase')).toBeFocused();
  await app.keyboard.type(PASSPHRASE);
  await app.keyboard.press('Enter');
  await expect(chip).toHaveCount(0);
  await expect(card.getByTestId('key-status')).toHaveText('key configured');
  await expect(card.getByTestId('set-key')).toBeEnabled();
  expect(await app.content()).not.toContain(PASSPHRASE);
});
