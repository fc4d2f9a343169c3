/**
 * The console's one decimal configuration (issue 27): every sum, ratio and top-up is computed with
 * this clone of decimal.js, never with decimal.js's default of 20 significant digits, which rounded
 * `123456789012345678.123456789 + 0.000000000000000001` to `…678.12`.
 *
 * 100 significant digits hold any amount the console accepts or reads (30 integer digits and 18
 * decimals need 48; 78-digit token amounts fit too) and the sum of 10^22 of them exactly. A
 * result that would need more is refused by its caller ("too large to total"), never rounded.
 * Half-even rounding where a ratio must be rounded for display.
 */
import Decimal from 'decimal.js';

export const EXACT_PRECISION = 100;

export const Exact = Decimal.clone({ precision: EXACT_PRECISION, rounding: Decimal.ROUND_HALF_EVEN });
