/**
 * The UTS #39 confusable skeleton (Unicode Security Mechanisms, section 4): two strings that a
 * reader cannot tell apart have the same skeleton. skeleton(X) = NFD(map(NFD(X))), where map sends
 * each code point through Unicode's confusables.txt ("Lоcal" with a Cyrillic о → "Local").
 *
 * The mapping is unhomoglyph's (nodeca/unhomoglyph, MIT): Unicode's confusables.txt as a JSON map
 * of single code points to their prototypes, replaced in one pass. A skeleton is for comparing
 * only, never for showing: "m" becomes "rn".
 */
import unhomoglyph from 'unhomoglyph';

/** The UTS #39 skeleton of `text`. */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * The keys under which two workspace names count as the same name: case-, width- and
 * space-insensitive, and confusable-insensitive. Two keys, because case folding and the skeleton
 * do not commute: "I" and "l" share a skeleton only before lower-casing, "I" and "i" match only
 * after it. Names collide when either key is equal.
 */
export function confusableKeys(name: string): readonly [string, string] {
  const wide = name.normalize('NFKC');
  const lower = (s: string): string => s.toLocaleLowerCase('en-US');
  const squash = (s: string): string => s.replace(/\s+/gu, '');
  return [squash(lower(skeleton(lower(wide)))), squash(lower(skeleton(wide)))];
}

/** Whether two names would look alike to the operator (see `confusableKeys`). */
export function namesLookAlike(a: string, b: string): boolean {
  const [a1, a2] = confusableKeys(a);
  const [b1, b2] = confusableKeys(b);
  return a1 === b1 || a2 === b2;
}
