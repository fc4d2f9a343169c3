import { useTimeZoneStore } from '../../state/time-zone';
import { Form, useNow } from '../../components/view-kit';
import { formatTime, TIME_ZONE_LABELS, TIME_ZONE_PREFS, utcOffsetLabel } from '../../lib/format';

/**
 * How every time in the console is shown (issue 29): in UTC, or in this machine's local time with
 * its UTC offset. Either way the zone is written after each time. App-wide, kept on this machine;
 * a choice applies at once (the form has no button).
 */
export function TimeZoneSetting() {
  const zone = useTimeZoneStore((s) => s.zone);
  const setZone = useTimeZoneStore((s) => s.setZone);
  const now = Number(useNow(1000));
  return (
    <section className="time-zone-setting" data-testid="time-zone-setting">
      <h3>Times</h3>
      <Form
        layout="grid"
        aria-label="Times"
        help={
          <>
            Now:{' '}
            <span className="mono" data-testid="time-zone-example">
              {formatTime(now, zone)}
            </span>
            . Date fields read and write days in the same zone (yyyy-mm-dd). Exports keep the platform&apos;s
            values and add an ISO-8601 UTC column.
          </>
        }
        onSubmit={() => undefined}
      >
        <fieldset>
          <legend>Show times in</legend>
          {TIME_ZONE_PREFS.map((z) => (
            <label key={z} className="checkbox">
              <input
                type="radio"
                name="time-zone"
                value={z}
                checked={zone === z}
                data-testid={`time-zone-${z}`}
                onChange={() => setZone(z)}
              />
              {z === 'local' ? `Local time (this machine: ${utcOffsetLabel(now)})` : TIME_ZONE_LABELS[z]}
            </label>
          ))}
        </fieldset>
      </Form>
    </section>
  );
}
