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

describe('passphraseStrength', () => {
  it('accepts a strong passphrase of exactly 12 characters and refuses one of 11, saying why', () => {
    expect(MIN_PASSPHRASE_LENGTH).toBe(12);
    expect(MIN_PASSPHRASE_SCORE).toBe(3);
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

  it('accepts a score of exactly 3 and refuses 1', () => {
    expect(passphraseStrength('aliceinwonder')).toMatchObject({ score: 3, acceptable: true });
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
      'The vault passphrase is too easy to guess (strength 2 of 4; at least 3 is needed). ' +
        'Use at least 12 characters. Add more words that are less common. Try four or more unrelated words.',
    );
    expect(weakPassphraseMessage('Zq!9xK#2mP@')).toBe(
      'The vault passphrase is too easy to guess (strength 4 of 4; at least 3 is needed). ' +
        'Use at least 12 characters. Try four or more unrelated words.',
    );
    expect(weakPassphraseMessage('correcthorse')).toBe(
      'The vault passphrase is too easy to guess (strength 1 of 4; at least 3 is needed). ' +
        'Add more words that are less common. Try four or more unrelated words.',
    );
    expect(weakPassphraseMessage('Zq!9xK#2mP@7')).toBeNull();
  });
});
