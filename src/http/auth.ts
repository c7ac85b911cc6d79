import type { IncomingMessage } from 'node:http';
import type { Prisma } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { type VerifiedKey, verifyApiKey } from '../modules/api-keys/api-keys.service.ts';

/** The verified key of a request, or an UNAUTHENTICATED error that says what is wrong without leaking which keys exist. */
export async function authenticate(req: IncomingMessage, prisma: Prisma): Promise<VerifiedKey> {
  const header = req.headers.authorization;
  if (!header) throw new AppError('UNAUTHENTICATED', 'Send your API key as Authorization: Bearer <key>');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError('UNAUTHENTICATED', 'The Authorization header must be "Bearer <key>"');
  const key = await verifyApiKey(prisma, match[1]);
  if (!key) throw new AppError('UNAUTHENTICATED', 'The API key is invalid or has been revoked');
  return key;
}
