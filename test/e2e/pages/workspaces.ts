/** The Workspaces tab: key storage (vault), the add-workspace form, one card per workspace. */
import { expect, type Locator } from '@playwright/test';
import { byTestId, PageObject, within } from './page-object';

export interface NewWorkspace {
  name: string;
  environment: 'production' | 'demo' | 'testnet' | 'sandbox';
  organizationId: string;
  baseUrl?: string;
  apiKey?: string;
  apiSecret?: string;
}

export class WorkspacesPage extends PageObject((page) => ({
  ...byTestId(page, { view: 'workspaces-view', created: 'workspace-created' }),
  ...within(
    page,
    { keychain: 'keychain-panel' },
    {
      keychainBackend: 'keychain-backend',
      keychainUnavailable: 'keychain-unavailable',
      vaultCreate: 'vault-create',
    },
  ),
  ...within(page, { form: 'add-workspace-form' }, { secretInput: 'ws-api-secret' }),
})) {
  card(name: string): Locator {
    return this.page.getByTestId('workspace-card').filter({ hasText: name });
  }

  async createVault(passphrase: string): Promise<void> {
    await this.vaultCreate.getByTestId('vault-passphrase').fill(passphrase);
    await this.vaultCreate.getByTestId('vault-passphrase-repeat').fill(passphrase);
    await this.vaultCreate.getByTestId('vault-create-submit').click();
    await expect(this.keychain).toContainText('vault unlocked');
  }

  async addWorkspace(ws: NewWorkspace): Promise<void> {
    await this.form.getByTestId('ws-environment').selectOption(ws.environment);
    await this.form.getByTestId('ws-name').fill(ws.name);
    await this.form.getByTestId('ws-organization').fill(ws.organizationId);
    if (ws.baseUrl) await this.form.getByTestId('ws-base-url').fill(ws.baseUrl);
    if (ws.apiKey) await this.form.getByTestId('ws-api-key').fill(ws.apiKey);
    if (ws.apiSecret) await this.secretInput.fill(ws.apiSecret);
    await this.form.getByTestId('ws-submit').click();
    await expect(this.created).toContainText(`Created “${ws.name}”`);
  }

  async testConnection(name: string): Promise<void> {
    await this.card(name).getByTestId('test-connection').click();
    await expect(this.card(name).getByTestId('test-connection')).toHaveText('Test connection');
  }

  async replaceKey(name: string, apiKey: string, apiSecret: string): Promise<void> {
    const card = this.card(name);
    await card.getByTestId('set-key').click();
    const form = card.getByTestId('set-key-form');
    await form.locator('input[name="apiKey"]').fill(apiKey);
    await form.locator('input[name="apiSecret"]').fill(apiSecret);
    await form.getByRole('button', { name: 'Store key' }).click();
    await expect(form).toBeHidden();
  }
}
