// Reading the files banks give: CSV (laid out as the upload says), OFX/QFX (SGML 1.x without closing
// tags, or XML 2.x) and ISO 20022 CAMT.053 (and its siblings .052 and .054, which carry the same
// entries). Each becomes the same list of lines (date, amount in minor units of the account's currency,
// money in > 0, description, counterparty, the bank's own id), plus the closing balance when the file
// states one and the account the file says it is for. A file with any bad line is refused whole, every
// bad line named (its line number in the file, and the field), so nothing is half imported; and every
// transaction the file holds is read or the file is refused: nothing is dropped without a word.
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isAcceptedDate } from '../../lib/dates.ts';
import { AppError, type FieldError, validationError } from '../../lib/errors.ts';
import { formatMoney, isFieldError, parseMoney } from '../../lib/money.ts';
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

const clean = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** OFX dates: YYYYMMDD, then optionally the time and zone (`20261105120000[-5:EST]`); the date is the bank's. */
const ofxDate = (value: unknown) => bankDate(clean(value).slice(0, 8), 'YYYYMMDD');

/**
 * OFX 1.x is SGML: a leaf element's closing tag may be left out (`<TRNAMT>-15.00<FITID>…`). This makes
 * it XML in one pass: a tag followed by text is a leaf, closed at once (its closing tag, if the bank wrote
 * one, dropped); a tag followed by a tag opens an aggregate. OFX 2.x (XML already) passes through the
 * same pass unchanged. Written here rather than taken from an OFX parser: the one on npm converts with
 * regular expressions that backtrack exponentially on a long tag name, which a single upload could use
 * to stall the server.
 */
export function ofxToXml(text: string): string {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw refuse('the OFX file has no <OFX> body');
  const out: string[] = [];
  const token = /<(\/?)([A-Za-z0-9_.]{1,64})>([^<]*)/g;
  const xmlText = (value: string) => value.trim().replace(/&(?!(?:amp|lt|gt|quot|apos|#\d+);)/g, '&amp;');
  const body = text.slice(start);
  let skipClose: string | null = null;
  for (let m = token.exec(body); m; m = token.exec(body)) {
    const [, closing, name, after] = m;
    if (closing) {
      if (skipClose === name) skipClose = null;
      else out.push(`</${name}>`);
    } else if (after!.trim()) {
      out.push(`<${name}>${xmlText(after!)}</${name}>`);
      skipClose = name!;
    } else {
      out.push(`<${name}>`);
      skipClose = null;
    }
  }
  return out.join('');
}

/**
 * The parts of a file's tree the readers use, as fast-xml-parser gives them (text left as text; the tags
 * each parser lists always arrays). The tree is whatever the bank wrote, so every part is optional, and a
 * leaf where an aggregate belongs reads as absent (a string has none of these properties).
 */
type XmlLeaf = string | undefined;

interface OfxStatus {
  CODE?: XmlLeaf;
  SEVERITY?: XmlLeaf;
  MESSAGE?: XmlLeaf;
}
interface OfxTransaction {
  DTPOSTED?: XmlLeaf;
  TRNAMT?: XmlLeaf;
  NAME?: XmlLeaf;
  PAYEE?: { NAME?: XmlLeaf };
  MEMO?: XmlLeaf;
  FITID?: XmlLeaf;
}
interface OfxStatement {
  BANKTRANLIST?: { STMTTRN?: OfxTransaction[] }[];
  LEDGERBAL?: { BALAMT?: XmlLeaf; DTASOF?: XmlLeaf };
  CURDEF?: XmlLeaf;
  BANKACCTFROM?: { ACCTID?: XmlLeaf };
  CCACCTFROM?: { ACCTID?: XmlLeaf };
}
/** A statement response: the statement, or the bank's STATUS saying why there is none. */
interface OfxResponse {
  STATUS?: OfxStatus;
  STMTRS?: OfxStatement;
  CCSTMTRS?: OfxStatement;
}
interface OfxFile {
  OFX?: {
    SIGNONMSGSRSV1?: { SONRS?: { STATUS?: OfxStatus } };
    BANKMSGSRSV1?: { STMTTRNRS?: OfxResponse[] };
    CREDITCARDMSGSRSV1?: { CCSTMTTRNRS?: OfxResponse[] };
    INVSTMTMSGSRSV1?: unknown;
  };
}

/** A CAMT amount: `<Amt Ccy="EUR">12.50</Amt>` (attributes prefixed `@`), or its bare text. */
type CamtAmountValue = XmlLeaf | { '#text'?: XmlLeaf; '@Ccy'?: XmlLeaf };
interface CamtDate {
  Dt?: XmlLeaf;
  DtTm?: XmlLeaf;
}
interface CamtParty {
  Nm?: XmlLeaf;
  Pty?: { Nm?: XmlLeaf };
}
interface CamtTransaction {
  Amt?: CamtAmountValue;
  AmtDtls?: { TxAmt?: { Amt?: CamtAmountValue } };
  RltdPties?: { Dbtr?: CamtParty; Cdtr?: CamtParty };
  Refs?: { AcctSvcrRef?: XmlLeaf; EndToEndId?: XmlLeaf; TxId?: XmlLeaf };
  RmtInf?: { Ustrd?: XmlLeaf[] };
  AddtlTxInf?: XmlLeaf;
}
interface CamtEntry {
  Amt?: CamtAmountValue;
  CdtDbtInd?: XmlLeaf;
  Sts?: XmlLeaf | { Cd?: XmlLeaf };
  BookgDt?: CamtDate;
  ValDt?: CamtDate;
  AcctSvcrRef?: XmlLeaf;
  NtryRef?: XmlLeaf;
  AddtlNtryInf?: XmlLeaf;
  NtryDtls?: { TxDtls?: CamtTransaction[] }[];
}
interface CamtBalance {
  Tp?: { CdOrPrtry?: { Cd?: XmlLeaf } };
  Amt?: CamtAmountValue;
  Dt?: CamtDate;
  CdtDbtInd?: XmlLeaf;
}
/** A statement (camt.053 `Stmt`), an account report (camt.052 `Rpt`) or a notification (camt.054 `Ntfctn`). */
interface CamtStatement {
  Acct?: { Id?: { IBAN?: XmlLeaf; Othr?: { Id?: XmlLeaf } }; Ccy?: XmlLeaf };
  Ntry?: CamtEntry[];
  Bal?: CamtBalance[];
}
interface CamtDocument {
  BkToCstmrStmt?: { Stmt?: CamtStatement[] };
  BkToCstmrAcctRpt?: { Rpt?: CamtStatement[] };
  BkToCstmrDbtCdtNtfctn?: { Ntfctn?: CamtStatement[] };
}

const ofxParser = new XMLParser({
  parseTagValue: false,
  isArray: (name) => ['STMTTRN', 'STMTTRNRS', 'CCSTMTTRNRS', 'BANKTRANLIST'].includes(name),
});

/** An OFX STATUS aggregate that is not success (CODE 0): `code 2000 (ERROR): message`. */
const ofxFailure = (status: OfxStatus | undefined) => {
  const code = clean(status?.CODE);
  if (!code || code === '0') return undefined;
  const message = clean(status?.MESSAGE);
  const severity = clean(status?.SEVERITY);
  return `code ${code}${severity ? ` (${severity})` : ''}${message ? `: ${message}` : ''}`;
};

export function readOfx(text: string, decimals: number, target: StatementTarget = {}): ParsedStatement {
  let parsed: OfxFile;
  const plain = withoutCommentsAndCdata(text);
  try {
    const xml = ofxToXml(plain);
    refuseHostileXml(xml);
    if (XMLValidator.validate(xml) !== true) throw new Error('tags do not nest');
    parsed = ofxParser.parse(xml) as OfxFile;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse('the OFX file cannot be read: it has no <OFX> body or its tags do not nest');
  }
  const ofx = parsed.OFX ?? {};
  const signOn = ofxFailure(ofx.SIGNONMSGSRSV1?.SONRS?.STATUS);
  if (signOn) throw refuse(`the bank refused the sign-on (${signOn}): the file holds its error, not a statement`);
  const responses = [
    ...asList(ofx.BANKMSGSRSV1?.STMTTRNRS).map((r) => ({ r, statement: r?.STMTRS, from: r?.STMTRS?.BANKACCTFROM, creditCard: false })),
    ...asList(ofx.CREDITCARDMSGSRSV1?.CCSTMTTRNRS).map((r) => ({
      r,
      statement: r?.CCSTMTRS,
      from: r?.CCSTMTRS?.CCACCTFROM,
      creditCard: true,
    })),
  ];
  const failed = responses.map(({ r, statement }) => (statement ? undefined : ofxFailure(r?.STATUS))).find(Boolean);
  if (failed) throw refuse(`the bank answered with an error instead of a statement (${failed})`);
  const statements = responses
    .filter((s): s is typeof s & { statement: OfxStatement } => !!s.statement)
    .map((s) => ({
      ...s,
      number: clean(s.from?.ACCTID) || null,
      transactions: asList(s.statement.BANKTRANLIST).flatMap((l) => asList(l?.STMTTRN)),
    }));
  if (statements.length === 0) {
    if (ofx.INVSTMTMSGSRSV1)
      throw refuse('the OFX file holds an investment statement (INVSTMTRS); only bank and credit card statements are read');
    throw refuse('the OFX file holds no bank or credit card statement (STMTRS or CCSTMTRS)');
  }
  // Every <STMTTRN> in the file is one of a statement's transactions, or the file is refused: none is
  // dropped because it sits somewhere this reader does not look.
  const where = tagLines(plain, /<STMTTRN>/gi);
  const read = statements.reduce((n, s) => n + s.transactions.length, 0);
  if (where.length !== read)
    throw refuse(
      `the file has ${where.length} transactions (<STMTTRN>), of which ${read} are in a statement's BANKTRANLIST; it is not read`,
    );
  const chosen = oneAccount(statements, target);
  const faults = new FileFaults();
  const lines: StatementLine[] = [];
  let index = 0;
  for (const s of statements) {
    const taken = chosen.includes(s);
    for (const t of s.transactions) {
      const fileLine = where[index++] ?? 0;
      if (!taken) continue;
      const date = ofxDate(t.DTPOSTED);
      if (!date) faults.add(fileLine, 'DTPOSTED', `"${clean(t.DTPOSTED)}" is not a date as YYYYMMDD`);
      // OFX amounts are signed with a point; some banks write a decimal comma.
      const raw = clean(t.TRNAMT);
      const amount = bankAmount(raw, decimals, /,\d{1,3}$/.test(raw) && !raw.includes('.') ? ',' : '.');
      if (typeof amount === 'string') faults.add(fileLine, 'TRNAMT', amount);
      const name = clean(t.NAME) || clean(t.PAYEE?.NAME);
      const memo = clean(t.MEMO);
      if (!name && !memo) faults.add(fileLine, 'NAME', 'the transaction has neither NAME nor MEMO');
      if (date && typeof amount === 'bigint')
        lines.push({ date, amount, description: memo || name, counterparty: name || null, reference: clean(t.FITID) || null, fileLine });
    }
  }
  faults.done();
  // The statements of one account: the latest balance stated (a file of daily statements states one each).
  let closing: bigint | null = null;
  let closingDate: string | null = null;
  for (const { statement } of chosen) {
    const balance = statement.LEDGERBAL;
    const text = clean(balance?.BALAMT);
    if (!text) continue; // no balance stated (an empty BALAMT included): the lines stand without one
    const amount = bankAmount(text, decimals, '.');
    if (typeof amount === 'string') throw refuse(`LEDGERBAL, BALAMT: ${amount}`);
    const date = ofxDate(balance?.DTASOF) ?? null;
    if (closingDate === null || (date !== null && date >= closingDate)) [closing, closingDate] = [amount, date];
  }
  const currencies = [...new Set(chosen.map((s) => clean(s.statement.CURDEF).toUpperCase()).filter(Boolean))];
  if (currencies.length > 1)
    throw refuse(`the file's statements for this account are in ${currencies.join(', ')}: import one currency at a time`);
  return {
    lines,
    currency: currencies[0] ?? null,
    closingBalance: closing,
    closingDate,
    account: { number: chosen[0]!.number, creditCard: chosen[0]!.creditCard },
  };
}

const camtParser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => ['Stmt', 'Rpt', 'Ntfctn', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd'].includes(name),
});

/** A CAMT amount element `<Amt Ccy="EUR">12.50</Amt>`: its text and currency. */
const camtAmount = (amt: CamtAmountValue) =>
  amt && typeof amt === 'object' ? { text: clean(amt['#text']), currency: clean(amt['@Ccy']) } : { text: clean(amt), currency: '' };
const camtDate = (d: CamtDate | undefined) => bankDate(clean(d?.Dt) || clean(d?.DtTm).slice(0, 10), 'YYYY-MM-DD');
/** The other party of a transaction: the debtor of money in, the creditor of money out (CAMT.053 2 and 8 shapes). */
const camtParty = (tx: CamtTransaction | undefined, credit: boolean) => {
  const parties = tx?.RltdPties ?? {};
  const party = credit ? parties.Dbtr : parties.Cdtr;
  return clean(party?.Nm) || clean(party?.Pty?.Nm) || null;
};
/**
 * A transaction's own amount in a batch: `Amt` from version .03 on; in .02 `AmtDtls/TxAmt/Amt` (the amount
 * in the account's currency; `InstdAmt` is what was instructed, perhaps in another currency, and is not it).
 */
const camtTxAmount = (tx: CamtTransaction | undefined) => tx?.Amt ?? tx?.AmtDtls?.TxAmt?.Amt;
/** The bank's or the payer's reference of a transaction; "NOTPROVIDED" is the standard's placeholder for none. */
const camtTxReference = (tx: CamtTransaction | undefined) =>
  [tx?.Refs?.AcctSvcrRef, tx?.Refs?.EndToEndId, tx?.Refs?.TxId].map(clean).find((r) => r && r !== 'NOTPROVIDED') ?? null;

/**
 * The statements of an ISO 20022 bank-to-customer file: a statement (camt.053, `Stmt`), an account report
 * (camt.052, `Rpt`) or a debit/credit notification (camt.054, `Ntfctn`). All three carry the same entries.
 */
function camtStatements(document: CamtDocument | undefined): CamtStatement[] {
  return document?.BkToCstmrStmt?.Stmt ?? document?.BkToCstmrAcctRpt?.Rpt ?? document?.BkToCstmrDbtCdtNtfctn?.Ntfctn ?? [];
}

export function readCamt053(text: string, decimals: number, target: StatementTarget = {}): ParsedStatement {
  refuseHostileXml(text);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw refuse(`the XML cannot be read at line ${valid.err.line}: ${valid.err.msg}`);
  const statements = camtStatements((camtParser.parse(text) as { Document?: CamtDocument } | undefined)?.Document).map((statement) => ({
    statement,
    number: clean(statement?.Acct?.Id?.IBAN) || clean(statement?.Acct?.Id?.Othr?.Id) || null,
  }));
  if (statements.length === 0)
    throw refuse(
      'the file is not a CAMT statement, report or notification: no Document/BkToCstmrStmt/Stmt (nor camt.052 Rpt, camt.054 Ntfctn)',
    );
  const chosen = oneAccount(statements, target);
  const faults = new FileFaults();
  // Entries' lines in the file, comments left out (a commented-out entry is not one).
  const where = tagLines(withoutCommentsAndCdata(text), /<(?:\w+:)?Ntry>/g);
  const lines: StatementLine[] = [];
  const currencies = new Set<string>();
  const amountOf = (amount: bigint) => formatMoney(amount, decimals);
  let entryIndex = 0;
  let closing: { balance: bigint; date: string | null } | null = null;
  for (const { statement } of statements) {
    const taken = chosen.some((c) => c.statement === statement);
    if (!taken) {
      entryIndex += (statement.Ntry ?? []).length;
      continue;
    }
    const accountCurrency = clean(statement.Acct?.Ccy);
    if (accountCurrency) currencies.add(accountCurrency.toUpperCase());
    for (const entry of statement.Ntry ?? []) {
      const fileLine = where[entryIndex++] ?? 0;
      // Only booked entries are on the statement; pending ones (PDNG, INFO) are not yet money moved.
      const status = entry.Sts && typeof entry.Sts === 'object' ? clean(entry.Sts.Cd) : clean(entry.Sts);
      if (status && status !== 'BOOK') continue;
      const credit = clean(entry.CdtDbtInd) === 'CRDT';
      if (!credit && clean(entry.CdtDbtInd) !== 'DBIT') faults.add(fileLine, 'CdtDbtInd', 'must be CRDT or DBIT');
      const date = camtDate(entry.BookgDt) ?? camtDate(entry.ValDt);
      if (!date) faults.add(fileLine, 'BookgDt', 'the entry has no booking date as YYYY-MM-DD');
      const total = camtAmount(entry.Amt);
      if (total.currency) currencies.add(total.currency.toUpperCase());
      const entryAmount = bankAmount(total.text, decimals, '.');
      if (typeof entryAmount === 'string') {
        faults.add(fileLine, 'Amt', entryAmount);
        continue;
      }
      const entryRef = clean(entry.AcctSvcrRef) || clean(entry.NtryRef) || null;
      const details = (entry.NtryDtls ?? []).flatMap((d) => d?.TxDtls ?? []);
      const remittance = (tx: CamtTransaction | undefined) => (tx?.RmtInf?.Ustrd ?? []).map(clean).filter(Boolean).join(' ');
      const describe = (tx: CamtTransaction | undefined) => remittance(tx) || clean(entry.AddtlNtryInf) || clean(tx?.AddtlTxInf);
      const sign = credit ? 1n : -1n;
      if (details.length > 1 && details.every((tx) => camtTxAmount(tx) !== undefined)) {
        // A batch booking: one entry of several transactions, each its own line (so each payment can be
        // matched); they must add up to the entry.
        const parts = details.map((tx) => {
          const amount = camtAmount(camtTxAmount(tx));
          if (amount.currency) currencies.add(amount.currency.toUpperCase());
          return bankAmount(amount.text, decimals, '.');
        });
        const bad = parts.findIndex((p: unknown) => typeof p === 'string');
        if (bad >= 0) {
          faults.add(fileLine, `TxDtls ${bad + 1} Amt`, parts[bad] as string);
          continue;
        }
        const sum = (parts as bigint[]).reduce((a, b) => a + b, 0n);
        if (sum !== entryAmount) {
          faults.add(fileLine, 'TxDtls', `the batch's transactions add up to ${amountOf(sum)}, not the entry's ${amountOf(entryAmount)}`);
          continue;
        }
        details.forEach((tx, i) => {
          if (date)
            lines.push({
              date,
              amount: sign * (parts[i] as bigint),
              description: describe(tx) || camtParty(tx, credit) || 'Batch transaction',
              counterparty: camtParty(tx, credit),
              reference: entryRef ? `${entryRef}/${i + 1}` : camtTxReference(tx),
              fileLine,
            });
        });
        continue;
      }
      const tx = details[0];
      const description = describe(tx) || camtParty(tx, credit);
      if (!description) faults.add(fileLine, 'AddtlNtryInf', 'the entry has no remittance information, additional information or party');
      if (date && description)
        lines.push({
          date,
          amount: sign * entryAmount,
          description,
          counterparty: camtParty(tx, credit),
          reference: entryRef ?? camtTxReference(tx),
          fileLine,
        });
    }
    for (const balance of statement.Bal ?? []) {
      const currency = camtAmount(balance?.Amt).currency;
      if (currency) currencies.add(currency.toUpperCase());
    }
    // The closing balance (a statement's CLBD); of several statements for the account, the latest.
    const closingBalance = (statement.Bal ?? []).find((b) => clean(b?.Tp?.CdOrPrtry?.Cd) === 'CLBD');
    if (closingBalance && clean(camtAmount(closingBalance.Amt).text)) {
      const amount = bankAmount(camtAmount(closingBalance.Amt).text, decimals, '.');
      if (typeof amount === 'string') throw refuse(`Bal CLBD, Amt: ${amount}`);
      const date = camtDate(closingBalance.Dt) ?? null;
      if (!closing || closing.date === null || (date !== null && date >= closing.date))
        closing = { balance: clean(closingBalance.CdtDbtInd) === 'DBIT' ? -amount : amount, date };
    }
  }
  faults.done();
  return statementRead(lines, currencies, closing, { number: chosen[0]!.number, creditCard: null });
}

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
