// The relay: reads committed events from the outbox (the Event table), makes one webhook delivery per
// matching enabled subscription, marks them relayed, and publishes them to live subscribers.
//
// Why a claim column (relayedAt) and not a "last seq seen" cursor: on PostgreSQL an autoincrement seq
// becomes visible in commit order, not in number order (a transaction holding seq 6 can commit after
// the one holding seq 7), so a cursor that moved past 7 would skip 6 for good. Reading "not relayed
// yet" finds 6 on the next pass whatever its number. Several instances share the work with FOR UPDATE
// SKIP LOCKED: each event is claimed by exactly one. Within an organization, seq order is commit order
// (every write holds the organization lock until it commits), so one organization's events are
// relayed in order.
import type { Database } from '../db/database.ts';
import type { Logger } from '../lib/logger.ts';
import { newId } from '../lib/ids.ts';
import type { EventBus, LoggedEvent } from './bus.ts';
import { PRIVATE_TO_SUBSCRIPTION } from './catalogue.ts';
import { type BackgroundLoop, backgroundLoop } from './loop.ts';

/** Hands committed events on; `wake` after a commit that wrote events. */
export type Relay = BackgroundLoop;

export interface RelayOptions {
  db: Database;
  bus: EventBus;
  logger: Logger;
  /** How often to look even without a wake-up (commits by other processes). */
  intervalMs?: number;
  batchSize?: number;
  /** Told after each relayed batch (the webhook dispatcher wakes up). */
  onRelayed?: () => void;
}

export function createRelay({ db, bus, logger, intervalMs = 250, batchSize = 200, onRelayed }: RelayOptions): Relay {
  async function claimBatch(): Promise<LoggedEvent[]> {
    return db.prisma.$transaction(
      async (tx) => {
        const seqs: number[] =
          db.provider === 'postgresql'
            ? ((await tx.$queryRaw`SELECT "seq" FROM "Event" WHERE "relayedAt" IS NULL ORDER BY "seq" LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`) as { seq: number }[]).map((r) => Number(r.seq))
            : (await tx.event.findMany({ where: { relayedAt: null }, orderBy: { seq: 'asc' }, take: batchSize, select: { seq: true } })).map((r) => r.seq);
        if (seqs.length === 0) return [];
        const events = await tx.event.findMany({ where: { seq: { in: seqs } }, orderBy: { seq: 'asc' } });
        const organizations = [...new Set(events.map((e) => e.organizationId))];
        const subscriptions = await tx.webhookSubscription.findMany({ where: { organizationId: { in: organizations }, status: 'ENABLED' }, select: { id: true, organizationId: true, eventTypes: true } });
        const now = new Date();
        const deliveries = events.flatMap((event) =>
          subscriptions
            .filter((s) =>
              PRIVATE_TO_SUBSCRIPTION.includes(event.type)
                ? s.id === event.resourceId
                : s.organizationId === event.organizationId && s.eventTypes.split(',').some((t) => t === '*' || t === event.type),
            )
            .map((s) => ({ id: newId('WebhookDelivery'), organizationId: event.organizationId, subscriptionId: s.id, eventId: event.id, eventSeq: event.seq, nextAttemptAt: now, createdAt: now, updatedAt: now })),
        );
        if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries });
        await tx.event.updateMany({ where: { seq: { in: seqs } }, data: { relayedAt: now } });
        return events.map(({ relayedAt: _relayed, ...event }) => event);
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  }

  /** One batch: claimed, committed, then published. True when there may be more. */
  async function pass(): Promise<boolean> {
    const events = await claimBatch();
    if (events.length === 0) return false;
    onRelayed?.();
    // After the commit: nothing is published that could still roll back. A crash right here loses
    // only the live notification; the events are in the log for `after` replays and webhooks.
    await bus.publish(events).catch((error) => logger.warn('publishing events failed', { error }));
    return events.length === batchSize;
  }

  return backgroundLoop('relay', pass, intervalMs, logger);
}
