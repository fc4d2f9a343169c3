/**
 * The vault passphrase floor (src/shared/passphrase-strength.ts) at its edges: the length limit
 * exactly, the caller's context words, the scored prefix of a very long passphrase, and the
 * refusal message. Found unpinned by mutation testing.
 */
import { describe, expect, it } from 'vitest';
import {
  MIN_PASSPHRASE_LENGTH,
  MIN_PASSPHRASE_SCORE,
  passphraseStrength,
  weakPassphraseMessage,
} from '../../../src/shared/passphrase-strength';
import { prng } from '../../support/prng';

describe('passphraseStrength', () => {
  it('accepts a strong passphrase of exactly 12 characters and refuses one of 11, saying why', () => {
    expect(MIN_PASSPHRASE_LENGTH).toBe(12);
    expect(MIN_PASSPHRASE_SCORE).toBe(4);
    expect(passphraseStrength('Zq!9xK#2mP@7')).toEqual({
      score: 4,
      acceptable: true,
      warning: null,
      suggestions: [],
    });
    const short = passphraseStrength('Zq!9xK#2mP@');
    expect(short.score).toBe(4);
    expect(short.acceptable).toBe(false);
    expect(short.warning).toBe('Use at least 12 characters.');
  });

  it('accepts a score of exactly 4 and refuses 3', () => {
    expect(passphraseStrength('quartz lantern meadow orbit')).toMatchObject({ score: 4, acceptable: true });
    expect(passphraseStrength('aliceinwonder')).toMatchObject({ score: 3, acceptable: false, warning: null });
    expect(passphraseStrength('correcthorse')).toMatchObject({ score: 1, acceptable: false, warning: null });
  });

  it('counts the caller’s context words as easy to guess', () => {
    expect(passphraseStrength('zorblaxquintem').score).toBe(4);
    expect(passphraseStrength('zorblaxquintem', ['zorblax', 'quintem'])).toMatchObject({
      score: 1,
      acceptable: false,
    });
  });

  it('scores only the first 256 characters of a very long passphrase', () => {
    const long = passphraseStrength('a'.repeat(300) + 'quartz lantern meadow orbit');
    expect(long.score).toBe(1);
    expect(long.acceptable).toBe(false);
  });
});

describe('weakPassphraseMessage', () => {
  it('names the score, the floor, the reasons and the advice', () => {
    expect(weakPassphraseMessage('short Zq!9')).toBe(
      'The vault passphrase is too easy to guess (strength 2 of 4; at least 4 is needed). ' +
        'Use at least 12 characters. Add more words that are less common. Try five or more unrelated words.',
    );
    expect(weakPassphraseMessage('Zq!9xK#2mP@')).toBe(
      'The vault passphrase is too easy to guess (strength 4 of 4; at least 4 is needed). ' +
        'Use at least 12 characters. Try five or more unrelated words.',
    );
    expect(weakPassphraseMessage('correcthorse')).toBe(
      'The vault passphrase is too easy to guess (strength 1 of 4; at least 4 is needed). ' +
        'Add more words that are less common. Try five or more unrelated words.',
    );
    expect(weakPassphraseMessage('Zq!9xK#2mP@7')).toBeNull();
  });
});

describe('passphrases that only look long', () => {
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

/** Issue 26's red-team passphrases: each was accepted, and each must now be refused, saying why. */
describe('passphrases an offline guesser tries first', () => {
  const refused: [string, RegExp][] = [
    ['correct horse battery staple', /It is a famous example passphrase\./],
    ['Correct-Horse-Battery-Staple', /famous example/],
    ['CorrectHorseBatteryStaple!', /famous example/],
    ['correct_horse_battery_staple_2026', /famous example/],
    ['staple battery horse correct', /famous example/],
    ['c0rrect h0rse b@ttery st@ple', /famous example/],
    ['the quick brown fox jumps over the lazy dog', /famous example/],
    ['copperoperator2026', /It contains the app's name\./],
    ['CopperOperator1!', /It contains the app's name\./],
    ['Copper-Operator-2026!', /It contains the app's name\./],
    ['Summer2026!Summer', /It is a common word with a year and symbols\./],
    ['letmein-letmein', /It is built on a common password\. It repeats the same word\./],
    [
      'P@ssw0rd2026!!',
      /common password with letters swapped for look-alike symbols\..*common word with a year and symbols/,
    ],
  ];
  it.each(refused)('refuses %j with its reason', (passphrase, why) => {
    const strength = passphraseStrength(passphrase);
    expect(strength.acceptable).toBe(false);
    expect(strength.warning).toMatch(why);
    const message = weakPassphraseMessage(passphrase);
    expect(message).toMatch(why);
    expect(message).not.toContain(passphrase);
  });

  it('refuses a passphrase built on a workspace name, an organization id or the account name', () => {
    const inputs = ['Treasury desk', 'org-7f3a9c', 'dana.ops'];
    for (const passphrase of ['TreasuryDesk2026!', 'treasury-desk-org-7f3a9c', 'dana.ops.2026!dana']) {
      expect(passphraseStrength(passphrase).acceptable, passphrase).toBe(true);
      const strength = passphraseStrength(passphrase, inputs);
      expect(strength.acceptable, passphrase).toBe(false);
      expect(strength.warning).toMatch(/It contains a name this console knows/);
    }
  });

  // Regression guards: these pass before and after the change (a floor that refused them would be wrong).
  const rng = prng(26);
  const WORDS = (
    'apple river stone cloud tiger maple lemon forest candle silver window garden rocket pillow ' +
    'marble bridge castle dragon engine falcon galaxy hammer island jacket kettle ladder magnet ' +
    'needle orange pepper rabbit saddle timber velvet walnut yellow zipper anchor basket cactus ' +
    'donkey feather ginger harbor igloo jungle koala lantern meadow noodle oyster parrot quartz ' +
    'riddle shadow tunnel umbrella violin wizard yogurt badge comet dune ember fjord glacier'
  ).split(' ');
  const pick = <T>(from: readonly T[]): T => from[Math.floor(rng() * from.length)] as T;
  const diceware = Array.from({ length: 12 }, () =>
    Array.from({ length: 5 }, () => pick(WORDS)).join(pick([' ', '-', '.'])),
  );
  const CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*-_=+';
  const random = Array.from({ length: 12 }, () =>
    Array.from({ length: 20 }, () => pick([...CHARS])).join(''),
  );
  it.each([...diceware, ...random])('still accepts the generated passphrase %j', (passphrase) => {
    expect(passphraseStrength(passphrase, ['Treasury desk', 'Local sandbox', 'dana'])).toMatchObject({
      acceptable: true,
      warning: null,
    });
  });
});
