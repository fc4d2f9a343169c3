/**
 * A workspace name against the others (src/shared/workspace-names.ts): compared without case and
 * spaces, the built-in sandbox's name kept for it, names that imitate another refused with the
 * reason, names in any script accepted beside each other, and the exact refusal messages.
 */
import { describe, expect, it } from 'vitest';
import { checkWorkspaceName } from '../../../src/shared/workspace-names';
import {
  BUILT_IN_SANDBOX_NAME,
  MAX_WORKSPACE_NAME_LENGTH,
  workspaceNameSchema,
} from '../../../src/shared/workspace-rules';

describe('checkWorkspaceName', () => {
  it('compares names without case and spaces', () => {
    expect(checkWorkspaceName('Fund A', ['FUND a']).ok).toBe(false);
    expect(checkWorkspaceName('Fund A', ['Fund B']).ok).toBe(true);
  });

  it('lets the built-in workspace keep its own name, and nobody else take it', () => {
    expect(checkWorkspaceName('Local sandbox', [], { builtIn: true }).ok).toBe(true);
    expect(checkWorkspaceName('LOCAL SANDBOX', []).ok).toBe(false);
  });

  it('accepts exactly the maximum length and refuses one more, with the limit in the message', () => {
    const max = 'a'.repeat(MAX_WORKSPACE_NAME_LENGTH);
    expect(checkWorkspaceName(max, [])).toEqual({ ok: true, value: max });
    expect(checkWorkspaceName(`${max}b`, [])).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message: `The workspace name must be at most ${MAX_WORKSPACE_NAME_LENGTH} characters.`,
      },
    });
  });

  it('names each refusal as bad input with its reason', () => {
    expect(checkWorkspaceName('  ', [])).toEqual({
      ok: false,
      error: { code: 'bad-input', message: 'The workspace name must not be empty.' },
    });
    expect(checkWorkspaceName('a\u200bb', [])).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message:
          'The workspace name contains an invisible or control character (U+200B); type the name again without it.',
      },
    });
    expect(checkWorkspaceName(BUILT_IN_SANDBOX_NAME.toUpperCase(), [])).toMatchObject({
      ok: false,
      error: { code: 'bad-input' },
    });
    expect(checkWorkspaceName('Desk one', ['desk  ONE'])).toEqual({
      ok: false,
      error: {
        code: 'bad-input',
        message:
          'Another workspace is already named "desk  ONE", which looks like this name; choose a name that tells them apart.',
      },
    });
  });
});

/** Red-team names: each was once accepted as a production workspace beside "Local sandbox". */
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
