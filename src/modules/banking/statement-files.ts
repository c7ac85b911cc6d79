// Reading the files banks give: CSV (laid out as the upload says), OFX/QFX (SGML 1.x without closing
// tags, or XML 2.x) and ISO 20022 CAMT.053 (and its siblings .052 and .054, which carry the same
// entries). Each becomes the same list of lines (date, amount in minor units of the account's currency,
// money in > 0, description, counterparty, the bank's own id), plus the closing balance when the file
// states one and the account the file says it is for. A file with any bad line is refused whole, every
// bad line named (its line number in the file, and the field), so nothing is half imported; and every
// transaction the file holds is read or the file is refused: nothing is dropped without a word. This
// file holds what every reader shares (the line, amounts, dates, faults, hostile XML); each format has its
// own: statement-csv.ts, statement-ofx.ts, statement-camt.ts, statement-mt940.ts.
import { createHash } from 'node:crypto';
import { isAcceptedDate } from '../../lib/dates.ts';
import { type FieldError, validationError } from '../../lib/errors.ts';
import { isFieldError, parseMoney } from '../../lib/money.ts';
import { escapeMarkup } from '../../lib/text.ts';

export const STATEMENT_FORMATS = ['csv', 'ofx', 'camt053', 'mt940'] as const;

export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** Most lines one file may hold (a year of a busy account); larger histories come in several files. */
export const MAX_STATEMENT_LINES = 100_000;

export interface StatementLine {
  date: string;
  amount: bigint;
  description: string;
  counterparty: string | null;
  /** The bank's id of the line (OFX FITID, CAMT entry reference), when it gives one. */
  reference: string | null;
  /** Where the line is in the file (1-based), for messages. */
  fileLine: number;
}

export interface ParsedStatement {
  lines: StatementLine[];
  currency: string | null;
  closingBalance: bigint | null;
  closingDate: string | null;
  /**
   * The account the file says it is for: its number or IBAN as written (OFX ACCTID, CAMT IBAN or other
   * id), and whether it is a credit card's statement (OFX CCSTMTRS); null where the format does not say.
   */
  account: { number: string | null; creditCard: boolean | null };
}

/** What picks one account's statement from a file that holds several: the bank account's last four digits. */
export interface StatementTarget {
  accountLast4?: string | null;
}

/** The last four characters of an account number or IBAN as people write it (spaces, dashes dropped), as a bank account keeps them. */
export const lastFourOf = (number: string) =>
  number
    .replace(/[^0-9A-Za-z]/g, '')
    .slice(-4)
    .toUpperCase();

const masked = (number: string) => `••••${lastFourOf(number) || number}`;

/**
 * The one statement of `statements` (in file order, each with the account it names) the import is for:
 * the only one, the one whose account ends in the target's four digits, or a refusal naming the accounts.
 * Statements of the same account (a file of daily statements) are all taken.
 */
export function oneAccount<T extends { number: string | null }>(statements: T[], target: StatementTarget): T[] {
  const accounts = [...new Set(statements.map((s) => s.number ?? ''))];
  if (accounts.length <= 1) return statements;
  const wanted = target.accountLast4 ? accounts.filter((a) => a && lastFourOf(a) === target.accountLast4!.toUpperCase()) : [];
  if (wanted.length === 1) return statements.filter((s) => (s.number ?? '') === wanted[0]);
  const listed = accounts.map((a) => (a ? masked(a) : 'one without a number')).join(', ');
  if (!target.accountLast4)
    throw refuse(
      `the file holds statements for ${accounts.length} accounts (${listed}): give this bank account its account number ` +
        '(accountNumber) and the statement for it is read from the file',
    );
  throw refuse(`the file holds statements for ${listed}, none (or more than one) for this bank account (••••${target.accountLast4})`);
}

export const CSV_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YYYY',
  'DD-MM-YYYY',
  'YYYY/MM/DD',
  'YYYYMMDD',
  'DD/MM/YY',
  'MM/DD/YY',
  'DD.MM.YY',
  'DD-MM-YY',
] as const;

export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

/**
 * How a bank's CSV is laid out, given with the upload and remembered per bank account: which column
 * holds the date, the amount (signed; or unsigned with a column saying which way; or a debit and a credit
 * column), the description, and optionally the counterparty, the bank's reference, the running balance
 * and the currency; the date format; the decimal separator; the delimiter; the lines of preamble before
 * the header and of totals after the last row; whether there is a header at all (without one, columns
 * are named by number, 1 the first); and whether the signs are a card's (purchases positive).
 */
export interface CsvLayout {
  /** The name it is saved under for the organization's accounts (csv-layouts.ts), if any. */
  name?: string | null;
  dateColumn: string;
  amountColumn?: string | null;
  /** With amountColumn: the column saying whether money came in or went out (CSV_DIRECTIONS). */
  directionColumn?: string | null;
  debitColumn?: string | null;
  creditColumn?: string | null;
  descriptionColumn: string;
  counterpartyColumn?: string | null;
  referenceColumn?: string | null;
  balanceColumn?: string | null;
  currencyColumn?: string | null;
  dateFormat: CsvDateFormat;
  decimalSeparator: '.' | ',';
  delimiter: string;
  skipLines: number;
  footerLines?: number;
  hasHeader?: boolean;
  /** The file writes money out as positive (a credit card's purchases): every amount's sign is turned. */
  invertSign?: boolean;
}

/** What banks write in a debit/credit indicator column, read without regard to case. */
export const CSV_DIRECTIONS = {
  in: ['CR', 'C', 'CREDIT', 'CRDT', 'H', 'HABEN', 'IN', 'DEPOSIT', '+'],
  out: ['DR', 'D', 'DEBIT', 'DBIT', 'S', 'SOLL', 'OUT', 'WITHDRAWAL', '-'],
} as const;

/** What a reader answers: its lines in at most one currency (else the file is refused), the closing balance, the account. */
export function statementRead(
  lines: StatementLine[],
  currencies: Set<string>,
  closing: { balance: bigint; date: string | null } | null,
  account: ParsedStatement['account'],
): ParsedStatement {
  if (currencies.size > 1) throw refuse(`the file mixes currencies (${[...currencies].join(', ')}): import one account at a time`);
  return {
    lines,
    currency: [...currencies][0] ?? null,
    closingBalance: closing?.balance ?? null,
    closingDate: closing?.date ?? null,
    account,
  };
}

/** Collects the faults of a file, each naming its line and field; throws them all at once. */
export class FileFaults {
  readonly faults: FieldError[] = [];
  add(line: number, field: string, message: string) {
    if (this.faults.length < 50) this.faults.push({ path: 'file', message: `line ${line}, ${field}: ${message}` });
  }
  done() {
    if (this.faults.length) throw validationError(this.faults);
  }
}

export const refuse = (message: string) => validationError([{ path: 'file', message }]);

/**
 * An amount as banks write it, in minor units of `decimals`: thousands separators and spaces dropped, the
 * decimal separator given, a sign before or after, or parentheses for money out.
 */
export function bankAmount(text: string, decimals: number, decimalSeparator: '.' | ','): bigint | string {
  // Escapes for ’ € £ ¥: a non-ASCII character left in the bundle makes V8 keep all its source at two bytes a character.
  let t = text.trim().replace(/[\s\u00a0'\u2019$\u20ac\u00a3\u00a5]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(t)) [negative, t] = [true, t.slice(1, -1)];
  if (t.endsWith('-')) [negative, t] = [!negative, t.slice(0, -1)];
  if (t.startsWith('-')) [negative, t] = [!negative, t.slice(1)];
  else if (t.startsWith('+')) t = t.slice(1);
  const thousands = decimalSeparator === '.' ? ',' : '.';
  t = t.split(thousands).join('');
  if (decimalSeparator === ',') t = t.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return `"${text.trim()}" is not an amount (decimal separator "${decimalSeparator}")`;
  const parsed = parseMoney(t, decimals, 'amount');
  if (isFieldError(parsed)) return `"${text.trim()}" ${parsed.message}`;
  return negative ? -parsed : parsed;
}

/** A date in `format` as YYYY-MM-DD; a string saying why not otherwise. Days and months may have one digit. */
export function bankDate(text: string, format: CsvDateFormat): string | undefined {
  const t = text.trim();
  const pattern = {
    'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
    'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
    'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
    'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
    'DD-MM-YYYY': /^(?<d>\d{1,2})-(?<m>\d{1,2})-(?<y>\d{4})$/,
    'YYYY/MM/DD': /^(?<y>\d{4})\/(?<m>\d{1,2})\/(?<d>\d{1,2})$/,
    YYYYMMDD: /^(?<y>\d{4})(?<m>\d{2})(?<d>\d{2})/,
    'DD/MM/YY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{2})$/,
    'MM/DD/YY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{2})$/,
    'DD.MM.YY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{2})$/,
    'DD-MM-YY': /^(?<d>\d{1,2})-(?<m>\d{1,2})-(?<y>\d{2})$/,
  }[format];
  const g = pattern.exec(t)?.groups;
  if (!g) return undefined;
  // Two-digit years as POSIX reads them (strptime %y): 69 and before are this century, 70 on the last.
  const year = g.y!.length === 2 ? `${Number(g.y) < 70 ? '20' : '19'}${g.y}` : g.y;
  const date = `${year}-${g.m!.padStart(2, '0')}-${g.d!.padStart(2, '0')}`;
  return isAcceptedDate(date) ? date : undefined;
}

/**
 * The line number of each match of `tag` in the text, in order (OFX and CAMT parsers keep none): one pass,
 * counting the newlines between one match and the next, so a file of any length costs its length once.
 */
export function tagLines(text: string, tag: RegExp): number[] {
  const lines: number[] = [];
  let line = 1;
  let counted = 0;
  for (const m of text.matchAll(tag)) {
    for (let i = text.indexOf('\n', counted); i !== -1 && i < m.index; i = text.indexOf('\n', i + 1)) line++;
    counted = m.index;
    lines.push(line);
  }
  return lines;
}

/**
 * The text with its XML comments taken out (each replaced by its newlines, so line numbers stay) and its
 * CDATA sections written as escaped text: what OFX's own reading (ofxToXml) and the line numbering need,
 * since a comment is not data (`<!-- <STMTTRN>… -->` is no transaction) and CDATA is. One pass with
 * indexOf: linear whatever the file holds. An unclosed comment or CDATA section refuses the file.
 */
export function withoutCommentsAndCdata(text: string): string {
  if (!text.includes('<!--') && !text.includes('<![CDATA[')) return text;
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const comment = text.indexOf('<!--', at);
    const cdata = text.indexOf('<![CDATA[', at);
    const next = comment < 0 ? cdata : cdata < 0 ? comment : Math.min(comment, cdata);
    if (next < 0) break;
    out.push(text.slice(at, next));
    if (next === comment) {
      const end = text.indexOf('-->', next + 4);
      if (end < 0) throw refuse('an XML comment (<!--) is never closed (-->)');
      out.push(text.slice(next, end).replace(/[^\n]/g, ''));
      at = end + 3;
    } else {
      const end = text.indexOf(']]>', next + 9);
      if (end < 0) throw refuse('a CDATA section (<![CDATA[) is never closed (]]>)');
      out.push(escapeMarkup(text.slice(next + 9, end)));
      at = end + 3;
    }
  }
  out.push(text.slice(at));
  return out.join('');
}

/** Deepest nesting a statement's XML needs (CAMT.053 reaches about 12; OFX about 8). */
const MAX_XML_DEPTH = 64;

/**
 * Refuses what no bank file needs and a parser should never be handed: a document type declaration
 * (entities, external references) and nesting past MAX_XML_DEPTH. One linear pass over the tags, before
 * any parser runs, so a hostile file is turned away fast.
 */
export function refuseHostileXml(text: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw refuse('the file declares a document type or entities (<!DOCTYPE>, <!ENTITY>); bank statements need neither, so it is not read');
  let depth = 0;
  for (const m of text.matchAll(/<(\/?)([A-Za-z_][^\s/<>]*)[^<>]*?(\/?)>/g)) {
    if (m[1]) depth--;
    else if (!m[3] && ++depth > MAX_XML_DEPTH)
      throw refuse(`the XML nests deeper than ${MAX_XML_DEPTH} elements; no bank statement does, so it is not read`);
  }
}

export const clean = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

export const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The parts of a file's tree the readers use, as fast-xml-parser gives them (text left as text; the tags
 * each parser lists always arrays). The tree is whatever the bank wrote, so every part is optional, and a
 * leaf where an aggregate belongs reads as absent (a string has none of these properties).
 */
export type XmlLeaf = string | undefined;

/**
 * What recognizes a line imported again: the bank's own id when it gives one; otherwise its fingerprint,
 * the date, amount, description and counterparty, with how many identical lines came before it in the
 * same file (two equal coffees on one day are two lines; the same file imported twice adds neither).
 */
export function dedupeKeys(lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    if (line.reference) return `ref:${line.reference}`;
    const print = createHash('sha256')
      .update([line.date, line.amount, line.description.toLowerCase(), (line.counterparty ?? '').toLowerCase()].join('\u0000'))
      .digest('hex')
      .slice(0, 32);
    const n = (seen.get(print) ?? 0) + 1;
    seen.set(print, n);
    return `fp:${print}#${n}`;
  });
}

export const fileHash = (text: string) => createHash('sha256').update(text).digest('hex');
