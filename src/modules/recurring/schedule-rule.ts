// When a recurring schedule's occurrences fall. Each occurrence is computed from the start date and its
// index (never from the one before), so a monthly schedule from 31 January with LAST_DAY falls on
// 31 Jan, 28 Feb, 31 Mar, 30 Apr, 31 May: a short month does not pull the later ones back.
import { addDays, LATEST_DATE } from '../../lib/dates.ts';
import type { Checker } from '../../lib/validate.ts';

export const FREQUENCIES = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** What a monthly or yearly schedule does in a month without its day: its last day, or no occurrence that month. */
export const SHORT_MONTH_RULES = ['LAST_DAY', 'SKIP'] as const;
export type ShortMonthRule = (typeof SHORT_MONTH_RULES)[number];

export interface ScheduleRule {
  frequency: Frequency;
  interval: number;
  startDate: string;
  shortMonths: ShortMonthRule | null;
  endDate: string | null;
  maxOccurrences: number | null;
}

/** Occurrences skipped in a row at most (a yearly 29 February with SKIP skips three years). */
const MAX_SKIPPED = 8;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The date of occurrence `index` (0 is the start date), or null when SKIP leaves that month out. */
export function occurrenceDate(rule: Pick<ScheduleRule, 'frequency' | 'interval' | 'startDate' | 'shortMonths'>, index: number) {
  const { frequency, interval, startDate } = rule;
  if (frequency === 'DAY') return addDays(startDate, index * interval);
  if (frequency === 'WEEK') return addDays(startDate, index * interval * 7);
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const months = m - 1 + index * interval * (frequency === 'YEAR' ? 12 : 1);
  const year = y + Math.floor(months / 12);
  const month = (months % 12) + 1;
  const last = daysInMonth(year, month);
  if (d <= last) return `${pad(year, 4)}-${pad(month)}-${pad(d)}`;
  return rule.shortMonths === 'SKIP' ? null : `${pad(year, 4)}-${pad(month)}-${pad(last)}`;
}

/**
 * The first occurrence from index `from` on, given `made` documents so far; null when the schedule has
 * ended (its count made, or past its end date).
 */
export function nextOccurrence(rule: ScheduleRule, from: number, made: number): { index: number; date: string } | null {
  if (rule.maxOccurrences !== null && made >= rule.maxOccurrences) return null;
  for (let index = from; index <= from + MAX_SKIPPED; index++) {
    const date = occurrenceDate(rule, index);
    if (date === null) continue;
    if ((rule.endDate !== null && date > rule.endDate) || date > LATEST_DATE) return null;
    return { index, date };
  }
  return null;
}

/** The first occurrence on or after `day` from index `from` (a resumed schedule skips what fell while it was paused). */
export function nextOccurrenceFrom(rule: ScheduleRule, from: number, made: number, day: string) {
  let next = nextOccurrence(rule, from, made);
  while (next && next.date < day) next = nextOccurrence(rule, next.index + 1, made);
  return next;
}

/** Whether a month or year lacks the start date's day somewhere: then the schedule must say what it does. */
export function needsShortMonthRule(frequency: Frequency, startDate: string) {
  const day = Number(startDate.slice(8, 10));
  if (frequency === 'MONTH') return day > 28;
  if (frequency === 'YEAR') return startDate.slice(5) === '02-29';
  return false;
}

/** Checks a schedule's timing fields on `check` (paths under `at`); answers the rule when they are sound. */
export function checkScheduleRule(
  check: Checker,
  input: {
    frequency?: string | null;
    interval?: number | null;
    startDate?: string | null;
    shortMonths?: string | null;
    endDate?: string | null;
    count?: number | null;
  },
): ScheduleRule | undefined {
  const errors = check.errors.length;
  const frequency = input.frequency as Frequency;
  if (!FREQUENCIES.includes(frequency)) check.fail('frequency', `must be one of ${FREQUENCIES.join(', ')}`);
  const interval = check.integer('interval', input.interval ?? 1, 1, frequency === 'DAY' ? 366 : 100);
  const startDate = check.date('startDate', input.startDate, { required: true });
  const endDate = check.date('endDate', input.endDate) ?? null;
  const count = check.integer('count', input.count, 1, 1000) ?? null;
  const shortMonths = (input.shortMonths ?? null) as ShortMonthRule | null;
  if (shortMonths !== null && !SHORT_MONTH_RULES.includes(shortMonths))
    check.fail('shortMonths', `must be one of ${SHORT_MONTH_RULES.join(', ')}`);
  if (startDate && endDate && endDate < startDate) check.fail('endDate', `must not be before startDate ${startDate}`);
  if (startDate && FREQUENCIES.includes(frequency)) {
    const day = Number(startDate.slice(8, 10));
    const lacking = frequency === 'MONTH' ? 'months lack' : 'years lack (29 February)';
    if (shortMonths === null && needsShortMonthRule(frequency, startDate))
      check.fail(
        'shortMonths',
        `is required: the schedule falls on day ${day}, which some ${lacking}; ` +
          'LAST_DAY makes those on the last day of the month (31 Jan, 28 Feb, 31 Mar), SKIP makes none that month',
      );
    else if (shortMonths !== null && (frequency === 'DAY' || frequency === 'WEEK'))
      check.fail('shortMonths', 'applies to MONTH and YEAR schedules only');
  }
  if (check.errors.length > errors || !startDate) return undefined;
  return { frequency, interval: interval ?? 1, startDate, shortMonths, endDate, maxOccurrences: count };
}
