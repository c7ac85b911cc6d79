import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { AppError, validationError } from '../lib/errors.ts';
import { badTextIn, UNPAIRED_SURROGATE } from '../lib/text.ts';

/**
 * Reads the whole body, refusing (413) as soon as it passes maxBytes rather than buffering it all; the
 * connection is then dropped, as the stream's async iterator dropped it. Read from the stream's events:
 * an async iterator per request was a measurable share of a small request's CPU.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    return Promise.reject(new AppError('PAYLOAD_TOO_LARGE', `The request body is ${declared} bytes; the limit is ${maxBytes}`));
  }
  const closedEarly = () =>
    Object.assign(new Error('The request was closed before its body ended'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  if (req.destroyed) return Promise.reject(closedEarly());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      done();
      req.destroy();
      reject(new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than the limit of ${maxBytes} bytes`));
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    // Closed before its end: the client went away mid-body.
    const onClose = () => onError(closedEarly());
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/**
 * The refusal of a body that does not parse, on both surfaces. It quotes nothing of the body: a parser's
 * message repeats the text around the fault, which may be a secret the client sent.
 */
export const malformedJson = () =>
  new AppError('MALFORMED_JSON', 'The body is not valid JSON; send one JSON object with Content-Type: application/json');

/** Whether a body parses as JSON (for a surface that parses it later itself). */
export function assertParsesAsJson(body: Buffer): void {
  try {
    JSON.parse(body.toString('utf8'));
  } catch {
    throw malformedJson();
  }
}

/** The media type of a Content-Type header, lower case, without parameters. */
export const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/**
 * Parses a request body: JSON, or, for a route that takes a table, CSV (`text/csv`, UTF-8) turned into
 * its JSON body by the route.
 */
export function parseRequestBody(body: Buffer, contentType: string | undefined, csv?: { toBody(text: string): unknown }): unknown {
  if (csv && mediaType(contentType) === 'text/csv') {
    if (!isUtf8(body))
      throw new AppError('VALIDATION_FAILED', 'The CSV table is not valid UTF-8', [{ path: '(body)', message: 'is not UTF-8' }]);
    return csv.toBody(body.toString('utf8'));
  }
  return parseJsonBody(body, contentType);
}

/** Parses a JSON request body; the content type must say JSON. */
export function parseJsonBody(body: Buffer, contentType: string | undefined): unknown {
  assertJsonContentType(contentType, 'the body');
  assertUtf8(body);
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw malformedJson();
  }
  const badText = badTextIn(value);
  // An escaped lone surrogate ("\ud800") parses, but is not text any encoding can carry (I-JSON, RFC 7493).
  const notText = badText.filter((e) => e.message.endsWith(UNPAIRED_SURROGATE));
  if (notText.length)
    throw new AppError(
      'MALFORMED_JSON',
      `The body is not valid JSON text: ${notText[0].path} contains an unpaired surrogate escape`,
      notText,
    );
  if (badText.length) throw validationError(badText);
  return value;
}

/**
 * Bodies are JSON on both surfaces: GraphQL over HTTP too takes only application/json (the
 * GraphQL-over-HTTP spec's one required type; Yoga would also run form posts and application/graphql).
 */
export function assertJsonContentType(contentType: string | undefined, what: string): void {
  const type = mediaType(contentType);
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send ${what} as JSON with Content-Type: application/json${type ? ` (got ${type})` : ''}`);
  }
}

/** JSON is UTF-8 (RFC 8259): bytes that are not are refused rather than turned into U+FFFD. */
export function assertUtf8(body: Buffer): void {
  if (!isUtf8(body)) throw new AppError('MALFORMED_JSON', 'The body is not valid UTF-8; send JSON encoded as UTF-8');
}
