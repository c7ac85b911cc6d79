import type { Database, Prisma } from '../db/database.ts';
import type { VerifiedKey } from '../modules/api-keys/api-keys.service.ts';

/** What every resolver receives. Built by the HTTP layer once the API key is verified. */
export interface GraphQLContext {
  requestId: string;
  db: Database;
  prisma: Prisma;
  apiKey: VerifiedKey;
  organization: VerifiedKey['organization'];
  /** The tenant wall: every query a resolver makes filters by this id. */
  organizationId: string;
}
