/** The policy's feed URL: https on a plain DNS host name, written exactly as it is used (issue 26.1). */
import { describe, expect, it } from 'vitest';
import { parseFeedUrl } from '../../../src/main/updater/feed-url';
import { parseUpdatePolicy, systemPolicyPath } from '../../../src/main/updater/update-policy';

describe('the update feed URL', () => {
  it.each([
    ['https://updates.example.com/copper', 'https://updates.example.com/copper/'],
    ['https://updates.example.com/copper-operator/', 'https://updates.example.com/copper-operator/'],
    ['https://updates.example.com:443/x/', 'https://updates.example.com/x/'],
    ['https://a-b.c0.example.co.uk/', 'https://a-b.c0.example.co.uk/'],
  ])('accepts %s', (raw, href) => expect(parseFeedUrl(raw)).toEqual({ ok: true, value: href }));

  it.each([
    ['plain http', 'http://updates.example.com/'],
    ['http on loopback', 'http://127.0.0.1:8080/feed/'],
    ['ftp', 'ftp://updates.example.com/'],
    ['file', 'file:///tmp/feed/'],
    ['empty', ''],
    ['not a URL', 'not a url'],
    ['userinfo', 'https://user:pw@updates.example.com/'],
    ['userinfo that hides the host', 'https://updates.example.com@evil.example.net/'],
    ['a query', 'https://updates.example.com/?token=x'],
    ['a fragment', 'https://updates.example.com/#x'],
    ['another port', 'https://updates.example.com:8443/'],
    ['IPv4', 'https://10.0.0.8/'],
    ['IPv4 loopback', 'https://127.0.0.1/'],
    ['decimal IPv4', 'https://2130706433/'],
    ['hex IPv4', 'https://0x7f.1/'],
    ['octal IPv4', 'https://0177.0.0.1/'],
    ['IPv6', 'https://[::1]/'],
    ['IPv4-mapped IPv6', 'https://[::ffff:10.0.0.1]/'],
    ['link-local IPv6', 'https://[fe80::1]/'],
    ['punycode', 'https://xn--pple-43d.com/'],
    ['punycode in a lower label', 'https://xn--80ak6aa92e.example.com/'],
    ['Unicode (Cyrillic а)', 'https://updаtes.example.com/'],
    ['full-width dot', 'https://updates.example\u3002com/'],
    ['percent-encoded host', 'https://updates%2eexample.com/'],
    ['upper case host', 'https://Updates.Example.com/'],
    ['trailing dot', 'https://updates.example.com./'],
    ['single label', 'https://localhost/'],
    ['numeric top label', 'https://updates.example.123/'],
    ['backslash', 'https:\\\\updates.example.com/'],
    ['one slash', 'https:/updates.example.com/'],
    ['spaces', ' https://updates.example.com/'],
    ['underscore', 'https://up_dates.example.com/'],
  ])('refuses %s', (_name, raw) =>
    expect(parseFeedUrl(raw)).toMatchObject({ ok: false, error: { code: 'bad-input', field: 'feedUrl' } }),
  );
});

describe('the policy', () => {
  it('has a documented system path per OS', () => {
    expect(systemPolicyPath('linux')).toBe('/etc/copper-operator/policy.json');
    expect(systemPolicyPath('darwin')).toBe('/Library/Application Support/Copper Operator/policy.json');
    expect(systemPolicyPath('win32', { ProgramData: 'D:\\PD' })).toMatch(
      /^D:\\PD[\\/]Copper Operator[\\/]policy\.json$/,
    );
  });

  it('defaults automatic checks and the production consent to off', () => {
    expect(parseUpdatePolicy('{"feedUrl":"https://u.example.com/"}', '/p')).toEqual({
      feedUrl: 'https://u.example.com/',
      automatic: false,
      productionConsent: false,
      source: '/p',
      problem: null,
    });
  });
});
