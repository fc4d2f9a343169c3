/** `isActive` as the platform sent it: only a real boolean says yes or no; null is "unknown" (issue 18). */
export function activeWord(value: unknown): 'yes' | 'no' | 'unknown' {
  return value === true ? 'yes' : value === false ? 'no' : 'unknown';
}
