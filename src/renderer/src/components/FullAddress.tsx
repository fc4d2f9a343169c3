/**
 * A crypto address shown whole, never cut (issue 29.3): monospace, wrapped, in groups of four
 * characters, with the first and last six characters emphasised (address poisoning forges look-alike
 * addresses that match only the ends, so the middle must be read too). The copy button copies the
 * unbroken value; a screen reader hears the value once, unbroken. Used wherever an address is
 * confirmed or shown in a detail; a table cell may cut it, with the full value in its tooltip.
 */
import { displayText } from '../lib/display-text';
import { CopyButton } from './CopyButton';
import { RawValueMark } from './RawValueMark';
import './full-address.css';

/** Characters per group, and how many at each end are emphasised. */
export const GROUP_SIZE = 4;
export const EMPHASISED_ENDS = 6;

/** One run of characters inside a group: emphasised (an end) or not. */
export interface AddressRun {
  text: string;
  emphasised: boolean;
}

/**
 * The address in groups of four from its first character, each group split into runs by whether
 * its characters are among the first or last six. Joining every run gives the address back.
 */
export function addressGroups(address: string): AddressRun[][] {
  const chars = Array.from(address);
  const emphasised = (i: number) => i < EMPHASISED_ENDS || i >= chars.length - EMPHASISED_ENDS;
  const groups: AddressRun[][] = [];
  for (let start = 0; start < chars.length; start += GROUP_SIZE) {
    const runs: AddressRun[] = [];
    for (let i = start; i < Math.min(start + GROUP_SIZE, chars.length); i++) {
      const last = runs[runs.length - 1];
      if (last && last.emphasised === emphasised(i)) last.text += chars[i];
      else runs.push({ text: chars[i] ?? '', emphasised: emphasised(i) });
    }
    groups.push(runs);
  }
  return groups;
}

interface FullAddressProps {
  /** As the platform sent it: a non-text value is shown as received and marked. */
  value: unknown;
  /** The copy button's label ("Copy address", "Copy vault address"). */
  copyLabel?: string;
  testId?: string;
}

export function FullAddress({
  value: raw,
  copyLabel = 'Copy address',
  testId = 'full-address',
}: FullAddressProps) {
  const { text, mark } = displayText(raw);
  if (!text) return <span className="muted">—</span>;
  return (
    <span className="full-address" data-testid={testId} data-address={text}>
      {mark ? <RawValueMark kind={mark} /> : null}
      <span className="full-address-groups mono" aria-hidden="true" data-testid={`${testId}-groups`}>
        {addressGroups(text).map((runs, g) => (
          <span className="full-address-group" key={g}>
            {runs.map((run, r) =>
              run.emphasised ? (
                <strong key={r} className="full-address-end">
                  {run.text}
                </strong>
              ) : (
                <span key={r}>{run.text}</span>
              ),
            )}
          </span>
        ))}
      </span>
      <span className="sr-only">{text}</span>
      <CopyButton text={text} label={copyLabel} />
    </span>
  );
}
