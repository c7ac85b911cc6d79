// ISO 20022 bank-to-customer files: a statement (camt.053), an account report (camt.052) or a notification
// (camt.054), which carry the same entries; booked entries read, a batch booking split into its
// transactions when they add up to it.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatMoney } from '../../lib/money.ts';
import {
  FileFaults,
  type ParsedStatement,
  type StatementLine,
  type StatementTarget,
  type XmlLeaf,
  bankAmount,
  bankDate,
  clean,
  oneAccount,
  refuse,
  refuseHostileXml,
  statementRead,
  tagLines,
  withoutCommentsAndCdata,
} from './statement-files.ts';

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

// Long on purpose: one pass over the statements and their entries (a batch booking split into its transactions),
// every fault named.
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
