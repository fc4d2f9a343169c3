import { displayText } from '../lib/display-text';
import { RawValueMark } from './RawValueMark';

/**
 * Platform text as text; anything else it sent where text was promised (a number, kept with its
 * digits or not, an object) as received with its mark; missing as "—". Never an object as a React
 * child (that throws and takes the tab down).
 */
export function PlatformText({ value }: { value: unknown }) {
  const d = displayText(value);
  return (
    <>
      {d.mark ? <RawValueMark kind={d.mark} /> : null}
      {d.text ?? '—'}
    </>
  );
}
