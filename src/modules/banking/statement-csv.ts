// Reading a bank's CSV as the upload's layout says (statement-files.ts has the layout and what every
// format shares): the amount signed, by a direction column, or in a debit and a credit column; a header or
// none; preamble and totals left out; the running balance and currency when the file has them.
import { parse as parseCsv } from 'csv-parse/sync';
import {
  bankAmount,
  bankDate,
  CSV_DIRECTIONS,
  type CsvLayout,
  FileFaults,
  type ParsedStatement,
  refuse,
  type StatementLine,
  statementRead,
} from './statement-files.ts';

// Long on purpose: one pass over the rows, every fault of every line named, as the reader promises.
export function readCsv(text: string, layout: CsvLayout, decimals: number): ParsedStatement {
  const faults = new FileFaults();
  let records: string[][];
  try {
    records = parseCsv(text, {
      bom: true,
      delimiter: layout.delimiter,
      from_line: layout.skipLines + 1,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw refuse(`the CSV cannot be read${line ? ` at line ${line}` : ''}: a quote is not closed or a row is malformed`);
  }
  const hasHeader = layout.hasHeader !== false;
  // Totals or a closing line after the last transaction ("Balance at start of period"): not transactions.
  if (layout.footerLines) records = records.slice(0, Math.max(0, records.length - layout.footerLines));
  const header = hasHeader ? records[0] : Array.from({ length: Math.max(0, ...records.map((r) => r.length)) }, (_, i) => String(i + 1));
  const rows = hasHeader ? records.slice(1) : records;
  if (!header) throw refuse('the CSV has no header line');
  const names = header.map((h) => h.trim().toLowerCase());
  const column = (name: string | null | undefined, what: string) => {
    if (!name) return -1;
    const index = names.indexOf(name.trim().toLowerCase());
    if (index < 0)
      faults.add(
        layout.skipLines + 1,
        what,
        hasHeader
          ? `no column "${name}" in the header (it has ${header.map((h) => `"${h}"`).join(', ')})`
          : `no column ${name}: the rows have ${header.length}`,
      );
    return index;
  };
  const at = {
    date: column(layout.dateColumn, 'date'),
    amount: column(layout.amountColumn, 'amount'),
    direction: column(layout.directionColumn, 'direction'),
    debit: column(layout.debitColumn, 'debit'),
    credit: column(layout.creditColumn, 'credit'),
    description: column(layout.descriptionColumn, 'description'),
    counterparty: column(layout.counterpartyColumn, 'counterparty'),
    reference: column(layout.referenceColumn, 'reference'),
    balance: column(layout.balanceColumn, 'balance'),
    currency: column(layout.currencyColumn, 'currency'),
  };
  faults.done();
  const amountOf = (text: string, field: string, line: number) => {
    const parsed = bankAmount(text, decimals, layout.decimalSeparator);
    if (typeof parsed === 'string') faults.add(line, field, parsed);
    return typeof parsed === 'string' ? undefined : parsed;
  };
  const magnitude = (amount: bigint) => (amount < 0n ? -amount : amount);
  const lines: StatementLine[] = [];
  const balances: (bigint | undefined)[] = [];
  const currencies = new Set<string>();
  rows.forEach((row, i) => {
    // Line numbers as a person counts them in the file: the preamble, the header, then this row.
    const fileLine = layout.skipLines + (hasHeader ? 2 : 1) + i;
    const cell = (index: number) => (index >= 0 ? (row[index] ?? '').trim() : '');
    const date = bankDate(cell(at.date), layout.dateFormat);
    if (!date) faults.add(fileLine, 'date', `"${cell(at.date)}" is not a date as ${layout.dateFormat}`);
    let amount: bigint | undefined;
    if (at.amount >= 0) {
      amount = amountOf(cell(at.amount), 'amount', fileLine);
      if (amount !== undefined && at.direction >= 0) {
        // The amount's sign is the direction column's to say (banks write it unsigned beside DR/CR).
        const way = cell(at.direction).toUpperCase();
        const into = (CSV_DIRECTIONS.in as readonly string[]).includes(way);
        if (!into && !(CSV_DIRECTIONS.out as readonly string[]).includes(way)) {
          faults.add(
            fileLine,
            'direction',
            `"${cell(at.direction)}" says neither money in (${CSV_DIRECTIONS.in.join(', ')}) nor out (${CSV_DIRECTIONS.out.join(', ')})`,
          );
          amount = undefined;
        } else amount = into ? magnitude(amount) : -magnitude(amount);
      }
    } else {
      // A debit and a credit column: money out in one, in the other; the unused one empty or zero.
      const [debitText, creditText] = [cell(at.debit), cell(at.credit)];
      const debit = debitText ? amountOf(debitText, 'debit', fileLine) : 0n;
      const credit = creditText ? amountOf(creditText, 'credit', fileLine) : 0n;
      if (debit !== undefined && credit !== undefined) {
        if ((debit !== 0n) === (credit !== 0n))
          faults.add(fileLine, 'amount', 'exactly one of the debit and credit columns must hold an amount (the other empty or zero)');
        else amount = debit !== 0n ? -magnitude(debit) : magnitude(credit);
      }
    }
    if (amount !== undefined && layout.invertSign) amount = -amount;
    const description = cell(at.description);
    if (!description && !cell(at.counterparty)) faults.add(fileLine, 'description', 'is empty');
    if (at.currency >= 0) {
      const currency = cell(at.currency).toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) faults.add(fileLine, 'currency', `"${cell(at.currency)}" is not a currency code (ISO 4217)`);
      else currencies.add(currency);
    }
    balances.push(at.balance >= 0 && cell(at.balance) ? amountOf(cell(at.balance), 'balance', fileLine) : undefined);
    if (date && amount !== undefined)
      lines.push({
        date,
        amount,
        description: description || cell(at.counterparty),
        counterparty: cell(at.counterparty) || null,
        reference: cell(at.reference) || null,
        fileLine,
      });
  });
  faults.done();
  const closing = at.balance >= 0 ? csvClosingBalance(lines, balances) : null;
  return statementRead(lines, currencies, closing, { number: null, creditCard: null });
}

/**
 * The balance after a CSV's last transaction: the running balance on its latest row. Banks list newest
 * first or oldest first; of the rows of the latest day, the last in time is the first of a file that
 * begins with its newest row, else the last.
 */
function csvClosingBalance(lines: StatementLine[], balances: (bigint | undefined)[]) {
  if (lines.length === 0) return null;
  const newestFirst = lines[0]!.date > lines.at(-1)!.date;
  const latest = lines.reduce((d, l) => (l.date > d ? l.date : d), lines[0]!.date);
  const order = newestFirst ? balances.map((_, i) => i) : balances.map((_, i) => balances.length - 1 - i);
  const at = order.find((i) => lines[i]?.date === latest && balances[i] !== undefined);
  return at === undefined ? null : { balance: balances[at]!, date: latest };
}
