// The event log keeps what it must, not everything for ever. An event's data (~1.3 KB: the whole
// resource) is what webhooks, replays and subscribers need; after EVENT_RETENTION_DAYS (Stripe keeps
// events 30 days) nothing needs it any more, and it is pruned. The row stays: type, resource, time and
// actor are the audit trail (who changed what, when), which a bookkeeper needs for years. An event a
// webhook delivery still waits for (pending) or that was never relayed is left whole until it is done.
// Pruning runs in batches of short statements on the primary key, so writers never wait behind it.
import type { Database } from '../db/database.ts';
import { Prisma } from '../db/generated/sqlite/client.ts';
import type { Logger } from '../lib/logger.ts';
import { type BackgroundLoop, backgroundLoop } from './loop.ts';

/** Events examined per statement. */
const BATCH = 1000;
const DAY_MS = 86_400_000;

export interface RetentionOptions {
  db: Database;
  logger: Logger;
  clock: () => Date;
  /** 0: keep every event whole. */
  retentionDays: number;
  intervalMs?: number;
}

/** Prunes events past retention; `drain()` runs it through now (tests). */
export function createRetention({ db, logger, clock, retentionDays, intervalMs = 3_600_000 }: RetentionOptions): BackgroundLoop {
  // The highest seq examined since start: each pass goes on from there along the primary key. A restart
  // begins again from the start once, and picks up events whose deliveries have since finished.
  let examinedUpTo = 0;
  const pass = async () => {
    if (retentionDays <= 0) return false;
    const now = clock();
    const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
    // The next events along the primary key; the log is in time order, so the old ones come first and
    // the first one inside the retention ends the pass (no scan of the recent log for old rows).
    const window: { seq: number | bigint; createdAt: Date | string | number }[] = await db.prisma.$queryRaw(
      Prisma.sql`SELECT "seq", "createdAt" FROM "Event" WHERE "seq" > ${examinedUpTo} ORDER BY "seq" LIMIT ${BATCH}`,
    );
    const old = window.filter((e) => new Date(e.createdAt) < cutoff);
    if (old.length === 0) return false;
    const last = Number(old.at(-1)!.seq);
    const pruned = await db.prisma.$executeRaw(
      Prisma.sql`UPDATE "Event" SET "payload" = '{}', "prunedAt" = ${now}
        WHERE "seq" > ${examinedUpTo} AND "seq" <= ${last} AND "createdAt" < ${cutoff}
          AND "prunedAt" IS NULL AND "relayedAt" IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = "Event"."id" AND d."status" = 'PENDING')`,
    );
    examinedUpTo = last;
    if (pruned) logger.debug('event data pruned', { events: pruned, upToSeq: last });
    return old.length === BATCH;
  };
  return backgroundLoop('event retention', pass, intervalMs, logger);
}
