// SWIFT MT940, the customer statement most European banks still export. mt940js splits the file into
// statements and tags, joins each transaction's :86: details and checks each statement (its mandatory
// tags, one currency, opening balance + lines = closing balance). Its amounts are floats rounded to two
// decimals, which is neither exact nor right for a currency of three, so every amount here is read again
// from the tag's own text, in minor units of the account's currency.
import mt940 from 'mt940js';
import { formatMoney } from '../../lib/money.ts';
import {
  bankAmount,
  FileFaults,
  oneAccount,
  type ParsedStatement,
  refuse,
  type StatementLine,
  statementRead,
  type StatementTarget,
  tagLines,
} from './statement-files.ts';

const parser = new mt940.Parser();

/** A :61: statement line: value date, booking date, debit/credit mark, funds code, amount, type, references. */
const STATEMENT_LINE =
  /^(\d{2})(\d{2})(\d{2})(?:(\d{2})(\d{2}))?(R?[DC])([A-Z])?([0-9,]{1,16})([A-Z][A-Z0-9]{3})([^/\n]{0,16})(?:\/\/([^\n]{0,16}))?/;
/** A :60: or :62: balance: mark, date, currency, amount. */
const BALANCE = /^([DC])(\d{2})(\d{2})(\d{2})([A-Z]{3})([0-9,]{1,16})/;

/** MT940 amounts use a decimal comma, which may end them ("100,"). */
const amountOf = (text: string, decimals: number) => bankAmount(text.endsWith(',') ? `${text}0` : text, decimals, ',');
const dateOf = (yy: string, mm: string, dd: string) => `20${yy}-${mm}-${dd}`;

/**
 * The booking date of a :61: line: its entry date (MMDD) when given, in the value date's year, or the
 * next or previous one when the two straddle a year's end; else the value date.
 */
function bookingDate(value: string, month?: string, day?: string): string {
  if (!month || !day) return value;
  const year = Number(value.slice(0, 4));
  const candidates = [year - 1, year, year + 1].map((y) => `${y}-${month}-${day}`);
  const apart = (d: string) => Math.abs(Date.parse(d) - Date.parse(value));
  return candidates.reduce((best, d) => (apart(d) < apart(best) ? d : best));
}

/**
 * What a transaction's :86: says: structured (the German `?20`…`?29` purpose and `?32`/`?33` name, or
 * `/REMI/` and `/NAME/` fields) or free text.
 */
function detailsOf(details: string, structured: Record<string, string> | undefined) {
  if (structured) {
    const purpose = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29']
      .map((k) => structured[k])
      .filter(Boolean)
      .join('');
    const name = [structured['32'], structured['33']].filter(Boolean).join('') || structured.NAME || null;
    const description = purpose || structured.REMI || structured['00'] || details.replace(/\n/g, ' ');
    return { description: description.trim(), counterparty: name?.trim() || null };
  }
  return { description: details.replace(/\n/g, ' ').trim(), counterparty: null };
}

interface Mt940Statement {
  accountIdentification: string;
  currency: string;
  transactions: { details: string; structuredDetails?: Record<string, string> }[];
  tags: { id: number | string; data: string }[];
}

export function readMt940(text: string, decimals: number, target: StatementTarget = {}): ParsedStatement {
  let statements: Mt940Statement[];
  try {
    statements = parser.parse(text.replace(/^\uFEFF/, ''), true) as Mt940Statement[];
  } catch (error) {
    throw refuse(`the MT940 file cannot be read: ${(error as Error).message}`);
  }
  if (statements.length === 0) throw refuse('the file holds no MT940 statement (:20:, :25:, :28C:, :60F:, :61:…, :62F:)');
  const accounts = statements.map((statement) => ({ statement, number: statement.accountIdentification.trim() || null }));
  const chosen = oneAccount(accounts, target);
  const where = tagLines(text, /^:61:/gm);
  const faults = new FileFaults();
  const lines: StatementLine[] = [];
  const currencies = new Set<string>();
  let closing: { balance: bigint; date: string } | null = null;
  let index = 0;
  for (const { statement } of accounts) {
    const taken = chosen.some((c) => c.statement === statement);
    const statementLines = statement.tags.filter((t) => String(t.id) === '61');
    statementLines.forEach((tag, k) => {
      const fileLine = where[index++] ?? 0;
      if (!taken) return;
      const m = STATEMENT_LINE.exec(tag.data);
      if (!m) return faults.add(fileLine, ':61:', 'is not a statement line (date, D or C, amount, type)');
      const [, yy, mm, dd, entryMonth, entryDay, mark, , amountText, , customerReference, bankReference] = m;
      const amount = amountOf(amountText!, decimals);
      if (typeof amount === 'string') return faults.add(fileLine, ':61: amount', amount);
      // C in, D out; a reversal (RC, RD) goes the other way.
      const out = mark!.endsWith('D') !== mark!.startsWith('R');
      const valueDate = dateOf(yy!, mm!, dd!);
      if (Number.isNaN(Date.parse(valueDate))) return faults.add(fileLine, ':61: date', `"${yy}${mm}${dd}" is not a date as YYMMDD`);
      const transaction = statement.transactions[k]!;
      const { description, counterparty } = detailsOf(transaction.details ?? '', transaction.structuredDetails);
      const reference = [bankReference, customerReference].map((r) => r?.trim()).find((r) => r && r !== 'NONREF') ?? null;
      lines.push({
        date: bookingDate(valueDate, entryMonth, entryDay),
        amount: out ? -amount : amount,
        description: description || counterparty || `${mark} ${formatMoney(amount, decimals)}`,
        counterparty,
        reference,
        fileLine,
      });
    });
    if (!taken) continue;
    if (statement.currency) currencies.add(statement.currency.toUpperCase());
    // The closing balance: each statement's :62F: (or :62M:, a part of a long one), the latest of them.
    const close = statement.tags.filter((t) => String(t.id) === '62').at(-1);
    const b = close ? BALANCE.exec(close.data) : null;
    if (b) {
      const amount = amountOf(b[6]!, decimals);
      if (typeof amount === 'string') throw refuse(`:62F: closing balance: ${amount}`);
      const date = dateOf(b[2]!, b[3]!, b[4]!);
      if (!closing || date >= closing.date) closing = { balance: b[1] === 'D' ? -amount : amount, date };
    }
  }
  faults.done();
  return statementRead(lines, currencies, closing, { number: chosen[0]!.number, creditCard: null });
}
