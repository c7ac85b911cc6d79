import type { IncomingMessage } from 'node:http';
import { AppError } from '../lib/errors.ts';

/** Reads the whole body, refusing (413) as soon as it passes maxBytes rather than buffering it all. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body is ${declared} bytes; the limit is ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than the limit of ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON request body; the content type must say JSON. */
export function parseJsonBody(body: Buffer, contentType: string | undefined): unknown {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the body as JSON with Content-Type: application/json${type ? ` (got ${type})` : ''}`);
  }
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new AppError('MALFORMED_JSON', `The body is not valid JSON: ${(error as Error).message}`);
  }
}
