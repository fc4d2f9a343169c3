/**
 * The confirmation's account of a prepared action (src/renderer/src/components/actions/PreparedRequest.tsx):
 * an address the request sends is shown whole with FullAddress (issue 29.3), in the summary and in
 * the field table, never cut.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { PreparedAction } from '@shared/actions';
import {
  addressLabel,
  isAddressField,
  PreparedSummary,
  RequestSection,
} from '../../../../../src/renderer/src/components/actions/PreparedRequest';
import { html } from '../../hostile/hostile-rows';

const VAULT = '0x52908400098527886E0F7030069857D2E4169EE7';
const CLOID = '0x1234567890abcdef1234567890abcdef';

const prepared = (fields: PreparedAction['fields']): PreparedAction => ({
  id: 'act_0123456789abcdef',
  kind: 'exchange.submit',
  title: 'Send exchange action “order”',
  workspace: { id: 'w', name: 'Desk', environment: 'sandbox', organizationId: 'org' },
  target: 'Exchange (BUY 1 BTC)',
  request: {
    method: 'POST',
    url: 'http://127.0.0.1/platform/exchange',
    contentType: 'application/json',
    body: '{}',
  },
  fields,
  context: [],
  preparedAt: '1',
  expiresAt: '2',
  phraseRequired: null,
  review: { baseUrl: 'http://127.0.0.1/platform', keyFingerprint: 'fp' },
});

describe('isAddressField', () => {
  it('knows an address by its name or its form, and a cloid is none', () => {
    expect(isAddressField({ name: 'vaultAddress', value: VAULT })).toBe(true);
    expect(isAddressField({ name: 'action.orders[0].builder.b', value: VAULT.toLowerCase() })).toBe(true);
    expect(
      isAddressField({ name: 'destinationAddress', value: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }),
    ).toBe(true);
    expect(isAddressField({ name: 'action.orders[0].c', value: CLOID })).toBe(false);
    expect(isAddressField({ name: 'nonce', value: '1795694870000' })).toBe(false);
  });

  it('labels it in words', () => {
    expect(addressLabel('vaultAddress')).toBe('Vault address');
    expect(addressLabel('action.orders[0].builder.b')).toBe('Address (action.orders[0].builder.b)');
  });
});

describe('the confirmation shows an address it sends whole', () => {
  const p = prepared([
    { name: 'action.type', value: 'order' },
    { name: 'nonce', value: '1795694870000' },
    { name: 'vaultAddress', value: VAULT },
  ]);

  it('in the summary: grouped, its ends emphasised, the unbroken value copied', () => {
    const out = html(createElement(PreparedSummary, { prepared: p }));
    expect(out).toContain('<dt>Vault address</dt>');
    expect(out).toContain('data-testid="confirm-address-vaultAddress"');
    expect(out).toContain(`data-address="${VAULT}"`);
    expect(out).toContain('<strong class="full-address-end">0x52</strong>');
    expect(out).toContain(`aria-label="Copy vault address ${VAULT}"`);
    expect(out).not.toContain('…');
  });

  it('in the field table, beside the exact string signed', () => {
    const out = html(createElement(RequestSection, { prepared: p, summaryLines: undefined }));
    expect(out).toContain('data-testid="confirm-field-address"');
    expect(out.match(/class="full-address"/g)).toHaveLength(1);
  });

  it('shows no address where the request sends none', () => {
    const none = prepared([{ name: 'action.orders[0].c', value: CLOID }]);
    expect(html(createElement(PreparedSummary, { prepared: none }))).not.toContain('full-address');
    expect(html(createElement(RequestSection, { prepared: none, summaryLines: undefined }))).not.toContain(
      'full-address',
    );
  });
});
