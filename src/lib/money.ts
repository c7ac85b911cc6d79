// Money is integer minor units (bigint) inside; decimal strings (GraphQL) or JSON numbers (REST) at the
// edges. Parsing never goes through a float: the text is split into whole and fraction digits.
import type { FieldError } from './errors.ts';

const decimalsCache = new Map<string, number>();

export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    return Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return false;
  }
}

/** Minor-unit digits of a currency (USD 2, JPY 0, KWD 3), from the ICU data Node ships. */
export function currencyDecimals(currency: string): number {
  let decimals = decimalsCache.get(currency);
  if (decimals === undefined) {
    decimals = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    decimalsCache.set(currency, decimals);
  }
  return decimals;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal amount into minor units. Returns a FieldError instead of rounding when the value
 * has more decimals than the currency allows, or is not a plain decimal number.
 */
export function parseMoney(value: unknown, decimals: number, path: string, options: { allowNegative?: boolean } = {}): bigint | FieldError {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { path, message: 'must be a finite number' };
    // The shortest text that round-trips the double, e.g. 10.1 -> "10.1"; exponents are refused below.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return { path, message: 'must be a decimal amount such as "12.50"' };
  }
  const match = DECIMAL.exec(text);
  if (!match) return { path, message: `must be a decimal amount such as "12.50", got ${JSON.stringify(value)}` };
  const [, minus, whole, fraction = ''] = match;
  if (minus && !options.allowNegative) return { path, message: 'must not be negative' };
  const trimmedFraction = fraction.replace(/0+$/, '');
  if (trimmedFraction.length > decimals) {
    return {
      path,
      message: decimals === 0 ? 'must be a whole amount in this currency' : `must have at most ${decimals} decimals in this currency`,
    };
  }
  // 13 whole digits (ten trillion) keeps every sum of an entry or invoice inside a signed 64-bit column.
  if (whole.replace(/^0+/, '').length > 13) return { path, message: 'is too large (at most 13 digits before the decimal point)' };
  const minor = BigInt(whole + trimmedFraction.padEnd(decimals, '0'));
  return minus ? -minor : minor;
}

export function formatMoney(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const fraction = decimals === 0 ? '' : `.${digits.slice(-decimals)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

export function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'path' in value && 'message' in value;
}

/** Parses a percentage ("8.875", 8.875) into parts per million (88750); at most 4 decimals, 0 to 100. */
export function parsePercent(value: unknown, path: string): number | FieldError {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text);
  if (!match)
    return { path, message: `must be a percentage from 0 to 100 with at most 4 decimals, such as "8.875", got ${JSON.stringify(value)}` };
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  if (ppm > 1_000_000) return { path, message: 'must not exceed 100' };
  return ppm;
}

export function formatPercent(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const fraction = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Minor units as the JSON number REST v1 speaks (exact: at most the currency's decimals). */
export const moneyNumber = (minor: bigint, decimals: number): number => Number(formatMoney(minor, decimals));

/**
 * Converts `minor` units of a currency with `fromDecimals` into minor units of one with `toDecimals` at
 * `rate` (exact decimal text: units of the second per one unit of the first), rounded half away from
 * zero, once, on the exact product: 100.00 EUR at 1.1034 is 110.34 USD; ¥1,000 at 0.006712 is 6.71 USD.
 */
export function convertMoney(minor: bigint, rate: string, fromDecimals: number, toDecimals: number): bigint {
  const [whole, fraction = ''] = rate.split('.');
  const numerator = minor * BigInt(whole + fraction) * 10n ** BigInt(toDecimals);
  const denominator = 10n ** BigInt(fraction.length + fromDecimals);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}
