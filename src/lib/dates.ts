// Calendar dates are YYYY-MM-DD strings: no time zone can move them and they sort as text.

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The days the API takes, for every date and date-time on both surfaces: wide enough for any company's
 * books and for expiries, narrow enough that every database stores them and date arithmetic (a year
 * end, the day after a period) never leaves the calendar JavaScript and PostgreSQL share.
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2999-12-31';
export const DATE_RANGE = `from ${EARLIEST_DATE} to ${LATEST_DATE}`;
const EARLIEST_MOMENT = Date.parse(`${EARLIEST_DATE}T00:00:00Z`);
const AFTER_LATEST_MOMENT = Date.parse(`${LATEST_DATE}T00:00:00Z`) + 86_400_000;

/** A real calendar date within the range the API takes. */
export const isAcceptedDate = (value: string) => isCalendarDate(value) && value >= EARLIEST_DATE && value <= LATEST_DATE;

/** A moment within the days the API takes. */
export const isAcceptedMoment = (date: Date) => date.getTime() >= EARLIEST_MOMENT && date.getTime() < AFTER_LATEST_MOMENT;

/** The later of two calendar dates (YYYY-MM-DD compares as text). */
export const laterDate = (a: string, b: string) => (a < b ? b : a);

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** The calendar date `days` after `date` (YYYY-MM-DD, the API's years; before when negative). */
export function addDays(date: string, days: number): string {
  // Read from the Date's own fields: formatting a whole ISO moment and cutting it made this a report's hottest helper.
  const moved = new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10) + days));
  return `${moved.getUTCFullYear()}-${twoDigits(moved.getUTCMonth() + 1)}-${twoDigits(moved.getUTCDate())}`;
}

const DAY_MS = 86_400_000;
/** The UTC day last asked for without a date, and its bounds: rendering a document asks once per document. */
let kept = { from: 0, until: 0, day: '' };

/** The UTC calendar date of `now` (the clock's, when not given). */
export function today(now?: Date): string {
  if (now) return now.toISOString().slice(0, 10);
  const at = Date.now();
  if (at < kept.from || at >= kept.until) {
    const from = Math.floor(at / DAY_MS) * DAY_MS;
    kept = { from, until: from + DAY_MS, day: new Date(at).toISOString().slice(0, 10) };
  }
  return kept.day;
}

/** A fiscal year end as MM-DD: a day every year has (so not 02-29; a year ending with February ends 02-28). */
export function isFiscalYearEnd(value: string): boolean {
  return /^\d{2}-\d{2}$/.test(value) && isCalendarDate(`2025-${value}`);
}

/**
 * The first day of the fiscal year `date` falls in, for a year ending each `fiscalYearEnd` (MM-DD): the
 * day after the latest year end before `date`. 12-31: 1 January of the date's year.
 */
export function fiscalYearStart(date: string, fiscalYearEnd: string): string {
  const year = Number(date.slice(0, 4));
  const endThisYear = `${year}-${fiscalYearEnd}`;
  return addDays(date > endThisYear ? endThisYear : `${year - 1}-${fiscalYearEnd}`, 1);
}
