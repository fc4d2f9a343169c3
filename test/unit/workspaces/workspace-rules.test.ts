/** The shared validators of issue 17, as both sides use them (main store and renderer forms). */
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/shared/contract';
import { passphraseStrength, weakPassphraseMessage } from '../../../src/shared/passphrase-strength';
import { baseUrlProblem, nameKey, workspaceNameSchema } from '../../../src/shared/workspace-rules';
import { checkWorkspaceName } from '../../../src/shared/workspace-names';

describe('workspace names', () => {
  it('compares names without case and spaces', () => {
    expect(nameKey('  Fund  A ')).toBe(nameKey('funda'));
    expect(checkWorkspaceName('Fund A', ['FUND a']).ok).toBe(false);
    expect(checkWorkspaceName('Fund A', ['Fund B']).ok).toBe(true);
  });

  it('lets the built-in workspace keep its own name, and nobody else take it', () => {
    expect(checkWorkspaceName('Local sandbox', [], { builtIn: true }).ok).toBe(true);
    expect(checkWorkspaceName('LOCAL SANDBOX', []).ok).toBe(false);
  });

  it('is refused by the contract before any handler runs, untrimmed so a newline is not hidden', () => {
    const create = contract.workspaces.create.input;
    const base = { environment: 'demo', organizationId: 'o' };
    for (const name of ['Prod\n', '\u202EProd', 'Pr\u200Dod', 'Prod\u2069', '\tProd', '']) {
      expect(create.safeParse({ ...base, name }).success, JSON.stringify(name)).toBe(false);
    }
    const parsed = create.safeParse({ ...base, name: '  Fund A  ' });
    expect(parsed.success && parsed.data.name).toBe('Fund A');
    const update = contract.workspaces.update.input;
    expect(update.safeParse({ id: 'w', name: 'A\u202Eb' }).success).toBe(false);
  });
});

/** Issue 26's red-team names: each was accepted as a production workspace beside "Local sandbox". */
describe('names that imitate another', () => {
  const imitations: [string, string, RegExp][] = [
    ['Cyrillic о', 'L\u043ecal sandbox', /built-in sandbox's name, and this name looks like it/],
    ['soft hyphen', 'Local\u00adsandbox', /an invisible character \(U\+00AD\)/],
    ['Mongolian vowel separator', 'Local\u180esandbox', /an invisible character \(U\+180E\)/],
    ['Hangul filler', 'Local\u3164sandbox', /a Hangul filler \(U\+3164\)/],
    ['Hangul choseong filler', 'Local\u115fsandbox', /a Hangul filler \(U\+115F\)/],
    ['Hangul jungseong filler', 'Local\u1160sandbox', /a Hangul filler \(U\+1160\)/],
    ['halfwidth Hangul filler', 'Local\uffa0sandbox', /a Hangul filler \(U\+FFA0\)/],
    ['variation selector 16', 'Local sandbox\ufe0f', /a variation selector \(U\+FE0F\)/],
    ['variation selector 17', 'Local sandbox\u{e0100}', /a variation selector \(U\+E0100\)/],
    ['tag letter A', 'Local sandbox\u{e0041}', /a tag character \(U\+E0041\)/],
    ['combining acute on x', 'Local sandbox\u0301', /a combining mark \(U\+0301\) stacked/],
    ['combining mark after a space', 'Local \u0301sandbox', /a combining mark \(U\+0301\)/],
    ['enclosing circle', 'Local sandbox\u20dd', /a combining mark \(U\+20DD\)/],
    ['Cyrillic е with a stacked acute', 'Soci\u0435\u0301t\u00e9', /a combining mark \(U\+0301\)/],
    ['capital I for l', 'Iocal sandbox', /built-in sandbox's name/],
    ['digit 1 for l', 'Loca1 sandbox', /built-in sandbox's name/],
    ['Greek ο and Cyrillic а', 'L\u03bfc\u0430l s\u0430ndbox', /built-in sandbox's name/],
  ];
  it.each(imitations)('refuses a name with a %s, saying why', (_what, name, why) => {
    const checked = checkWorkspaceName(name, []);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.error.message).toMatch(why);
    // The contract refuses the characters; looking like another name needs the list (the store).
    expect(workspaceNameSchema.safeParse(name).success).toBe(why.source.includes("sandbox's name"));
  });

  it('refuses a name that looks like another workspace, whatever the case', () => {
    expect(checkWorkspaceName('Treasury', ['Tr\u0435asury'])).toMatchObject({ ok: false });
    expect(checkWorkspaceName('TREASURY', ['tr\u0435asury'])).toMatchObject({ ok: false });
    expect(checkWorkspaceName('desk I', ['DESK l'])).toMatchObject({ ok: false });
    expect(checkWorkspaceName('Desk rn', ['Desk m'])).toMatchObject({ ok: false });
    expect(checkWorkspaceName('Fund 0', ['Fund O'])).toMatchObject({ ok: false });
  });

  const legitimate = [
    'Казначейство',
    'Москва деск',
    'Θησαυροφυλάκιο',
    'Αθήνα',
    'खज़ाना डेस्क',
    'मुंबई',
    '财务部',
    '上海交易台',
    'Société Générale desk',
    'Societe Generale desk',
    'Zürich Ökonomie',
    'Treasury desk',
  ];
  it.each(legitimate)('accepts %j beside all the others', (name) => {
    const others = legitimate.filter((other) => other !== name);
    expect(checkWorkspaceName(name, others)).toEqual({ ok: true, value: name });
    expect(workspaceNameSchema.parse(name)).toBe(name);
  });

  it('keeps an accent typed as a combining mark, stored as one letter', () => {
    const typed = 'Société Générale desk'.normalize('NFD');
    expect(checkWorkspaceName(typed, [])).toEqual({ ok: true, value: 'Société Générale desk' });
    expect(checkWorkspaceName(typed, ['Société Générale desk']).ok).toBe(false);
  });
});

describe('stored base URLs', () => {
  it('names what is wrong with a stored URL, and accepts the pinned ones as they are stored', () => {
    expect(
      baseUrlProblem({ name: 'P', environment: 'production', baseUrl: 'https://api.copper.co/platform' }),
    ).toBeNull();
    expect(
      baseUrlProblem({ name: 'S', environment: 'sandbox', baseUrl: 'http://127.0.0.1:4000/platform' }),
    ).toBeNull();
    expect(
      baseUrlProblem({
        name: 'P',
        environment: 'production',
        baseUrl: 'https://api.copper.co.evil/platform',
      }),
    ).toMatch(/"P" has a base URL that is not allowed/);
    expect(
      baseUrlProblem({ name: 'P', environment: 'production', baseUrl: 'https://API.copper.co/platform/' }),
    ).toMatch(/normal form/);
  });
});

describe('passphrase strength', () => {
  it('scores like a cracker: repeats and common passwords fail whatever their length', () => {
    expect(passphraseStrength('aaaaaaaaaaaaaaaaaaaaaaaa').acceptable).toBe(false);
    expect(passphraseStrength('Password123456').acceptable).toBe(false);
    expect(passphraseStrength('short Zq!9').acceptable).toBe(false); // under 12 characters
    expect(passphraseStrength('quartz lantern meadow orbit').acceptable).toBe(true);
    const weak = passphraseStrength('aaaaaaaaaaaa');
    expect(weak.score).toBeLessThan(3);
    expect(weak.warning).toMatch(/Repeated characters/);
    expect(weak.suggestions.length).toBeGreaterThan(0);
    expect(weakPassphraseMessage('aaaaaaaaaaaa')).toMatch(/too easy to guess \(strength 0 of 4/);
    expect(weakPassphraseMessage('quartz lantern meadow orbit')).toBeNull();
  });
});
