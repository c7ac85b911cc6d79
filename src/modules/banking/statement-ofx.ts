// OFX and QFX statements (SGML 1.x without closing tags, or XML 2.x): bank and credit card statements
// read, every <STMTTRN> accounted for; a bank's error answer, an investment statement or a file whose
// tags do not nest refused with what it is.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../lib/errors.ts';
import {
  FileFaults,
  type ParsedStatement,
  type StatementLine,
  type StatementTarget,
  type XmlLeaf,
  asList,
  bankAmount,
  bankDate,
  clean,
  oneAccount,
  refuse,
  refuseHostileXml,
  tagLines,
  withoutCommentsAndCdata,
} from './statement-files.ts';

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

// Long on purpose: one pass over the statements and their transactions, every fault named, every <STMTTRN> accounted
// for.
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
