/**
 * Hostile platform text is rendered as text, everywhere the console shows platform text. Names made
 * through the sandbox control (markup, script, an attribute break-out, a javascript: URL, a formula,
 * 10,000 characters, right-to-left overrides, zero-width characters) and the sandbox's seeded
 * hostile names, descriptions and memos are checked in the webhook payload viewer, the address book
 * list and detail, activities, portfolios and wallets, a loan's detail and the agent wallets. After
 * every place: `window.__pwned` unset, no element of theirs in the app root, no page error; each
 * string is found by its text and its textContent is exact. Every (string × place) is tallied.
 */
import type { CopperApi } from '../../src/shared/contract';
import type { CryptoAddress } from '../../src/shared/platform/resources';
import { HOSTILE_TEXTS } from '../../src/sandbox/data/types';
import type { Page } from '@playwright/test';
import { test as base, expect } from './support/fixtures';
import {
  CREATED_NAMES,
  Tally,
  createAddress,
  expectInert,
  expectShownAsText,
  watchDialogs,
} from './support/hostile';
import { ActivitiesPage } from './pages/activities';
import { AddressBookPage } from './pages/address-book';
import { AgentWalletsPage } from './pages/agent-wallets';
import { LoansPage } from './pages/loans';
import { PortfoliosWalletsPage } from './pages/portfolios-wallets';
import { Shell } from './pages/shell';
import { WebhooksPage } from './pages/webhooks';

/** Checks made by each test; docs/security.md quotes their sum. */
const CREATED_CHECKS = 40;
const SEEDED_CHECKS = 19;

/** A plain fragment to find a string by: its first line, before any invisible character. */
const fragment = (text: string): string => {
  const plain = /^[^\r\n\u200B-\u200F\u202A-\u202E\u2060\uFEFF]+/.exec(text)?.[0] ?? text;
  return plain.slice(0, 60).trim();
};
const isPlain = (text: string): boolean => fragment(text) === text;
const labelOf = (text: string): string => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The shown text of a row's cell equals the string (found by text inside the cell). */
const inCell = (cell: Parameters<typeof expectShownAsText>[0], text: string) =>
  expectShownAsText(cell, text, isPlain(text) ? {} : { find: fragment(text) });

/**
 * What each test starts from (with 90 s to run): the console's page, the watches `expectInert`
 * reads, the shell, and the tally of checks.
 */
const test = base.extend<{
  watched: { app: Page; seen: Parameters<typeof expectInert>[1]; shell: Shell; tally: Tally };
}>({
  watched: async ({ app, pageErrors }, use, testInfo) => {
    testInfo.setTimeout(90_000);
    await use({
      app,
      seen: { pageErrors, dialogs: watchDialogs(app) },
      shell: new Shell(app),
      tally: new Tally(),
    });
  },
});

test('names made through the sandbox are text in the payload viewer, address book and activities', async ({
  watched: { app, seen, shell, tally },
}) => {
  // Webhooks: the sandbox subscribed first, so each created address arrives as an event.
  const hooks = new WebhooksPage(app);
  await shell.openTab('webhooks', hooks.table);
  await hooks.startReceiver();
  await hooks.subscribeSandbox();
  const controlUrl = await hooks.sandboxControlUrl();
  const created = new Map<string, (typeof CREATED_NAMES)[number]>();
  for (const name of CREATED_NAMES) created.set(await createAddress(controlUrl, name.text), name);

  await hooks.filterEvent.selectOption('crypto-address-created');
  await expect(hooks.table.root).toHaveAttribute('data-row-count', String(CREATED_NAMES.length), {
    timeout: 20_000,
  });
  const seenInPayloads = new Set<string>();
  for (const rowId of await hooks.table.renderedIds()) {
    expect(await hooks.verdictOf(rowId)).toBe('valid');
    await hooks.table.row(rowId).click();
    await expect(hooks.detail).toHaveAttribute('data-entry-id', rowId);
    const payload = (await hooks.payload.textContent()) ?? '';
    const name = CREATED_NAMES.find((n) => payload.includes(JSON.stringify(n.text)));
    if (!name) throw new Error(`no created name in payload ${payload.slice(0, 200)}`);
    // In the payload the name is a JSON string literal, shown as text exactly as sent.
    await expectShownAsText(hooks.detail, JSON.stringify(name.text), {
      find: JSON.stringify(fragment(name.text)).slice(1, -1),
      whole: false,
    });
    seenInPayloads.add(name.label);
    tally.add(name.label, 'webhook payload viewer');
    await expectInert(app, seen, `the payload of ${name.label}`);
  }
  expect([...seenInPayloads].sort()).toEqual(CREATED_NAMES.map((n) => n.label).sort());

  // Address book: the created addresses and the seeded hostile ones, list and detail.
  const book = new AddressBookPage(app);
  await shell.openTab('address-book', book.table);
  const workspaceId = await shell.activeWorkspaceId();
  const seeded = await app.evaluate(
    async ({ workspaceId, hostile }) => {
      const copper = (window as unknown as { copper: CopperApi }).copper;
      const res = await copper.cryptoAddresses.list({ workspaceId, limit: 1000 });
      if (!res.ok) throw new Error(res.error.message);
      return res.value.items.filter(
        (a: CryptoAddress) => hostile.includes(a.name) || hostile.includes(a.memo ?? ''),
      );
    },
    { workspaceId, hostile: [...HOSTILE_TEXTS] },
  );
  expect(seeded.length).toBeGreaterThanOrEqual(4);
  await book
    .listFilter('cryptoAddressIds')
    .fill([...created.keys(), ...seeded.map((a) => a.cryptoAddressId)].join(', '));
  await book.applyAndLoad();
  await expect(book.table.root).toHaveAttribute('data-row-count', String(created.size + seeded.length));

  const rows: { id: string; label: string; name: string; memo: string | null }[] = [
    ...[...created].map(([id, n]) => ({ id, label: n.label, name: n.text, memo: null })),
    ...seeded.map((a) => ({
      id: a.cryptoAddressId,
      label: `seeded ${labelOf(a.name)}`,
      name: a.name,
      memo: HOSTILE_TEXTS.includes(a.memo ?? '') ? (a.memo ?? null) : null,
    })),
  ];
  for (const row of rows) {
    await inCell(await book.table.cell(row.id, 'name'), row.name);
    tally.add(row.label, 'address book list');
    if (row.memo !== null) {
      await inCell(await book.table.cell(row.id, 'memo'), row.memo);
      tally.add(`memo ${labelOf(row.memo)}`, 'address book list');
    }
    await book.table.row(row.id).click();
    await expect(book.detail).toContainText(row.id);
    await inCell(book.detail.locator('h3'), row.name);
    tally.add(row.label, 'address book detail');
    if (row.memo !== null) {
      await inCell(book.detail.locator('dd.mono'), row.memo);
      tally.add(`memo ${labelOf(row.memo)}`, 'address book detail');
    }
    await expectInert(app, seen, `the address ${row.label}`);
  }

  // Activities: the sandbox logged each creation with the name in the description (newest first).
  const activities = new ActivitiesPage(app);
  await shell.openTab('activities', activities.table);
  for (const name of CREATED_NAMES) {
    const description = `Crypto address ${name.text} added`;
    await expectShownAsText(
      activities.table.root,
      description,
      isPlain(name.text) ? {} : { find: `Crypto address ${fragment(name.text)}` },
    );
    tally.add(name.label, 'activities');
  }
  await expectInert(app, seen, 'activities');

  expect(tally.checks.length, tally.checks.join('\n')).toBe(CREATED_CHECKS);
});

test('seeded hostile text is text in activities, portfolios and wallets, loans and agent wallets', async ({
  watched: { app, seen, shell, tally },
}) => {
  // Activities: every hostile text the sandbox seeds leads some descriptions; search finds them.
  const activities = new ActivitiesPage(app);
  await shell.openTab('activities', activities.table);
  for (const text of HOSTILE_TEXTS) {
    await activities.search.fill(fragment(text));
    await activities.applyAndLoad();
    expect(await activities.table.rowCount(), text).toBeGreaterThan(0);
    await expectShownAsText(activities.table.root, text, { find: fragment(text), whole: false });
    tally.add(labelOf(text), 'activities');
    await expectInert(app, seen, `activities matching ${labelOf(text)}`);
  }

  // Portfolios & wallets: hostile portfolio names in the table, the filter's options, the wallets.
  const view = new PortfoliosWalletsPage(app);
  await shell.openTab('portfolios-wallets', view.portfolios);
  const names = [HOSTILE_TEXTS[1] ?? '', 'Treasury, "Main"\nsecond line – 日本語'];
  for (const name of names) {
    await inCell(view.portfolios.root, name);
    tally.add(labelOf(name), 'portfolios table');
    const option = view.portfolioFilter.locator('option', { hasText: fragment(name) });
    expect(await option.textContent()).toContain(`${name} · `);
    tally.add(labelOf(name), 'portfolio filter options');
    const id = (await option.getAttribute('value')) ?? '';
    await view.portfolioFilter.selectOption(id);
    await view.wallets.waitReady();
    if ((await view.wallets.rowCount()) > 0) {
      await inCell(view.wallets.root, name);
      tally.add(labelOf(name), 'wallets table');
    }
    await expectInert(app, seen, `portfolio ${labelOf(name)}`);
  }
  await view.portfolioFilter.selectOption('');

  // A loan with the counterparty whose description is markup (shown as the row's title).
  const loans = new LoansPage(app);
  await loans.openSeeded('sandbox-approve-lend-2', 'awaiting-approval');
  const counterparties = loans.detail.getByTestId('loan-counterparties');
  await expectShownAsText(counterparties, 'Bluefin "Markets", LLC');
  tally.add(labelOf('Bluefin "Markets", LLC'), 'loan detail counterparties');
  const bluefin = counterparties.locator('tr', { hasText: 'Bluefin' });
  await expect(bluefin).toHaveAttribute('title', '<img src=x onerror=alert(1)>');
  tally.add(labelOf('<img src=x onerror=alert(1)>'), 'loan detail counterparty description (title)');
  await expectInert(app, seen, 'the loan detail');

  // Agent wallets: one active wallet is named with markup.
  const agents = new AgentWalletsPage(app);
  await agents.open();
  await expectShownAsText(agents.wallets.root, HOSTILE_TEXTS[0] ?? '');
  tally.add(labelOf(HOSTILE_TEXTS[0] ?? ''), 'agent wallets');
  await expectInert(app, seen, 'agent wallets');

  expect(tally.checks.length, tally.checks.join('\n')).toBe(SEEDED_CHECKS);
});
