// Small checks services use to build one list of field errors per request. Each returns the cleaned
// value (or undefined when absent) and records a FieldError when the value is bad.
import { DATE_RANGE, isAcceptedDate } from './dates.ts';
import { type FieldError, validationError } from './errors.ts';
import { isCurrencyCode, isFieldError, parseMoney, parsePercent } from './money.ts';

export class Checker {
  readonly errors: FieldError[] = [];

  fail(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  /** Throws one VALIDATION_FAILED listing every problem found, if any. */
  done(): void {
    if (this.errors.length) throw validationError(this.errors);
  }

  text(
    path: string,
    value: string | null | undefined,
    options: { required?: boolean; max?: number; pattern?: RegExp; patternHint?: string } = {},
  ): string | null | undefined {
    if (value === undefined) {
      if (options.required) this.fail(path, 'is required');
      return undefined;
    }
    if (value === null) {
      if (options.required) this.fail(path, 'is required');
      return null;
    }
    const trimmed = value.trim();
    if (!trimmed) {
      if (options.required) this.fail(path, 'must not be empty');
      return null;
    }
    const max = options.max ?? 500;
    // Characters as people count them (code points): an emoji is one, not two UTF-16 units.
    if ([...trimmed].length > max) this.fail(path, `must be at most ${max} characters`);
    else if (options.pattern && !options.pattern.test(trimmed)) this.fail(path, options.patternHint ?? 'has an invalid format');
    return trimmed;
  }

  email(path: string, value: string | null | undefined): string | null | undefined {
    return this.text(path, value, {
      max: 254,
      pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
      patternHint: 'must be an email address such as name@example.com',
    });
  }

  /** An ISO 4217 currency code, upper-cased (`eur` is EUR); undefined when not given or refused. */
  currency(path: string, value: string | null | undefined, options: { required?: boolean } = {}): string | undefined {
    const code = this.text(path, value, { required: options.required, max: 3 })?.toUpperCase();
    if (!code) return undefined;
    if (!isCurrencyCode(code)) {
      this.fail(path, `"${value}" is not an ISO 4217 currency code (such as EUR)`);
      return undefined;
    }
    return code;
  }

  date(path: string, value: string | null | undefined, options: { required?: boolean } = {}): string | null | undefined {
    const text = this.text(path, value, { required: options.required, max: 10 });
    if (text && !isAcceptedDate(text)) {
      this.fail(path, `must be a real calendar date as YYYY-MM-DD ${DATE_RANGE}`);
      return undefined;
    }
    return text;
  }

  integer(path: string, value: number | null | undefined, min: number, max: number): number | null | undefined {
    if (value === undefined || value === null) return value;
    if (!Number.isInteger(value) || value < min || value > max) this.fail(path, `must be a whole number from ${min} to ${max}`);
    return value;
  }

  /** Money in minor units; undefined/null pass through. */
  money(
    path: string,
    value: string | number | null | undefined,
    decimals: number,
    options: { required?: boolean; allowNegative?: boolean } = {},
  ): bigint | null | undefined {
    if (value === undefined || value === null) {
      if (options.required) this.fail(path, 'is required');
      return value as null | undefined;
    }
    const parsed = parseMoney(value, decimals, path, options);
    if (isFieldError(parsed)) {
      this.errors.push(parsed);
      return undefined;
    }
    return parsed;
  }

  /** A percentage as parts per million. */
  percent(path: string, value: string | number | null | undefined): number | null | undefined {
    if (value === undefined || value === null) return value as null | undefined;
    const parsed = parsePercent(value, path);
    if (isFieldError(parsed)) {
      this.errors.push(parsed);
      return undefined;
    }
    return parsed;
  }
}
