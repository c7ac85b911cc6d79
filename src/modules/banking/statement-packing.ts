// A statement file read in the heavy-work pool comes back to the request thread packed: a column a field,
// its values joined by NUL, the amounts in one typed array. A hundred thousand line objects took the
// request thread some 150 ms to receive (structured clone builds each object and property); a few long
// strings take a few milliseconds, and the import then builds rows a chunk at a time. What the import
// needs of the file is computed in the pool too: each line's dedupe key (a fingerprint is a hash a line)
// and the file's own fingerprint.
import { dedupeKeys, fileHash, type ParsedStatement, type StatementLine } from './statement-files.ts';
import { readStatementFile, type StatementFileInput } from './statement-reader.ts';

const SEPARATOR = '\u0000';
/** Control characters (NUL, the separator, among them) are read as spaces: no stored text holds one. */
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The lines of a statement, a column a field (see above). */
export interface PackedLines {
  count: number;
  dates: string;
  amounts: BigInt64Array;
  descriptions: string;
  /** Empty for none. */
  counterparties: string;
  /** Empty for none. */
  references: string;
  keys: string;
}

/** A statement file read (ParsedStatement without its lines), its lines packed, and the file's SHA-256 as received. */
export interface ReadStatement extends Omit<ParsedStatement, 'lines'> {
  lines: PackedLines;
  fileHash: string;
}

/** The heavy-work task: reads the file and packs what the import needs. */
export function readStatementPacked(input: StatementFileInput): ReadStatement {
  const { lines, ...rest } = readStatementFile(input);
  return { ...rest, lines: packLines(lines, dedupeKeys(lines)), fileHash: fileHash(input.text) };
}

export function packLines(lines: StatementLine[], keys: string[]): PackedLines {
  const column = (value: (line: StatementLine) => string | null) =>
    lines.map((line) => (value(line) ?? '').replace(CONTROL, ' ')).join(SEPARATOR);
  return {
    count: lines.length,
    dates: column((l) => l.date),
    amounts: BigInt64Array.from(lines, (l) => l.amount),
    descriptions: column((l) => l.description),
    counterparties: column((l) => l.counterparty),
    references: column((l) => l.reference),
    keys: keys.join(SEPARATOR),
  };
}

/** The lines as the import writes them: each column split once (a few milliseconds for a hundred thousand). */
export function unpackLines(packed: PackedLines) {
  const split = (column: string) => (packed.count === 0 ? [] : column.split(SEPARATOR));
  const orNull = (column: string) => split(column).map((value) => value || null);
  return {
    count: packed.count,
    dates: split(packed.dates),
    amounts: packed.amounts,
    descriptions: split(packed.descriptions),
    counterparties: orNull(packed.counterparties),
    references: orNull(packed.references),
    keys: split(packed.keys),
  };
}
