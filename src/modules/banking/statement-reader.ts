// Which reader a statement file goes to, by its format (the heavy-work pool's task: src/heavy/tasks.ts),
// and what comes as bytes: a file sent in base64 (a zip archive of statement files, as banks deliver a
// month of daily CAMT or MT940 files, or a file in another encoding than UTF-8).
import { unzipSync } from 'fflate';
import { AppError } from '../../lib/errors.ts';
import { readCsv } from './statement-csv.ts';
import { readMt940 } from './statement-mt940.ts';
import { readCamt053 } from './statement-camt.ts';
import { type CsvLayout, type ParsedStatement, type StatementFormat, type StatementTarget, oneAccount, refuse } from './statement-files.ts';
import { readOfx } from './statement-ofx.ts';

/** Most files one archive may hold, and most bytes they may come to unpacked. */
export const MAX_ARCHIVE_FILES = 400;

export const MAX_ARCHIVE_BYTES = 64 * 1_048_576;

export type StatementFileInput = {
  format: StatementFormat;
  /** The file's text, or with `base64` its bytes in base64. */
  text: string;
  base64?: boolean;
  layout?: CsvLayout;
  decimals: number;
} & StatementTarget;

/** A statement file read as its format says. */
export function readStatementFile(input: StatementFileInput): ParsedStatement {
  if (!input.base64) return readText(input.text, input);
  const bytes = Buffer.from(input.text, 'base64');
  return isZip(bytes) ? readArchive(bytes, input) : readText(decodeText(bytes), input);
}

function readText(text: string, input: StatementFileInput): ParsedStatement {
  const target = { accountLast4: input.accountLast4 };
  switch (input.format) {
    case 'csv':
      return readCsv(text, input.layout!, input.decimals);
    case 'ofx':
      return readOfx(text, input.decimals, target);
    case 'camt053':
      return readCamt053(text, input.decimals, target);
    case 'mt940':
      return readMt940(text, input.decimals, target);
  }
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Bytes as text: UTF-8 (a byte-order mark dropped), else Windows-1252, as many banks still write MT940 and CSV. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * A zip archive of statement files of one format: each file read (its faults named by file), those of
 * this account kept (an archive may hold several accounts' files: picked as one file's statements are),
 * their lines together and the latest closing balance. Folders, and the metadata macOS adds, are skipped.
 */
function readArchive(bytes: Uint8Array, input: StatementFileInput): ParsedStatement {
  let count = 0;
  let unpacked = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/') || /(^|\/)\./.test(file.name)) return false;
        unpacked += file.originalSize;
        if (++count > MAX_ARCHIVE_FILES) throw refuse(`the archive holds more than ${MAX_ARCHIVE_FILES} files; send fewer at once`);
        if (unpacked > MAX_ARCHIVE_BYTES)
          throw refuse(`the archive's files come to more than ${MAX_ARCHIVE_BYTES / 1_048_576} MB unpacked; send fewer at once`);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(`the zip archive cannot be read: ${(error as Error).message}`);
  }
  const names = Object.keys(files).sort();
  if (names.length === 0) throw refuse('the zip archive holds no file');
  const read = names.map((name) => {
    try {
      return { name, parsed: readText(decodeText(files[name]!), input) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(
        error.code,
        error.message,
        error.fieldErrors.map((f) => ({ ...f, message: `${name}: ${f.message}` })),
        error.details,
      );
    }
  });
  const chosen = oneAccount(
    read.map((r) => ({ ...r, number: r.parsed.account.number })),
    input,
  );
  const currencies = [...new Set(chosen.map((c) => c.parsed.currency).filter(Boolean))];
  if (currencies.length > 1) throw refuse(`the archive's files are in ${currencies.join(', ')}: import one currency at a time`);
  let closing: { balance: bigint; date: string | null } | null = null;
  for (const { parsed } of chosen) {
    if (parsed.closingBalance === null) continue;
    if (!closing || (parsed.closingDate ?? '') >= (closing.date ?? ''))
      closing = { balance: parsed.closingBalance, date: parsed.closingDate };
  }
  return {
    lines: chosen.flatMap((c) => c.parsed.lines),
    currency: currencies[0] ?? null,
    closingBalance: closing?.balance ?? null,
    closingDate: closing?.date ?? null,
    account: chosen[0]!.parsed.account,
  };
}
