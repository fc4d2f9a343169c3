import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPrehash, signRequest } from '../../../src/main/platform/signing';
import { TEST_API_KEY, TEST_API_SECRET, referenceSigner } from '../../support/reference-hmac';

const hmac = (message: string) => createHmac('sha256', TEST_API_SECRET).update(message).digest('hex');
const signer = referenceSigner(TEST_API_KEY, TEST_API_SECRET);

const base = {
  timestamp: '1700000000123',
  method: 'PATCH',
  pathWithQuery: '/platform/organizations/org-1/loans/loan-9?x=1',
  body: '{"amount":"10.5"}',
};

describe('buildPrehash', () => {
  it('concatenates timestamp, upper-case method, path with query and body with no separators', () => {
    expect(buildPrehash('1700000000123', 'patch', '/platform/a?b=c', '{"d":1}')).toBe(
      '1700000000123PATCH/platform/a?b=c{"d":1}',
    );
  });

  it('uses the empty string when there is no body', () => {
    expect(buildPrehash(1700000000123, 'GET', '/platform/wallets', undefined)).toBe(
      '1700000000123GET/platform/wallets',
    );
    expect(buildPrehash('1', 'GET', '/platform/wallets', '')).toBe('1GET/platform/wallets');
  });
});

describe('signRequest', () => {
  it('produces the three headers with an independently computed HMAC-SHA256 hex signature', () => {
    const headers = signRequest(signer, base);
    expect(headers).toEqual({
      Authorization: `ApiKey ${TEST_API_KEY}`,
      'X-Timestamp': '1700000000123',
      'X-Signature': hmac(
        '1700000000123PATCH/platform/organizations/org-1/loans/loan-9?x=1{"amount":"10.5"}',
      ),
    });
    expect(headers['X-Signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('matches fixed vectors', () => {
    // Hex computed once with `printf '%s' <prehash> | openssl dgst -sha256 -hmac <secret>`.
    const vectors: [typeof base, string][] = [
      [
        { timestamp: '1', method: 'GET', pathWithQuery: '/platform/portfolios', body: '' },
        'c6aa9f3fa12a074b113534dc5982792d7b2577741849741c86ee1d5faff1f6d0',
      ],
      [
        {
          timestamp: '1700000000000',
          method: 'post',
          pathWithQuery: '/platform/exchange',
          body: '{"nonce":1}',
        },
        '6e31d3c6fd182c9f2dcda60170da69a794e68f72972d8bdcf4ccf6c7dfc14a8d',
      ],
    ];
    for (const [input, expected] of vectors) expect(signRequest(signer, input)['X-Signature']).toBe(expected);
  });

  it('changes when any signed part is tampered with', () => {
    const original = signRequest(signer, base)['X-Signature'];
    const tampered = [
      { ...base, timestamp: '1700000000124' },
      { ...base, method: 'POST' },
      { ...base, pathWithQuery: '/platform/organizations/org-1/loans/loan-8?x=1' },
      { ...base, pathWithQuery: '/platform/organizations/org-1/loans/loan-9?x=2' },
      { ...base, pathWithQuery: '/platform/organizations/org-1/loans/loan-9' },
      { ...base, body: '{"amount":"10.6"}' },
      { ...base, body: '' },
    ];
    const signatures = tampered.map((t) => signRequest(signer, t)['X-Signature']);
    for (const signature of signatures) expect(signature).not.toBe(original);
    expect(new Set(signatures).size).toBe(signatures.length);
  });

  it('never puts the secret in the headers', () => {
    expect(JSON.stringify(signRequest(signer, base))).not.toContain(TEST_API_SECRET);
  });
});
