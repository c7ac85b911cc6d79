// Statement files as banks write them, read line for line or refused with the reason: nothing dropped
// without a word. The fixtures are written here from the OFX 2.2 specification (message sets, STATUS
// codes, CDATA and comments being XML's) and ISO 20022's camt.052/.053/.054 message definitions.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';
import { type CsvLayout, type StatementTarget, withoutCommentsAndCdata } from '../../src/modules/banking/statement-files.ts';
import { MAX_ARCHIVE_FILES, readStatementFile } from '../../src/modules/banking/statement-reader.ts';

const ofx = (text: string, target: StatementTarget = {}) => readStatementFile({ format: 'ofx', text, decimals: 2, ...target });
const camt = (text: string, target: StatementTarget = {}) => readStatementFile({ format: 'camt053', text, decimals: 2, ...target });
const mt940 = (text: string, target: StatementTarget = {}, decimals = 2) =>
  readStatementFile({ format: 'mt940', text, decimals, ...target });
const BASE: CsvLayout = {
  dateColumn: 'Date',
  descriptionColumn: 'Description',
  dateFormat: 'YYYY-MM-DD',
  decimalSeparator: '.',
  delimiter: ',',
  skipLines: 0,
};
const csv = (text: string, layout: Partial<CsvLayout>) =>
  readStatementFile({ format: 'csv', text, decimals: 2, layout: { ...BASE, ...layout } });

/** The refusal's messages, or a failure when the file was read. */
function refusal(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof AppError) return error.fieldErrors.map((e) => e.message);
    throw error;
  }
  throw new Error('the file was read, not refused');
}

const lines = (parsed: ReturnType<typeof readStatementFile>) =>
  parsed.lines.map((l) => [l.date, Number(l.amount) / 100, l.description, l.reference]);

const SIGNON_OK = `<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<DTSERVER>20261201080000</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>`;
const HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>`;

function transaction(fitid: string, date: string, amount: string, name: string) {
  return `<STMTTRN><TRNTYPE>${amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}</TRNTYPE><DTPOSTED>${date}</DTPOSTED>
<TRNAMT>${amount}</TRNAMT><FITID>${fitid}</FITID><NAME>${name}</NAME></STMTTRN>`;
}

function bankStatement(
  account: string,
  lists: string[],
  balance = '<LEDGERBAL><BALAMT>100.00</BALAMT><DTASOF>20261130</DTASOF></LEDGERBAL>',
) {
  return `<STMTTRNRS><TRNUID>1001</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><BANKID>121000248</BANKID><ACCTID>${account}</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
${lists.map((l) => `<BANKTRANLIST><DTSTART>20261101</DTSTART><DTEND>20261130</DTEND>${l}</BANKTRANLIST>`).join('\n')}
${balance}</STMTRS></STMTTRNRS>`;
}

const ofxFile = (bank: string, signOn = SIGNON_OK) => `${HEAD}\n<OFX>${signOn}\n<BANKMSGSRSV1>${bank}</BANKMSGSRSV1></OFX>`;

describe('OFX', () => {
  it('reads CDATA as the text it holds', () => {
    const file = ofxFile(
      bankStatement('1234567890', [
        transaction('A1', '20261105', '-42.50', '<![CDATA[EFTPOS WDL HANDYWAY ALDI STORE]]>') +
          '<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261106</DTPOSTED><TRNAMT>-5.00</TRNAMT><FITID>A2</FITID>' +
          '<NAME>Shop</NAME><MEMO><![CDATA[Fish & <chips>]]></MEMO></STMTTRN>',
      ]),
    );
    expect(lines(ofx(file))).toEqual([
      ['2026-11-05', -42.5, 'EFTPOS WDL HANDYWAY ALDI STORE', 'A1'],
      ['2026-11-06', -5, 'Fish & <chips>', 'A2'],
    ]);
  });

  it('leaves out what is commented out, in XML and in SGML files, and numbers lines as the file does', () => {
    const file = ofxFile(
      bankStatement('1234567890', [
        `${transaction('B1', '20261105', '10.00', 'Kept')}\n<!-- an old line\n${transaction('B2', '20261106', '-90.00', 'Commented out')}\n-->\n${transaction('B3', '20261107', '1,5', 'Also kept')}`,
      ]),
    );
    const parsed = ofx(file);
    expect(lines(parsed)).toEqual([
      ['2026-11-05', 10, 'Kept', 'B1'],
      ['2026-11-07', 1.5, 'Also kept', 'B3'],
    ]);
    const thirdAt = file.split('\n').findIndex((line) => line.includes('<FITID>B3')) + 1;
    expect(parsed.lines[1]!.fileLine).toBe(thirdAt - 1); // the <STMTTRN> opens the line before its FITID
    const sgml = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>1<ACCTID>99887766<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-1.00<FITID>S1<NAME>One</STMTTRN>
<!-- <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-2.00<FITID>S2<NAME>Two</STMTTRN> -->
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    expect(lines(ofx(sgml))).toEqual([['2026-11-05', -1, 'One', 'S1']]);
    expect(refusal(() => ofx(sgml.replace(' -->', '')))).toEqual(['an XML comment (<!--) is never closed (-->)']);
  });

  it('reads every BANKTRANLIST of a statement', () => {
    const file = ofxFile(
      bankStatement('1234567890', [
        transaction('C1', '20261102', '-1.00', 'First list'),
        transaction('C2', '20261120', '-2.00', 'Second list'),
      ]),
    );
    expect(lines(ofx(file)).map((l) => l[3])).toEqual(['C1', 'C2']);
  });

  it('refuses a file with a transaction outside any statement, rather than dropping it', () => {
    const file = ofxFile(bankStatement('1234567890', [transaction('D1', '20261102', '-1.00', 'In the list')])).replace(
      '</STMTRS>',
      `${transaction('D2', '20261103', '-2.00', 'Outside')}</STMTRS>`,
    );
    expect(refusal(() => ofx(file))).toEqual([
      "the file has 2 transactions (<STMTTRN>), of which 1 are in a statement's BANKTRANLIST; it is not read",
    ]);
  });

  it('keeps the lines of a statement whose balance is empty, with no balance', () => {
    const file = ofxFile(
      bankStatement(
        '1234567890',
        [transaction('E1', '20261102', '-1.00', 'x')],
        '<LEDGERBAL><BALAMT></BALAMT><DTASOF>20261130</DTASOF></LEDGERBAL>',
      ),
    );
    const parsed = ofx(file);
    expect(parsed.lines).toHaveLength(1);
    expect([parsed.closingBalance, parsed.closingDate]).toEqual([null, null]);
  });

  it("names the bank's error, a failed sign-on and an investment statement for what they are", () => {
    const error = ofxFile(
      '<STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>2000</CODE><SEVERITY>ERROR</SEVERITY><MESSAGE>General error</MESSAGE></STATUS></STMTTRNRS>',
    );
    expect(refusal(() => ofx(error))).toEqual([
      'the bank answered with an error instead of a statement (code 2000 (ERROR): General error)',
    ]);
    const signOn = ofxFile(
      '',
      '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500</CODE><SEVERITY>ERROR</SEVERITY></STATUS><DTSERVER>20261201</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>',
    );
    expect(refusal(() => ofx(signOn))).toEqual([
      'the bank refused the sign-on (code 15500 (ERROR)): the file holds its error, not a statement',
    ]);
    const investments = `${HEAD}\n<OFX>${SIGNON_OK}<INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<INVSTMTRS><DTASOF>20261130</DTASOF><CURDEF>USD</CURDEF><INVACCTFROM><BROKERID>broker.example</BROKERID><ACCTID>777</ACCTID></INVACCTFROM></INVSTMTRS>
</INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>`;
    expect(refusal(() => ofx(investments))).toEqual([
      'the OFX file holds an investment statement (INVSTMTRS); only bank and credit card statements are read',
    ]);
  });

  it("says whose statement it is, and reads one account's from a file of several when told which", () => {
    const single = ofx(ofxFile(bankStatement('1234567890', [transaction('F1', '20261102', '-1.00', 'x')])));
    expect(single.account).toEqual({ number: '1234567890', creditCard: false });
    const card = `${HEAD}\n<OFX>${SIGNON_OK}<CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>XXXXXXXXXXXX4242</ACCTID></CCACCTFROM>
<BANKTRANLIST>${transaction('G1', '20261102', '-9.99', 'Streaming')}</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>`;
    expect(ofx(card).account).toEqual({ number: 'XXXXXXXXXXXX4242', creditCard: true });
    const two = ofxFile(
      bankStatement('1234567890', [transaction('H1', '20261102', '-1.00', 'Checking')]) +
        bankStatement('5555000011', [transaction('H2', '20261103', '-2.00', 'Savings')]).replace('<TRNUID>1001', '<TRNUID>1002'),
    );
    expect(refusal(() => ofx(two))).toEqual([
      'the file holds statements for 2 accounts (••••7890, ••••0011): give this bank account its account number (accountNumber) ' +
        'and the statement for it is read from the file',
    ]);
    const savings = ofx(two, { accountLast4: '0011' });
    expect(lines(savings)).toEqual([['2026-11-03', -2, 'Savings', 'H2']]);
    expect(savings.lines[0]!.fileLine).toBe(two.split('\n').findIndex((l) => l.includes('<FITID>H2')) + 1 - 1);
    expect(refusal(() => ofx(two, { accountLast4: '9999' }))).toEqual([
      'the file holds statements for ••••7890, ••••0011, none (or more than one) for this bank account (••••9999)',
    ]);
  });
});

const camtFile = (version: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.${version}">
${body}
</Document>`;

function camtStatement(iban: string, entries: string, { ccy = 'EUR', closing = '550.00', date = '2026-11-30', tag = 'Stmt' } = {}) {
  return `<${tag}><Id>S-${iban.slice(-4)}-${date}</Id><CreDtTm>${date}T20:00:00</CreDtTm>
<Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>${ccy}</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="${ccy}">${closing}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>
${entries}
</${tag}>`;
}

function camtEntry(amount: string, indicator: 'CRDT' | 'DBIT', date: string, inner: string, ccy = 'EUR') {
  return `<Ntry><Amt Ccy="${ccy}">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt>${inner}</Ntry>`;
}

describe('CAMT', () => {
  it('.02 batches: each transaction with its own amount (AmtDtls/TxAmt) and end-to-end reference', () => {
    const batch = camtEntry(
      '664.05',
      'DBIT',
      '2026-11-10',
      `<NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch>
<TxDtls><Refs><EndToEndId>PAYROLL-11-A</EndToEndId></Refs><AmtDtls><InstdAmt><Amt Ccy="CHF">540.00</Amt></InstdAmt>
<TxAmt><Amt Ccy="EUR">564.05</Amt></TxAmt></AmtDtls><RltdPties><Cdtr><Nm>Anna Meier</Nm></Cdtr></RltdPties>
<RmtInf><Ustrd>Salary November</Ustrd></RmtInf></TxDtls>
<TxDtls><Refs><EndToEndId>PAYROLL-11-B</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">100.00</Amt></TxAmt></AmtDtls>
<RltdPties><Cdtr><Nm>Ben Roth</Nm></Cdtr></RltdPties><RmtInf><Ustrd>Expenses</Ustrd></RmtInf></TxDtls></NtryDtls>`,
    );
    const file = camtFile(
      '053.001.02',
      `<BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-30T20:00:00</CreDtTm></GrpHdr>
${camtStatement('CH9300762011623852957', batch, { ccy: 'EUR' })}</BkToCstmrStmt>`,
    );
    const parsed = camt(file);
    expect(lines(parsed)).toEqual([
      ['2026-11-10', -564.05, 'Salary November', 'PAYROLL-11-A'],
      ['2026-11-10', -100, 'Expenses', 'PAYROLL-11-B'],
    ]);
    expect(parsed.lines.map((l) => l.counterparty)).toEqual(['Anna Meier', 'Ben Roth']);
    expect(parsed.account.number).toBe('CH9300762011623852957');
    // The wording a person reads: amounts as written, not minor units.
    expect(refusal(() => camt(file.replace('<Amt Ccy="EUR">100.00</Amt>', '<Amt Ccy="EUR">10.00</Amt>')))[0]).toMatch(
      /TxDtls: the batch's transactions add up to 574\.05, not the entry's 664\.05$/,
    );
  });

  it('a file of two accounts: refused without the account, one read with it; daily statements of one account all read', () => {
    const entry = (amount: string, date: string, text: string) =>
      camtEntry(amount, 'CRDT', date, `<AcctSvcrRef>${text}</AcctSvcrRef><AddtlNtryInf>${text}</AddtlNtryInf>`);
    const two = camtFile(
      '053.001.08',
      `<BkToCstmrStmt><GrpHdr><MsgId>M2</MsgId><CreDtTm>2026-11-30T20:00:00</CreDtTm></GrpHdr>
${camtStatement('DE89370400440532013000', entry('10.00', '2026-11-02', 'first'))}
${camtStatement('DE02120300000000202051', entry('20.00', '2026-11-03', 'second'), { closing: '999.00' })}</BkToCstmrStmt>`,
    );
    expect(refusal(() => camt(two))[0]).toMatch(/^the file holds statements for 2 accounts \(••••3000, ••••2051\)/);
    const second = camt(two, { accountLast4: '2051' });
    expect(lines(second)).toEqual([['2026-11-03', 20, 'second', 'second']]);
    expect(second.closingBalance).toBe(99900n);
    const daily = camtFile(
      '053.001.08',
      `<BkToCstmrStmt><GrpHdr><MsgId>M3</MsgId><CreDtTm>2026-11-03T20:00:00</CreDtTm></GrpHdr>
${camtStatement('DE89370400440532013000', entry('10.00', '2026-11-02', 'monday'), { closing: '110.00', date: '2026-11-02' })}
${camtStatement('DE89370400440532013000', entry('5.00', '2026-11-03', 'tuesday'), { closing: '115.00', date: '2026-11-03' })}</BkToCstmrStmt>`,
    );
    const both = camt(daily);
    expect(lines(both).map((l) => l[2])).toEqual(['monday', 'tuesday']);
    expect([both.closingBalance, both.closingDate]).toEqual([11500n, '2026-11-03']);
  });

  it("balances in another currency than the entries' are refused, not taken as the account's", () => {
    const file = camtFile(
      '053.001.04',
      `<BkToCstmrStmt><GrpHdr><MsgId>M4</MsgId><CreDtTm>2026-11-30T20:00:00</CreDtTm></GrpHdr>
${camtStatement('CH9300762011623852957', camtEntry('10.00', 'CRDT', '2026-11-02', '<AddtlNtryInf>x</AddtlNtryInf>'), { ccy: 'CHF' })
  .replace('<Ccy>CHF</Ccy>', '')
  .replace('<Ntry><Amt Ccy="CHF">', '<Ntry><Amt Ccy="EUR">')}</BkToCstmrStmt>`,
    );
    expect(refusal(() => camt(file))).toEqual(['the file mixes currencies (EUR, CHF): import one account at a time']);
  });

  it('reads a camt.052 account report and a camt.054 notification, whose entries are the same', () => {
    const entry = camtEntry('42.00', 'DBIT', '2026-11-04', '<AcctSvcrRef>N-1</AcctSvcrRef><AddtlNtryInf>Card payment</AddtlNtryInf>');
    const report = camtFile(
      '052.001.08',
      `<BkToCstmrAcctRpt><GrpHdr><MsgId>R1</MsgId><CreDtTm>2026-11-04T12:00:00</CreDtTm></GrpHdr>
${camtStatement('DE89370400440532013000', entry, { tag: 'Rpt' })}</BkToCstmrAcctRpt>`,
    );
    expect(lines(camt(report))).toEqual([['2026-11-04', -42, 'Card payment', 'N-1']]);
    const notification = camtFile(
      '054.001.08',
      `<BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>N1</MsgId><CreDtTm>2026-11-04T12:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>NTF-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${entry}</Ntfctn></BkToCstmrDbtCdtNtfctn>`,
    );
    const parsed = camt(notification);
    expect(lines(parsed)).toEqual([['2026-11-04', -42, 'Card payment', 'N-1']]);
    expect(parsed.closingBalance).toBeNull();
  });
});

describe('comments and CDATA', () => {
  it('are taken out in one pass, keeping the line count', () => {
    const text = 'a\n<!-- x\ny -->b<![CDATA[<&>]]>c';
    expect(withoutCommentsAndCdata(text)).toBe('a\n\nb&lt;&amp;&gt;c');
    // Many openings never closed: refused at the first, without rescanning the rest for each.
    expect(() => withoutCommentsAndCdata('<![CDATA['.repeat(100_000))).toThrow(AppError);
  });
});

// The layouts of eleven common bank exports, each written here as its bank's help pages describe it.
describe('CSV as banks write it', () => {
  it('an indicator column says which way an unsigned amount went', () => {
    const file = 'Date,Description,Amount,Type\n2026-11-02,Salary,2500.00,CR\n2026-11-03,Rent,1200.00,DR\n2026-11-04,Refund,-5.00,credit\n';
    expect(lines(csv(file, { amountColumn: 'Amount', directionColumn: 'Type' })).map((l) => l[1])).toEqual([2500, -1200, 5]);
    // German exports: S (Soll, out) and H (Haben, in).
    const german = 'Datum;Text;Betrag;S/H\n02.11.2026;Gehalt;2.500,00;H\n03.11.2026;Miete;1.200,00;S\n';
    const read = csv(german, {
      dateColumn: 'Datum',
      descriptionColumn: 'Text',
      amountColumn: 'Betrag',
      directionColumn: 'S/H',
      dateFormat: 'DD.MM.YYYY',
      decimalSeparator: ',',
      delimiter: ';',
    });
    expect(lines(read).map((l) => l[1])).toEqual([2500, -1200]);
    expect(refusal(() => csv(file.replace(',CR', ',XX'), { amountColumn: 'Amount', directionColumn: 'Type' }))[0]).toMatch(
      /^line 2, direction: "XX" says neither money in \(CR, C, CREDIT/,
    );
  });

  it('0.00 in the unused debit or credit column is empty; both filled is refused', () => {
    const file = 'Date,Description,Debit,Credit\n2026-11-02,Coffee,3.50,0.00\n2026-11-03,Refund,0.00,3.50\n2026-11-04,Odd,1.00,1.00\n';
    const layout = { debitColumn: 'Debit', creditColumn: 'Credit' };
    expect(refusal(() => csv(file, layout))).toEqual([
      'line 4, amount: exactly one of the debit and credit columns must hold an amount (the other empty or zero)',
    ]);
    expect(lines(csv(file.split('\n').slice(0, 3).join('\n'), layout)).map((l) => l[1])).toEqual([-3.5, 3.5]);
  });

  it('two-digit years, as POSIX reads them', () => {
    const file = 'Date,Description,Amount\n02/11/26,Now,1.00\n31/12/99,Long ago,2.00\n';
    expect(lines(csv(file, { amountColumn: 'Amount', dateFormat: 'DD/MM/YY' })).map((l) => l[0])).toEqual(['2026-11-02', '1999-12-31']);
    expect(lines(csv('Date,Description,Amount\n11/02/26,x,1\n', { amountColumn: 'Amount', dateFormat: 'MM/DD/YY' }))[0]![0]).toBe(
      '2026-11-02',
    );
  });

  it('lines of totals after the transactions are left out when the layout says so, and refused when it does not', () => {
    const file = 'Date,Description,Amount\n2026-11-02,Coffee,-3.50\n2026-11-03,Tea,-2.50\nBalance at start of period,,100.00\n';
    expect(refusal(() => csv(file, { amountColumn: 'Amount' }))[0]).toMatch(/^line 4, date: "Balance at start of period" is not a date/);
    expect(lines(csv(file, { amountColumn: 'Amount', footerLines: 1 })).map((l) => l[2])).toEqual(['Coffee', 'Tea']);
  });

  it('a file without a header names its columns by number', () => {
    const file = '"02/11/2026","-42.50","CARD PURCHASE GROCER"\n"03/11/2026","1000.00","TRANSFER IN"\n';
    const read = csv(file, { hasHeader: false, dateColumn: '1', amountColumn: '2', descriptionColumn: '3', dateFormat: 'DD/MM/YYYY' });
    expect(lines(read)).toEqual([
      ['2026-11-02', -42.5, 'CARD PURCHASE GROCER', null],
      ['2026-11-03', 1000, 'TRANSFER IN', null],
    ]);
    expect(read.lines[0]!.fileLine).toBe(1);
  });

  it("a card's file that writes purchases positive is read with its signs turned", () => {
    const file = 'Date,Description,Amount\n2026-11-02,Airline,350.00\n2026-11-05,Payment received,-500.00\n';
    expect(lines(csv(file, { amountColumn: 'Amount', invertSign: true })).map((l) => l[1])).toEqual([-350, 500]);
  });

  it("a balance column gives the statement's closing balance, newest row first or last", () => {
    const oldestFirst = 'Date,Description,Amount,Balance\n2026-11-02,A,-10.00,90.00\n2026-11-03,B,-5.00,85.00\n2026-11-03,C,20.00,105.00\n';
    expect(csv(oldestFirst, { amountColumn: 'Amount', balanceColumn: 'Balance' })).toMatchObject({
      closingBalance: 10500n,
      closingDate: '2026-11-03',
    });
    const newestFirst = 'Date,Description,Amount,Balance\n2026-11-03,C,20.00,105.00\n2026-11-03,B,-5.00,85.00\n2026-11-02,A,-10.00,90.00\n';
    expect(csv(newestFirst, { amountColumn: 'Amount', balanceColumn: 'Balance' })).toMatchObject({
      closingBalance: 10500n,
      closingDate: '2026-11-03',
    });
  });

  it("a currency column names the file's currency, and a file of two is refused", () => {
    const file = 'Date,Description,Amount,Currency\n2026-11-02,Hotel,-1525.00,EUR\n2026-11-03,Taxi,-30.00,eur\n';
    expect(csv(file, { amountColumn: 'Amount', currencyColumn: 'Currency' }).currency).toBe('EUR');
    expect(refusal(() => csv(file.replace('eur', 'USD'), { amountColumn: 'Amount', currencyColumn: 'Currency' }))).toEqual([
      'the file mixes currencies (EUR, USD): import one account at a time',
    ]);
  });
});

// MT940 as SWIFT's message reference lays it out (:20: :25: :28C: :60F: :61: :86: :62F:), with the
// German banks' structured :86: (?00 posting text, ?20–?29 purpose, ?32–?33 name).
describe('MT940', () => {
  const statement = (account: string, opening: string, body: string, closing: string) =>
    [':20:STMT-2026-11', `:25:${account}`, ':28C:00011/001', `:60F:${opening}`, body, `:62F:${closing}`, '-'].join('\r\n');
  const november = statement(
    'DE89370400440532013000',
    'C261031EUR1000,00',
    [
      ':61:2611021102D123,45NTRFNONREF//BANK-1',
      ':86:166?00SEPA-UEBERWEISUNG?20Strom November?21Kunde 4711?32Stadtwerke Musterst',
      '?33adt',
      ':61:2611051105C2000,NMSCR-17//BANK-2',
      ':86:Invoice R-17 paid by Kunde A',
    ].join('\r\n'),
    'C261130EUR2876,55',
  );

  it('reads each line exactly, with its purpose, party and reference, and the closing balance', () => {
    const parsed = mt940(november);
    expect(lines(parsed)).toEqual([
      ['2026-11-02', -123.45, 'Strom NovemberKunde 4711', 'BANK-1'],
      ['2026-11-05', 2000, 'Invoice R-17 paid by Kunde A', 'BANK-2'],
    ]);
    expect(parsed.lines[0]!.counterparty).toBe('Stadtwerke Musterstadt');
    expect(parsed.lines.map((l) => l.fileLine)).toEqual([5, 8]);
    expect(parsed).toMatchObject({ currency: 'EUR', closingBalance: 287655n, closingDate: '2026-11-30' });
    expect(parsed.account.number).toBe('DE89370400440532013000');
  });

  it('reads three-decimal amounts to the last digit, a reversal the other way, and a booking date past the year end', () => {
    const dinars = statement(
      'KW81CBKU0000000000001234560101',
      'C261130KWD0,000',
      ':61:261201C1,234NTRFNONREF\r\n:86:Transfer',
      'C261231KWD1,234',
    );
    expect(mt940(dinars, {}, 3).lines[0]!.amount).toBe(1234n); // not 1.23
    const reversed = statement(
      'DE89370400440532013000',
      'C261231EUR100,00',
      [':61:2612310102RD10,00NTRFNONREF', ':86:Returned direct debit', ':61:261231RC5,00NTRFNONREF', ':86:Credit taken back'].join('\r\n'),
      'C261231EUR105,00',
    );
    expect(lines(mt940(reversed))).toEqual([
      ['2027-01-02', 10, 'Returned direct debit', null],
      ['2026-12-31', -5, 'Credit taken back', null],
    ]);
  });

  it('a file of two accounts: refused without the account, read for the one named', () => {
    const other = statement(
      'DE02120300000000202051',
      'C261031EUR0,00',
      ':61:261110C50,00NTRFNONREF\r\n:86:Other account',
      'C261130EUR50,00',
    );
    const both = `${november}\r\n${other}`;
    expect(refusal(() => mt940(both))[0]).toMatch(/^the file holds statements for 2 accounts \(••••3000, ••••2051\)/);
    const read = mt940(both, { accountLast4: '2051' });
    expect(lines(read)).toEqual([['2026-11-10', 50, 'Other account', null]]);
    expect(read.lines[0]!.fileLine).toBe(both.split('\r\n').indexOf(':61:261110C50,00NTRFNONREF') + 1);
  });

  it('refuses a file that is not whole or does not add up, saying what', () => {
    expect(refusal(() => mt940(november.replace(':62F:C261130EUR2876,55\r\n', '')))).toEqual([
      'the MT940 file cannot be read: Mandatory tag 62 is missing in group 1',
    ]);
    expect(refusal(() => mt940(november.replace('C261130EUR2876,55', 'C261130EUR2876,56')))[0]).toMatch(
      /^the MT940 file cannot be read: Sum of lines \(1876\.55\) != turnover/,
    );
    expect(refusal(() => mt940('not a statement'))[0]).toMatch(/^the (MT940 file cannot be read|file holds no MT940 statement)/);
  });
});

// What comes as bytes (encoding base64): a zip archive of a month of daily files, or a file in Windows-1252.
describe('archives and encodings', () => {
  const daily = (iban: string, day: string, amount: string, closing: string) =>
    camtFile(
      '053.001.08',
      `<BkToCstmrStmt><GrpHdr><MsgId>D${day}</MsgId><CreDtTm>2026-11-${day}T20:00:00</CreDtTm></GrpHdr>
${camtStatement(iban, camtEntry(amount, 'CRDT', `2026-11-${day}`, `<AcctSvcrRef>R-${day}</AcctSvcrRef><AddtlNtryInf>Day ${day}</AddtlNtryInf>`), { closing, date: `2026-11-${day}` })}</BkToCstmrStmt>`,
    );
  const zip = (files: Record<string, string | Uint8Array>) =>
    Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([n, c]) => [n, typeof c === 'string' ? strToU8(c) : c])))).toString(
      'base64',
    );
  const archive = (text: string, target: StatementTarget = {}) =>
    readStatementFile({ format: 'camt053', text, base64: true, decimals: 2, ...target });
  const MAIN = 'DE89370400440532013000';
  const OTHER = 'DE02120300000000202051';

  it('reads every file of a zip archive of daily statements, the closing balance the latest', () => {
    const month = zip({
      'nov/2026-11-03.xml': daily(MAIN, '03', '5.00', '115.00'),
      'nov/2026-11-02.xml': daily(MAIN, '02', '10.00', '110.00'),
      '__MACOSX/nov/._2026-11-02.xml': 'metadata',
    });
    const parsed = archive(month);
    expect(lines(parsed).map((l) => l[2])).toEqual(['Day 02', 'Day 03']);
    expect([parsed.closingBalance, parsed.closingDate]).toEqual([11500n, '2026-11-03']);
  });

  it("an archive of two accounts' files is read for the account named; a bad file is named", () => {
    const mixed = zip({ 'a.xml': daily(MAIN, '02', '10.00', '110.00'), 'b.xml': daily(OTHER, '02', '99.00', '999.00') });
    expect(refusal(() => archive(mixed))[0]).toMatch(/^the file holds statements for 2 accounts/);
    expect(lines(archive(mixed, { accountLast4: '2051' })).map((l) => l[1])).toEqual([99]);
    const broken = zip({ 'a.xml': daily(MAIN, '02', '10.00', '110.00'), 'b.xml': daily(MAIN, '03', '5O.00', '115.00') });
    expect(refusal(() => archive(broken))).toEqual([expect.stringMatching(/^b\.xml: line \d+, Amt: "5O\.00" is not an amount/)]);
  });

  it('refuses what is not an archive, and one too large unpacked or of too many files, before reading it', () => {
    expect(refusal(() => archive(Buffer.from('PK\x03\x04not really a zip').toString('base64')))[0]).toMatch(
      /^the zip archive cannot be read/,
    );
    const many = zip(Object.fromEntries(Array.from({ length: MAX_ARCHIVE_FILES + 1 }, (_, i) => [`f${i}.xml`, 'x'])));
    expect(refusal(() => archive(many))).toEqual([`the archive holds more than ${MAX_ARCHIVE_FILES} files; send fewer at once`]);
    // 65 MB of zeros, packed into a few kilobytes.
    const bomb = zip({ 'zeros.xml': new Uint8Array(65 * 1_048_576) });
    expect(bomb.length).toBeLessThan(1_000_000);
    expect(refusal(() => archive(bomb))).toEqual(["the archive's files come to more than 64 MB unpacked; send fewer at once"]);
  });

  it('a file in Windows-1252 (as many banks write MT940) is read as such', () => {
    const text = [
      ':20:X',
      ':25:DE89370400440532013000',
      ':28C:1/1',
      ':60F:C261031EUR0,00',
      ':61:261102C1,00NTRFNONREF',
      ':86:Müller & Söhne',
      ':62F:C261130EUR1,00',
      '-',
    ].join('\r\n');
    const bytes = Buffer.from(new Uint8Array([...text].map((c) => ({ ü: 0xfc, ö: 0xf6 })[c] ?? c.charCodeAt(0))));
    const parsed = readStatementFile({ format: 'mt940', text: bytes.toString('base64'), base64: true, decimals: 2 });
    expect(parsed.lines[0]!.description).toBe('Müller & Söhne');
  });
});
