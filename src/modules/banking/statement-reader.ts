// Which reader a statement file goes to, by its format (the heavy-work pool's task: src/heavy/tasks.ts).
import { readCsv } from './statement-csv.ts';
import {
  type CsvLayout,
  type ParsedStatement,
  readCamt053,
  readOfx,
  type StatementFormat,
  type StatementTarget,
} from './statement-files.ts';
import { readMt940 } from './statement-mt940.ts';

/** A statement file read as its format says. */
export function readStatementFile(
  input: { format: StatementFormat; text: string; layout?: CsvLayout; decimals: number } & StatementTarget,
): ParsedStatement {
  const target = { accountLast4: input.accountLast4 };
  switch (input.format) {
    case 'csv':
      return readCsv(input.text, input.layout!, input.decimals);
    case 'ofx':
      return readOfx(input.text, input.decimals, target);
    case 'camt053':
      return readCamt053(input.text, input.decimals, target);
    case 'mt940':
      return readMt940(input.text, input.decimals, target);
  }
}
