// A statement written out in each format a bank uses, and read back, gives the same lines: date, amount
// to the minor unit, description, counterparty and the bank's reference. The writers here follow each
// format's specification (OFX 1.x SGML and 2.x XML, ISO 20022 camt.053, SWIFT MT940 with the German
// structured :86:, CSV in three banks' layouts), so a reader that drops, reorders or bends a line fails.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CsvLayout } from '../../src/modules/banking/statement-files.ts';
import { readStatementFile } from '../../src/modules/banking/statement-reader.ts';

interface Line {
  date: string;
  /** Minor units, money in > 0. */
  amount: bigint;
  description: string;
  counterparty: string;
  reference: string;
}

const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9.&/-]{0,11}$/);
const text = (max: number) =>
  fc
    .array(word, { minLength: 1, maxLength: 5 })
    .map((words) => words.join(' '))
    .filter((t) => t.length <= max);
const lineArb: fc.Arbitrary<Line> = fc.record({
  date: fc.integer({ min: 0, max: 364 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10)),
  amount: fc.bigInt({ min: -99_999_999n, max: 99_999_999n }).filter((a) => a !== 0n),
  description: text(60),
  counterparty: text(30),
  reference: fc.stringMatching(/^[A-Z0-9]{1,16}$/),
});
const statementArb = fc.array(lineArb, { minLength: 1, maxLength: 25 });

const decimal = (minor: bigint, separator = '.') => {
  const magnitude = minor < 0n ? -minor : minor;
  const digits = magnitude.toString().padStart(3, '0');
  return `${minor < 0n ? '-' : ''}${digits.slice(0, -2)}${separator}${digits.slice(-2)}`;
};
const unsigned = (minor: bigint, separator = '.') => decimal(minor < 0n ? -minor : minor, separator);
const xml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const compact = (date: string) => date.replaceAll('-', '');
const total = (lines: Line[]) => lines.reduce((t, l) => t + l.amount, 0n);

function ofxSgml(lines: Line[]) {
  const transactions = lines.map(
    (l) =>
      `<STMTTRN>\n<TRNTYPE>${l.amount < 0n ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${compact(l.date)}120000[-5:EST]\n<TRNAMT>${decimal(l.amount)}\n` +
      `<FITID>${l.reference}\n<NAME>${xml(l.counterparty)}\n<MEMO>${xml(l.description)}\n</STMTTRN>`,
  );
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n
<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261231<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>EUR
<BANKACCTFROM><BANKID>1<ACCTID>1234<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20260101<DTEND>20261231
${transactions.join('\n')}
</BANKTRANLIST><LEDGERBAL><BALAMT>${decimal(total(lines))}<DTASOF>20261231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
}

function ofxXml(lines: Line[]) {
  const transactions = lines.map(
    (l) =>
      `<STMTTRN><TRNTYPE>OTHER</TRNTYPE><DTPOSTED>${compact(l.date)}</DTPOSTED><TRNAMT>${decimal(l.amount)}</TRNAMT>` +
      `<FITID>${l.reference}</FITID><NAME><![CDATA[${l.counterparty}]]></NAME><MEMO>${xml(l.description)}</MEMO></STMTTRN>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><STMTRS><CURDEF>EUR</CURDEF>
<BANKACCTFROM><BANKID>1</BANKID><ACCTID>1234</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260101</DTSTART><DTEND>20261231</DTEND>
<!-- ${transactions.length} transactions -->
${transactions.join('\n')}
</BANKTRANLIST><LEDGERBAL><BALAMT>${decimal(total(lines))}</BALAMT><DTASOF>20261231</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
}

function camt053(lines: Line[]) {
  const entries = lines.map((l) => {
    const credit = l.amount > 0n;
    const party = credit ? `<Dbtr><Nm>${xml(l.counterparty)}</Nm></Dbtr>` : `<Cdtr><Nm>${xml(l.counterparty)}</Nm></Cdtr>`;
    return `<Ntry><Amt Ccy="EUR">${unsigned(l.amount)}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<BookgDt><Dt>${l.date}</Dt></BookgDt><AcctSvcrRef>${l.reference}</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties>${party}</RltdPties><RmtInf><Ustrd>${xml(l.description)}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  });
  const closing = total(lines);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>RT</MsgId><CreDtTm>2026-12-31T20:00:00</CreDtTm></GrpHdr>
<Stmt><Id>RT-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${unsigned(closing)}</Amt><CdtDbtInd>${closing < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd>
<Dt><Dt>2026-12-31</Dt></Dt></Bal>
${entries.join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}

function mt940(lines: Line[]) {
  const yymmdd = (date: string) => compact(date).slice(2);
  const balance = (tag: string, minor: bigint, date: string) =>
    `:${tag}:${minor < 0n ? 'D' : 'C'}${yymmdd(date)}EUR${unsigned(minor, ',')}`;
  const body = lines.flatMap((l) => [
    `:61:${yymmdd(l.date)}${l.date.slice(5, 7)}${l.date.slice(8)}${l.amount < 0n ? 'D' : 'C'}${unsigned(l.amount, ',')}NTRFNONREF//${l.reference}`,
    // The German structured form: ?20 purpose, ?32 name, each part at most 27 characters.
    `:86:166?00UEBERWEISUNG${chunks(l.description, 27)
      .map((part, i) => `?2${i}${part}`)
      .join('')}${chunks(l.counterparty, 27)
      .map((part, i) => `?3${2 + i}${part}`)
      .join('')}`,
  ]);
  return [
    ':20:RT',
    ':25:DE89370400440532013000',
    ':28C:1/1',
    balance('60F', 0n, '2025-12-31'),
    ...body,
    balance('62F', total(lines), '2026-12-31'),
    '-',
  ].join('\r\n');
}

const chunks = (value: string, size: number) =>
  Array.from({ length: Math.ceil(value.length / size) }, (_, i) => value.slice(i * size, (i + 1) * size));

const csvQuote = (value: string) => `"${value.replace(/"/g, '""')}"`;
const CSV_LAYOUTS: { name: string; layout: CsvLayout; write: (lines: Line[]) => string }[] = [
  {
    name: 'a US bank: signed amount, MM/DD/YYYY',
    layout: {
      dateColumn: 'Posting Date',
      amountColumn: 'Amount',
      descriptionColumn: 'Description',
      counterpartyColumn: 'Payee',
      referenceColumn: 'Reference',
      dateFormat: 'MM/DD/YYYY',
      decimalSeparator: '.',
      delimiter: ',',
      skipLines: 0,
    },
    write: (lines) =>
      [
        'Posting Date,Amount,Description,Payee,Reference',
        ...lines.map((l) => {
          const [y, m, d] = l.date.split('-');
          return [`${m}/${d}/${y}`, decimal(l.amount), csvQuote(l.description), csvQuote(l.counterparty), l.reference].join(',');
        }),
      ].join('\r\n'),
  },
  {
    name: 'a German bank: Soll and Haben, decimal commas, a preamble and a closing line',
    layout: {
      dateColumn: 'Buchungstag',
      debitColumn: 'Soll',
      creditColumn: 'Haben',
      descriptionColumn: 'Verwendungszweck',
      counterpartyColumn: 'Empfänger',
      referenceColumn: 'Referenz',
      dateFormat: 'DD.MM.YYYY',
      decimalSeparator: ',',
      delimiter: ';',
      skipLines: 2,
      footerLines: 1,
    },
    write: (lines) =>
      [
        'Umsätze Girokonto',
        'Zeitraum: 01.01.2026 - 31.12.2026',
        'Buchungstag;Empfänger;Verwendungszweck;Soll;Haben;Referenz',
        ...lines.map((l) => {
          const [y, m, d] = l.date.split('-');
          const money = unsigned(l.amount, ',');
          return [
            `${d}.${m}.${y}`,
            csvQuote(l.counterparty),
            csvQuote(l.description),
            l.amount < 0n ? money : '0,00',
            l.amount < 0n ? '' : money,
            l.reference,
          ].join(';');
        }),
        ';;Kontostand;;;',
      ].join('\n'),
  },
  {
    name: 'a card issuer: no header, DR/CR column, two-digit years',
    layout: {
      hasHeader: false,
      dateColumn: '1',
      amountColumn: '2',
      directionColumn: '3',
      descriptionColumn: '4',
      counterpartyColumn: '5',
      referenceColumn: '6',
      dateFormat: 'DD/MM/YY',
      decimalSeparator: '.',
      delimiter: ',',
      skipLines: 0,
    },
    write: (lines) =>
      lines
        .map((l) => {
          const [y, m, d] = l.date.split('-');
          return [
            `${d}/${m}/${y!.slice(2)}`,
            unsigned(l.amount),
            l.amount < 0n ? 'DR' : 'CR',
            csvQuote(l.description),
            csvQuote(l.counterparty),
            l.reference,
          ].join(',');
        })
        .join('\n'),
  },
];

const read = (lines: ReturnType<typeof readStatementFile>['lines']) =>
  lines.map((l) => ({ date: l.date, amount: l.amount, description: l.description, counterparty: l.counterparty, reference: l.reference }));
const PROPERTY = { seed: 940, numRuns: 60 };

describe('a statement written out and read back', () => {
  for (const [format, write] of [
    ['ofx', ofxSgml],
    ['ofx', ofxXml],
    ['camt053', camt053],
    ['mt940', mt940],
  ] as const) {
    it(`gives the same lines: ${write.name}`, () => {
      fc.assert(
        fc.property(statementArb, (lines) => {
          const parsed = readStatementFile({ format, text: write(lines), decimals: 2 });
          expect(read(parsed.lines)).toEqual(lines);
          expect(parsed.closingBalance).toBe(total(lines));
        }),
        PROPERTY,
      );
    });
  }
  for (const { name, layout, write } of CSV_LAYOUTS) {
    it(`gives the same lines: CSV, ${name}`, () => {
      fc.assert(
        fc.property(statementArb, (lines) => {
          expect(read(readStatementFile({ format: 'csv', text: write(lines), decimals: 2, layout }).lines)).toEqual(lines);
        }),
        PROPERTY,
      );
    });
  }
});
