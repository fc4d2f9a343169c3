/**
 * "Copy as curl": a command that sends a received delivery again, byte for byte as far as UTF-8
 * text allows. Everything is single-quoted, so nothing a sender put in a header, the path or the
 * body can break out of its argument when the operator pastes the command into a shell.
 */

/** POSIX single-quoting: the only character to escape inside '...' is ' itself. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export function curlFor(
  url: string,
  headers: Readonly<Record<string, string | undefined>>,
  body: string,
): string {
  const parts = ['curl', '-sS', '-X', 'POST', shellQuote(url)];
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  parts.push('--data-binary', shellQuote(body));
  return parts.join(' ');
}
