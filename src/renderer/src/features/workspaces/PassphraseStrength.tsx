import type { PassphraseStrength as Strength } from '@shared/passphrase-strength';
import { MIN_PASSPHRASE_SCORE } from '@shared/passphrase-strength';

const LABELS = ['very weak', 'weak', 'fair', 'strong', 'very strong'] as const;

/**
 * zxcvbn's verdict on the passphrase being typed: the same rule the main side enforces, so the
 * operator sees why a passphrase will be refused before submitting it. Shows only the verdict and
 * zxcvbn's generic advice, never the passphrase.
 */
export function PassphraseStrengthMeter({ strength }: { strength: Strength | null }) {
  if (strength === null) return null;
  return (
    <div
      className={`passphrase-strength ${strength.acceptable ? 'ok' : 'weak'}`}
      data-testid="passphrase-strength"
      data-score={strength.score}
      data-acceptable={strength.acceptable}
      aria-live="polite"
    >
      <meter min={0} max={4} low={MIN_PASSPHRASE_SCORE - 0.5} high={3.5} optimum={4} value={strength.score} />{' '}
      <strong>{LABELS[strength.score]}</strong>
      {strength.acceptable ? null : <> · needs “{LABELS[MIN_PASSPHRASE_SCORE]}” or better</>}
      {strength.warning ? (
        <div className="small" data-testid="passphrase-warning">
          {strength.warning}
        </div>
      ) : null}
      {strength.suggestions.length > 0 ? (
        <ul className="small" data-testid="passphrase-suggestions">
          {strength.suggestions.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
