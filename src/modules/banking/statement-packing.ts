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

/**
 * A packed column's values in order, one at a time: the import takes them a chunk at a time, where
 * splitting a hundred thousand lines' columns at once held the request thread for tens of milliseconds.
 */
export class PackedColumn {
  #at = 0;
  constructor(private readonly text: string) {}

  next(): string {
    let end = this.text.indexOf(SEPARATOR, this.#at);
    if (end < 0) end = this.text.length;
    const value = this.text.slice(this.#at, end);
    this.#at = end + 1;
    return value;
  }
}

/** One line as the import writes it. */
export interface UnpackedLine {
  date: string;
  amount: bigint;
  description: string;
  counterparty: string | null;
  reference: string | null;
  key: string;
}

/** The lines in order, one a call: each field read from its column as it comes (`PackedColumn`). */
export function lineReader(packed: PackedLines): () => UnpackedLine {
  const [dates, descriptions, counterparties, references, keys] = [
    packed.dates,
    packed.descriptions,
    packed.counterparties,
    packed.references,
    packed.keys,
  ].map((column) => new PackedColumn(column));
  let i = 0;
  return () => ({
    date: dates!.next(),
    amount: packed.amounts[i++]!,
    description: descriptions!.next(),
    counterparty: counterparties!.next() || null,
    reference: references!.next() || null,
    key: keys!.next(),
  });
}

/** Every line at once (tests; the import reads them a chunk at a time). */
export function unpackLines(packed: PackedLines): UnpackedLine[] {
  const next = lineReader(packed);
  return Array.from({ length: packed.count }, next);
}
