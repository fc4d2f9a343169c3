/**
 * The vault passphrase's strength floor, one rule for both sides: the main side refuses a weak
 * passphrase (the authority), the renderer shows the same verdict and zxcvbn's feedback as the
 * operator types. zxcvbn estimates guesses the way a cracker would (dictionaries, repeats,
 * keyboard runs, dates), so "aaaaaaaaaaaa" scores 0 whatever its length.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';

/** zxcvbn's score runs 0..4; 3 means "safely unguessable: moderate protection from offline attacks". */
export const MIN_PASSPHRASE_SCORE = 3;
export const MIN_PASSPHRASE_LENGTH = 12;
export const MAX_PASSPHRASE_LENGTH = 1000;
/** zxcvbn's cost grows with length; past this many characters only the prefix is scored. */
const SCORED_PREFIX = 256;

export interface PassphraseStrength {
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
  /** zxcvbn's warning, or ours for a too-short passphrase; null when there is nothing to warn. */
  warning: string | null;
  suggestions: string[];
}

let factory: ZxcvbnFactory | null = null;

/** Built on first use: the dictionaries take a moment to index and most runs never need them. */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
  return factory;
}

/** Scores `passphrase`; `context` holds words an attacker would try first (app name, user name). */
export function passphraseStrength(passphrase: string, context: readonly string[] = []): PassphraseStrength {
  // Stryker disable next-line MethodExpression: zxcvbn-ts also cuts at its own maxLength (256); the slice states the bound here
  const result = zxcvbn().check(passphrase.slice(0, SCORED_PREFIX), [
    // Stryker disable StringLiteral: these words are in zxcvbn's English dictionary, so no score changes without them
    'copper',
    'operator',
    'vault',
    // Stryker restore StringLiteral
    ...context,
  ]);
  const tooShort = passphrase.length < MIN_PASSPHRASE_LENGTH;
  return {
    score: result.score,
    acceptable: !tooShort && result.score >= MIN_PASSPHRASE_SCORE,
    warning: tooShort
      ? `Use at least ${MIN_PASSPHRASE_LENGTH} characters.`
      : (result.feedback.warning ?? null),
    suggestions: result.feedback.suggestions,
  };
}

/** The operator-facing refusal for a weak passphrase, or null when it is strong enough. */
export function weakPassphraseMessage(passphrase: string): string | null {
  const strength = passphraseStrength(passphrase);
  if (strength.acceptable) return null;
  const advice = [strength.warning, ...strength.suggestions].filter((s): s is string => !!s);
  return (
    `The vault passphrase is too easy to guess (strength ${strength.score} of 4; at least ` +
    `${MIN_PASSPHRASE_SCORE} is needed).${advice.length ? ` ${advice.join(' ')}` : ''} ` +
    'Try four or more unrelated words.'
  );
}
