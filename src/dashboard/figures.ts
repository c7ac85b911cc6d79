// What the dashboard shows, worked out from the API's answers: no DOM here, so it is tested in Node.
// Money arrives as decimal strings ("1234.50"); sums and differences are done in integer minor units
// (BigInt), never in floating point. Numbers appear only for drawing charts.
import type { DashboardFiguresQueryVariables, FeedEventFragment, FiguresFragment } from './generated/graphql.ts';

export const MONTHS = 12;
export type MonthKey = `m${string}`;
const monthKey = (i: number) => `m${String(i + 1).padStart(2, '0')}` as MonthKey;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
/** Days in a month (1-12). */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export interface MonthRange {
  key: MonthKey;
  from: string;
  to: string;
  /** e.g. "2026-11" */
  month: string;
}

/** The twelve calendar months ending with the one `today` (YYYY-MM-DD) falls in, oldest first. */
export function monthRanges(today: string): MonthRange[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: MONTHS }, (_, i) => {
    const back = MONTHS - 1 - i;
    const index = year * 12 + (month - 1) - back;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    return { key: monthKey(i), from: isoDate(y, m, 1), to: isoDate(y, m, daysIn(y, m)), month: `${y}-${pad(m)}` };
  });
}

/** The `$mNNFrom`/`$mNNTo` variables of the Dashboard and DashboardFigures queries. */
export function figuresVariables(today: string): DashboardFiguresQueryVariables {
  const variables: Record<string, string> = {};
  for (const range of monthRanges(today)) {
    variables[`${range.key}From`] = range.from;
    variables[`${range.key}To`] = range.to;
  }
  return variables as DashboardFiguresQueryVariables; // every mNN key of monthRanges, which makes twelve
}

/** Today in the browser's calendar, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

// ---- exact money on decimal strings ----

interface Minor {
  units: bigint;
  decimals: number;
}

export function parseMoney(text: string): Minor {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a money amount: ${text}`);
  const decimals = match[3]?.length ?? 0;
  const units = BigInt(`${match[2]}${match[3] ?? ''}`);
  return { units: match[1] ? -units : units, decimals };
}

function formatMinor({ units, decimals }: Minor): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = decimals ? digits.slice(0, -decimals) : digits;
  return `${negative ? '-' : ''}${whole}${decimals ? `.${digits.slice(-decimals)}` : ''}`;
}

const rescale = (m: Minor, decimals: number) => m.units * 10n ** BigInt(decimals - m.decimals);

/** a + b + … of decimal strings, exactly, at the largest number of decimals among them. */
export function addMoney(...amounts: string[]): string {
  const parsed = amounts.map(parseMoney);
  const decimals = Math.max(0, ...parsed.map((p) => p.decimals));
  return formatMinor({ units: parsed.reduce((sum, p) => sum + rescale(p, decimals), 0n), decimals });
}

export function subtractMoney(a: string, b: string): string {
  const negated = b.startsWith('-') ? b.slice(1) : `-${b}`;
  return addMoney(a, negated);
}

/** Change from `before` to `after` in whole percent; null when `before` is zero. */
export function percentChange(before: string, after: string): number | null {
  const b = parseMoney(before);
  const a = parseMoney(after);
  const decimals = Math.max(a.decimals, b.decimals);
  const base = rescale(b, decimals);
  if (base === 0n) return null;
  const diff = rescale(a, decimals) - base;
  // Rounded half away from zero, in integers.
  const scaled = (diff * 200n) / (base < 0n ? -base : base);
  return Number(scaled >= 0n ? (scaled + 1n) / 2n : (scaled - 1n) / 2n);
}

// ---- the dashboard's figures ----

export const AGE_BUCKETS = [
  { field: 'current', label: 'Not yet due' },
  { field: 'days1to30', label: '1–30 days' },
  { field: 'days31to60', label: '31–60 days' },
  { field: 'days61to90', label: '61–90 days' },
  { field: 'over90', label: 'Over 90 days' },
] as const;

/** Asset accounts that hold money: what a payment may be deposited into. */
const CASH_SUBTYPES = new Set(['bank', 'cash']);

/** What is owed (to us, or by us) and how overdue, from an aged report's totals. */
interface Aging {
  outstanding: string;
  overdue: string;
  buckets: { label: string; amount: string }[];
}

function aging(totals: FiguresFragment['agedReceivables']['totals']): Aging {
  return {
    outstanding: totals.total,
    overdue: subtractMoney(totals.total, totals.current),
    buckets: AGE_BUCKETS.map((bucket) => ({ label: bucket.label, amount: totals[bucket.field] })),
  };
}

export interface Summary {
  organization: string;
  currency: string;
  receivables: Aging;
  payables: Aging;
  revenue: { thisMonth: string; lastMonth: string; change: number | null; byMonth: { month: string; amount: string }[] };
  cash: { total: string; accounts: { name: string; amount: string }[] };
  invoices: FiguresFragment['invoices']['edges'][number]['node'][];
  journalEntries: FiguresFragment['journalEntries']['edges'][number]['node'][];
}

export function summarize(figures: FiguresFragment, today: string): Summary {
  const byMonth = monthRanges(today).map((range) => ({
    month: range.month,
    amount: (figures[range.key as keyof FiguresFragment] as { income: { total: string } }).income.total,
  }));
  const thisMonth = byMonth[MONTHS - 1]!.amount;
  const lastMonth = byMonth[MONTHS - 2]!.amount;
  const cashRows = figures.balanceSheet.assets.rows.filter((row) => CASH_SUBTYPES.has(row.account.subtype ?? ''));
  return {
    organization: figures.viewer.organization.name,
    currency: figures.viewer.organization.baseCurrency,
    receivables: aging(figures.agedReceivables.totals),
    payables: aging(figures.agedPayables.totals),
    revenue: { thisMonth, lastMonth, change: percentChange(lastMonth, thisMonth), byMonth },
    cash: {
      total: cashRows.length ? addMoney(...cashRows.map((row) => row.amount)) : '0',
      accounts: cashRows.map((row) => ({ name: row.account.name, amount: row.amount })),
    },
    invoices: figures.invoices.edges.map((edge) => edge.node),
    journalEntries: figures.journalEntries.edges.map((edge) => edge.node),
  };
}

// ---- the live feed ----

export interface FeedItem {
  id: string;
  sequence: number;
  type: string;
  createdAt: string;
  /** One line a person reads: "Invoice INV-0007 created". */
  title: string;
  /** What it is about, e.g. "Acme Ltd · 120.00", or "" */
  detail: string;
  /** A money amount to show formatted, when the event has one. */
  amount: number | null;
}

const VERBS: Record<string, string> = {
  created: 'created',
  updated: 'updated',
  finalized: 'finalized',
  payment_recorded: 'payment recorded',
  paid: 'paid in full',
  voided: 'voided',
  reversed: 'reversed',
  disabled: 'disabled',
  enabled: 'enabled',
  secret_rotated: 'secret rotated',
  test: 'test',
  revoked: 'revoked',
  rolled: 'rolled',
  applied: 'applied',
  refunded: 'refunded',
  credit_applied: 'credit applied',
};

// Only the nouns the resource's name does not spell: every other resource, documents a module adds
// included, is read from its name (`sales_receipt` → "Sales receipt").
const NOUNS: Record<string, string> = {
  webhook_subscription: 'Webhook',
  api_key: 'API key',
};

/** A resource no noun is written for yet, as a person reads it: `bank_account` → "Bank account". */
const nounOf = (resource: string) => NOUNS[resource] ?? resource.charAt(0).toUpperCase() + resource.slice(1).replace(/_/g, ' ');

type EventObject = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const amountOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A document of any kind (invoice, bill, credit note, receipt, estimate, …) in the feed: by its number and total. */
function documentParts(object: EventObject, action: string, money: (amount: number) => string) {
  if (action === 'payment_recorded') {
    // The object is the document after the payment: what has been paid in all, and what is left.
    const paid = amountOf(object.amountPaid);
    const due = amountOf(object.amountDue);
    const detail = paid !== null && due !== null ? `${money(paid)} paid so far, ${money(due)} still due` : '';
    return { name: text(object.number), detail, amount: null };
  }
  return { name: text(object.number), detail: object.kind === 'refund' ? 'refund' : '', amount: amountOf(object.total) };
}

/** `money` formats an amount of the event's object (a number in the REST shape) for the detail line. */
export function feedItem(event: FeedEventFragment, money: (amount: number) => string = String): FeedItem {
  const [resource = '', action = ''] = event.type.split('.');
  const object: EventObject = (event.data as { object?: EventObject } | null)?.object ?? {};
  const noun = nounOf(resource);
  const verb = VERBS[action] ?? action.replace(/_/g, ' ');
  let name = '';
  let detail = '';
  let amount: number | null = null;
  switch (resource) {
    case 'journal_entry':
      name = object.number === undefined ? '' : `#${text(object.number)}`;
      detail = text(object.description);
      amount = amountOf(object.totalAmount);
      break;
    case 'account':
      name = [text(object.code), text(object.name)].filter(Boolean).join(' ');
      break;
    case 'employee':
      name = [text(object.firstName), text(object.lastName)].filter(Boolean).join(' ') || text(object.name);
      break;
    default:
      if (typeof object.number === 'string') ({ name, detail, amount } = documentParts(object, action, money));
      else name = text(object.name) || text(object.url);
  }
  return {
    id: event.id,
    sequence: event.sequence,
    type: event.type,
    createdAt: event.createdAt,
    title: [noun, name, verb].filter(Boolean).join(' '),
    detail,
    amount,
  };
}

/**
 * The feed after `incoming` arrive: newest first, each event once (a replay after a reconnect may
 * repeat what was already shown), at most `limit` items.
 */
export function mergeFeed(feed: readonly FeedItem[], incoming: readonly FeedItem[], limit = 30): FeedItem[] {
  const seen = new Set(feed.map((item) => item.id));
  const fresh = incoming.filter((item) => !seen.has(item.id) && (seen.add(item.id), true));
  return [...fresh, ...feed].sort((a, b) => b.sequence - a.sequence).slice(0, limit);
}
