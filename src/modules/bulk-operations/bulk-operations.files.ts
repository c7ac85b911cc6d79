// The files of bulk operations: an import's upload and an operation's result, both JSONL, kept in the
// database as chunks of lines (BulkFileChunk) so several instances and a backup need nothing else, and
// so neither is ever held whole in memory: an upload is stored as it streams in, a result is written a
// page at a time and downloaded a chunk at a time. A result is reached by a signed link that expires.
import { isUtf8 } from 'node:buffer';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Database, Prisma, PrismaTypes } from '../../db/database.ts';
import { AppError, type FieldError, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { PublicPage } from '../../module.ts';
import { IMPORT_LINE_BYTES } from './bulk-operations.service.ts';

/** A chunk holds at most this many lines, or this many bytes, whichever comes first. */
export const CHUNK_LINES = 1000;
const CHUNK_BYTES = 1024 * 1024;
/** The largest upload: lines and bytes (a line's, by resource: importLineBytes). */
export const MAX_FILE_LINES = 1_000_000;
export const MAX_FILE_BYTES = 512 * 1024 * 1024;

/** Lines at fault an upload's refusal names (it says how many more there were). */
const NAMED_FAULTS = 20;

/** One line of an import file: the REST body of a create, and the key that makes it happen once. */
export interface ImportLine {
  idempotencyKey?: string;
  body: Record<string, unknown>;
}

/** Why a line is not `{"idempotencyKey"?: string, "body": {…}}`, or nothing when it is. */
export function importLineFault(text: string): string | undefined {
  let line: unknown;
  try {
    line = JSON.parse(text);
  } catch {
    return 'is not valid JSON';
  }
  if (typeof line !== 'object' || line === null || Array.isArray(line))
    return 'must be a JSON object: {"idempotencyKey": "…", "body": {…}}';
  const { body, idempotencyKey, ...unknown } = line as Record<string, unknown>;
  const extra = Object.keys(unknown);
  if (extra.length) return `has unknown fields (${extra.slice(0, 5).join(', ')}); a line holds idempotencyKey and body`;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'needs body: the JSON object a single create would send';
  if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)))
    return 'has an idempotencyKey that is not 1 to 255 printable ASCII characters';
  return undefined;
}

export interface StoredFile {
  id: string;
  lineCount: number;
  byteCount: number;
  sha256: string;
}

/** Writes a bare statement in a batch transaction: on SQLite it could otherwise join another request's open transaction. */
const alone = <T>(prisma: Prisma, query: PrismaTypes.PrismaPromise<T>) => prisma.$transaction([query]).then(([result]) => result);

/**
 * Stores an import file as it streams in: every line must be an import line (all faults named, up to
 * 20, and nothing kept). The same file uploaded again (by its SHA-256) answers the file already stored,
 * so a retried upload with the same idempotency key replays its operation.
 * Long on purpose: the file read once as it arrives: its bounds, its hash, its lines counted, in one pass.
 */
export async function storeImportFile(
  db: Database,
  organizationId: string,
  stream: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  /** The longest line it may hold (bulk-operations.service.ts: importLineBytes). */
  maxLineBytes = IMPORT_LINE_BYTES,
): Promise<StoredFile> {
  const id = newId('BulkFile');
  const hash = createHash('sha256');
  const faults: FieldError[] = [];
  let faultCount = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lines: string[] = [];
  let chunkBytes = 0;
  let lineCount = 0;
  let byteCount = 0;
  let seq = 0;

  const flush = async () => {
    if (lines.length === 0) return;
    const data = Buffer.from(`${lines.join('\n')}\n`);
    await alone(db.prisma, db.prisma.bulkFileChunk.create({ data: { fileId: id, seq: seq++, lineCount: lines.length, data } }));
    lines = [];
    chunkBytes = 0;
  };
  const take = async (raw: Buffer) => {
    const text = raw.toString('utf8').replace(/\r$/, '');
    lineCount++;
    if (lineCount > MAX_FILE_LINES) throw new AppError('PAYLOAD_TOO_LARGE', `The file has more than ${MAX_FILE_LINES} lines`);
    const fault = !isUtf8(raw)
      ? 'is not UTF-8 text'
      : text.trim() === ''
        ? 'is empty (a file holds one import line per line)'
        : importLineFault(text);
    if (fault) {
      if (faultCount++ < NAMED_FAULTS) faults.push({ path: `lines.${lineCount}`, message: `line ${lineCount} ${fault}` });
      return;
    }
    lines.push(text);
    chunkBytes += raw.length;
    if (lines.length >= CHUNK_LINES || chunkBytes >= CHUNK_BYTES) await flush();
  };

  try {
    for await (const piece of stream) {
      const bytes = Buffer.from(piece);
      byteCount += bytes.length;
      if (byteCount > MAX_FILE_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${MAX_FILE_BYTES} bytes`);
      hash.update(bytes);
      let start = 0;
      for (let newline = bytes.indexOf(10); newline !== -1; newline = bytes.indexOf(10, start)) {
        pending.push(bytes.subarray(start, newline));
        await take(Buffer.concat(pending));
        pending = [];
        pendingBytes = 0;
        start = newline + 1;
      }
      if (start < bytes.length) {
        pending.push(bytes.subarray(start));
        pendingBytes += bytes.length - start;
        if (pendingBytes > maxLineBytes)
          throw new AppError('PAYLOAD_TOO_LARGE', `Line ${lineCount + 1} is longer than the limit of ${maxLineBytes} bytes`);
      }
    }
    if (pendingBytes > 0) await take(Buffer.concat(pending));
    if (faultCount > NAMED_FAULTS)
      faults.push({ path: 'lines', message: `${faultCount - NAMED_FAULTS} more lines are at fault; the first ${NAMED_FAULTS} are named` });
    if (faults.length)
      throw new AppError('VALIDATION_FAILED', `${faultCount} of the file's ${lineCount} lines are not import lines`, faults);
    if (lineCount === 0) throw validationError([{ path: 'lines', message: 'the file is empty' }]);
    await flush();
    const sha256 = hash.digest('hex');
    const same = await db.prisma.bulkFile.findFirst({ where: { organizationId, sha256 } });
    if (same) {
      await deleteFileChunks(db, id);
      return { id: same.id, lineCount: same.lineCount, byteCount: Number(same.byteCount), sha256 };
    }
    await alone(db.prisma, db.prisma.bulkFile.create({ data: { id, organizationId, lineCount, byteCount, sha256 } }));
    return { id, lineCount, byteCount, sha256 };
  } catch (error) {
    await deleteFileChunks(db, id);
    throw error;
  }
}

export const deleteFileChunks = (db: Database, fileId: string) =>
  alone(db.prisma, db.prisma.bulkFileChunk.deleteMany({ where: { fileId } }));

/** A file's lines from chunk `fromSeq` on, a chunk at a time. */
export async function* fileChunks(prisma: Prisma, fileId: string, fromSeq = 0) {
  for (let seq = fromSeq; ; seq++) {
    const chunk = await prisma.bulkFileChunk.findUnique({ where: { fileId_seq: { fileId, seq } } });
    if (!chunk) return;
    yield chunk;
  }
}

const signature = (secret: string, operationId: string, expires: number) =>
  createHmac('sha256', secret).update(`${operationId}.${expires}`).digest('base64url');

/** The signed link to an operation's result file, valid until `expiresAt`. */
export function resultLink(publicUrl: string, operation: { id: string; secret: string }, expiresAt: Date) {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${publicUrl}/bulk/${operation.id}/${expires}/${signature(operation.secret, operation.id, expires)}/result.jsonl`;
}

const problemPage = (status: number, title: string, detail: string) => ({
  status,
  type: 'application/problem+json',
  body: JSON.stringify({ type: 'about:blank', title, status, detail }),
});

/**
 * GET /bulk/<operation>/<expires>/<signature>/result.jsonl: the result file, for whoever holds the link
 * (no key: a link can be handed to a job that fetches it), streamed a chunk at a time; refused once
 * expired, and answered 404 for a link this server did not sign.
 */
export const resultFilePage: PublicPage = {
  pattern: /^\/bulk\/(bop_[0-9a-z]{26})\/(\d{1,12})\/([A-Za-z0-9_-]{43})\/result\.jsonl$/,
  route: '/bulk/:id/:expires/:signature/result.jsonl',
  async answer(prisma, match) {
    const [, id, expiresText, given] = match;
    const expires = Number(expiresText);
    const operation = await prisma.bulkOperation.findUnique({
      where: { id },
      select: { id: true, secret: true, resultUrl: true },
    });
    const expected = operation && Buffer.from(signature(operation.secret, id, expires));
    if (!operation?.resultUrl || !expected || expected.length !== given.length || !timingSafeEqual(expected, Buffer.from(given)))
      return problemPage(404, 'Not found', 'No file at this link');
    if (expires * 1000 <= Date.now())
      return problemPage(410, 'Gone', 'This link has expired, and the file with it; run the operation again for a new one');
    return {
      status: 200,
      type: 'application/jsonl; charset=utf-8',
      headers: { 'content-disposition': `attachment; filename="${id}.jsonl"` },
      body: (async function* () {
        for await (const chunk of fileChunks(prisma, id)) yield chunk.data;
      })(),
    };
  },
};
