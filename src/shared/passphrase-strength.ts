/**
 * The vault passphrase's strength floor, one rule for both sides: the main side refuses a weak
 * passphrase (the authority), the renderer shows the same verdict and zxcvbn's feedback as the
 * operator types. zxcvbn estimates guesses the way a cracker would (dictionaries, repeats,
 * keyboard runs, dates), so "aaaaaaaaaaaa" scores 0 whatever its length.
 *
 * Issue 26: the floor is zxcvbn's top score (10^10 guesses or more), since whoever copies the
 * vault file guesses offline for as long as they like; the words an attacker tries first (the
 * app's name, the workspace and organization names, the OS account) are user inputs, worth
 * almost nothing; famous example passphrases are refused outright, whatever they score; and a
 * refusal says why in words ("It contains the app's name").
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';

/** zxcvbn's score runs 0..4; 4 means "very unguessable: strong protection from offline attacks". */
export const MIN_PASSPHRASE_SCORE = 4;
export const MIN_PASSPHRASE_LENGTH = 12;
export const MAX_PASSPHRASE_LENGTH = 1000;
/** zxcvbn's cost grows with length; past this many characters only the prefix is scored. */
const SCORED_PREFIX = 256;

/** The app's own words: always user inputs, on both sides. */
export const APP_WORDS: readonly string[] = ['Copper Operator', 'copper', 'operator', 'vault', 'custody'];

/**
 * Famous example passphrases, refused in any case, spacing, separators or common letter swaps,
 * in any word order, and with anything weak added: xkcd's, pangrams, film and book lines.
 */
const FAMOUS_PASSPHRASES: readonly string[] = [
  'correct horse battery staple',
  'tr0ub4dor&3',
  'the quick brown fox jumps over the lazy dog',
  'to be or not to be',
  'to be or not to be that is the question',
  'may the force be with you',
  'open sesame',
  'hello world',
  'i love you',
  'let me in',
  'trust no one',
  'the cake is a lie',
  'winter is coming',
  'one ring to rule them all',
  'all your base are belong to us',
  'never gonna give you up',
  'lorem ipsum dolor sit amet',
  'mary had a little lamb',
  'four score and seven years ago',
  'live long and prosper',
  'keep calm and carry on',
  'to infinity and beyond',
  'houston we have a problem',
  'elementary my dear watson',
  'veni vidi vici',
  'carpe diem',
  'it was the best of times it was the worst of times',
  'call me ishmael',
  'the answer to life the universe and everything',
  'use the force luke',
  'i am your father',
  'there is no spoon',
  'this is sparta',
  'you shall not pass',
  'my voice is my passport verify me',
  'the password is password',
];

/** Common letter swaps, undone before a passphrase is compared with the famous ones. */
const SWAPS: Readonly<Record<string, string>> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
};

/** Lower case, swaps undone, letters only: "Correct-H0rse_Battery staple" → "correcthorsebatterystaple". */
const letters = (text: string): string =>
  [...text.normalize('NFKC').toLocaleLowerCase('en-US')]
    .map((c) => SWAPS[c] ?? c)
    .join('')
    .replace(/[^\p{L}]/gu, '');
const sortedWords = (text: string): string =>
  text
    .normalize('NFKC')
    .toLocaleLowerCase('en-US')
    .split(/[^\p{L}]+/u)
    .filter((w) => w !== '')
    .sort()
    .join(' ');

let famous: { joined: string[]; sorted: Set<string> } | null = null;
function famousForms(): { joined: string[]; sorted: Set<string> } {
  famous ??= {
    joined: FAMOUS_PASSPHRASES.map(letters),
    sorted: new Set(FAMOUS_PASSPHRASES.filter((p) => p.includes(' ')).map(sortedWords)),
  };
  return famous;
}

export interface PassphraseStrength {
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
  /** Why it is refused (ours, then zxcvbn's warning), or null when there is nothing to warn. */
  warning: string | null;
  suggestions: string[];
}

let factory: ZxcvbnFactory | null = null;

/** Built once, on first use: the dictionaries take a moment to index and most runs never need them. */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
  return factory;
}

/**
 * The user inputs as zxcvbn matches them (whole lower-case tokens): each input as typed, without
 * its spaces and separators, and each of its words of 3 or more characters.
 */
function expandInputs(inputs: readonly string[]): { all: string[]; app: Set<string> } {
  const expand = (raw: string): string[] => {
    const text = raw.normalize('NFKC').toLocaleLowerCase('en-US').trim();
    if (text === '') return [];
    const words = text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
    return [text, text.replace(/[^\p{L}\p{N}]+/gu, ''), ...words];
  };
  const app = new Set(APP_WORDS.flatMap(expand));
  return { all: [...new Set([...app, ...inputs.flatMap(expand)])], app };
}

type Match = {
  pattern: string;
  token: string;
  dictionaryName?: string;
  matchedWord?: string;
  l33t?: boolean;
  regexName?: string;
};

/** The reasons, in words, that zxcvbn's reading of a weak passphrase shows. */
function reasonsFrom(
  passphrase: string,
  sequence: readonly Match[],
  app: Set<string>,
  names: { app: boolean; other: boolean },
): string[] {
  const reasons: string[] = [];
  const words = sequence.filter((m) => m.pattern === 'dictionary');
  const inputs = words.filter((m) => m.dictionaryName === 'userInputs');
  if (names.app || inputs.some((m) => app.has(m.matchedWord ?? '')))
    reasons.push("It contains the app's name.");
  if (names.other || inputs.some((m) => !app.has(m.matchedWord ?? ''))) {
    reasons.push('It contains a name this console knows (a workspace, organization or account name).');
  }
  const common = words.filter((m) => m.dictionaryName === 'passwords-common' && m.token.length >= 4);
  if (common.some((m) => m.l33t)) {
    reasons.push('It is a common password with letters swapped for look-alike symbols.');
  } else if (common.length > 0) reasons.push('It is built on a common password.');
  const seen = words.map((m) => (m.matchedWord ?? m.token).toLocaleLowerCase('en-US'));
  if (new Set(seen).size < seen.length) {
    reasons.push('It repeats the same word.');
  }
  const year = sequence.some(
    (m) =>
      m.pattern === 'date' ||
      (m.pattern === 'regex' && m.regexName === 'recentYear') ||
      /(?:19|20)\d\d/.test(m.pattern === 'bruteforce' ? m.token : ''),
  );
  if (year && words.length > 0) {
    const symbols = /[^\p{L}\p{N}\s]/u.test(passphrase);
    reasons.push(`It is a common word with a year${symbols ? ' and symbols' : ''}.`);
  }
  return reasons;
}

/**
 * Which known names `passphrase` leans on: they are removed (any case, any separators) and what
 * is left is scored alone, since an attacker tries the names first ("Copper-Operator-2026!").
 */
function leansOnNames(passphrase: string, all: string[], app: Set<string>): { app: boolean; other: boolean } {
  let rest = passphrase.normalize('NFKC').toLocaleLowerCase('en-US');
  const found = { app: false, other: false };
  for (const name of [...all].filter((n) => n.length >= 3).sort((a, b) => b.length - a.length)) {
    if (!rest.includes(name)) continue;
    rest = rest.split(name).join(' ');
    found[app.has(name) ? 'app' : 'other'] = true;
  }
  if (!found.app && !found.other) return found;
  const left = rest.replace(/[\s\-_.,]+/gu, '');
  return zxcvbn().check(left, all).score >= MIN_PASSPHRASE_SCORE ? { app: false, other: false } : found;
}

/** Whether `passphrase` is a famous example, or one with only a weak addition. */
function isFamous(passphrase: string, inputs: string[]): boolean {
  const forms = famousForms();
  if (forms.sorted.has(sortedWords(passphrase))) return true;
  const joined = letters(passphrase);
  const hit = forms.joined.find((f) => joined.includes(f));
  if (hit === undefined) return false;
  const rest = joined.replace(hit, '');
  return rest.length < MIN_PASSPHRASE_LENGTH || zxcvbn().check(rest, inputs).score < MIN_PASSPHRASE_SCORE;
}

/**
 * Scores `passphrase`. `userInputs`: what an attacker would try first besides the app's own words
 * (always included): the workspace names and organization ids, and on the main side the OS
 * account name. The renderer passes what it knows; the main side passes everything and decides.
 */
export function passphraseStrength(
  passphrase: string,
  userInputs: readonly string[] = [],
): PassphraseStrength {
  const scored = passphrase.slice(0, SCORED_PREFIX);
  const { all, app } = expandInputs(userInputs);
  // Stryker disable next-line MethodExpression: zxcvbn-ts also cuts at its own maxLength (256); the slice states the bound here
  const result = zxcvbn().check(scored, all);
  const tooShort = passphrase.length < MIN_PASSPHRASE_LENGTH;
  const famousOne = isFamous(scored, all);
  const names = leansOnNames(scored, all, app);
  const acceptable =
    !tooShort && !famousOne && !names.app && !names.other && result.score >= MIN_PASSPHRASE_SCORE;
  const reasons = [
    ...(tooShort ? [`Use at least ${MIN_PASSPHRASE_LENGTH} characters.`] : []),
    ...(famousOne ? ['It is a famous example passphrase.'] : []),
    ...(acceptable ? [] : reasonsFrom(scored, result.sequence as readonly Match[], app, names)),
  ];
  const warning = [...reasons, result.feedback.warning].filter((r) => !!r).join(' ') || null;
  return {
    score: result.score,
    acceptable,
    warning: acceptable ? null : warning,
    suggestions: acceptable ? [] : result.feedback.suggestions,
  };
}

/** The operator-facing refusal for a weak passphrase, or null when it is strong enough. */
export function weakPassphraseMessage(passphrase: string, userInputs: readonly string[] = []): string | null {
  const strength = passphraseStrength(passphrase, userInputs);
  if (strength.acceptable) return null;
  const advice = [strength.warning, ...strength.suggestions].filter((s): s is string => !!s);
  return (
    `The vault passphrase is too easy to guess (strength ${strength.score} of 4; at least ` +
    `${MIN_PASSPHRASE_SCORE} is needed).${advice.length ? ` ${advice.join(' ')}` : ''} ` +
    'Try five or more unrelated words.'
  );
}
