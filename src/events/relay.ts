// The relay: hands committed events on (the webhook deliveries the webhooks module records for them,
// then the live subscribers). It runs two ways, with the same rules:
//   - at commit: the unit of work writes a write's deliveries in the write's own transaction (its events
//     are stored already relayed) and publishes them right after the commit. One transaction a write
//     instead of two, and no wait for a background pass;
//   - as a background loop that sweeps events stored unrelayed (written without the hand-off, e.g. by a
//     tool or an older version) on a timer.
//
// Why a claim column (relayedAt) and not a "last seq seen" cursor: on PostgreSQL an autoincrement seq
// becomes visible in commit order, not in number order (a transaction holding seq 6 can commit after
// the one holding seq 7), so a cursor that moved past 7 would skip 6 for good. An event is relayed
// either inside the transaction that commits it, or later by a claim of "not relayed yet", which finds
// 6 whatever its number; never by position. Several instances share the sweep with FOR UPDATE SKIP
// LOCKED: each event is claimed by exactly one. Within an organization, seq order is commit order
// (every write holds the organization lock until it commits), so one organization's events are
// relayed in order.
import type { Tx } from '../core/tenant.ts';
import type { Database } from '../db/database.ts';
import { Prisma } from '../db/generated/sqlite/client.ts';
import { RAISE_KEY_EPOCH } from '../core/api-keys.ts';
import { anyRow, type RawSql } from '../db/sql.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { EventBus, LoggedEvent } from './bus.ts';
import { type KeyNotice, keyNoticeStatement } from './key-notices.ts';
import { type BackgroundLoop, backgroundLoop } from './loop.ts';

/** Events after which what an instance remembers of an organization's verified keys is stale (core/api-keys.ts). */
const changesKeys = (event: LoggedEvent) => event.type.startsWith('api_key.') || event.type === 'organization.updated';

/** The background sweep, and the hand-off the unit of work calls at commit. */
export interface Relay extends BackgroundLoop {
  /** Inside the writing transaction, after its events are stored (already marked relayed): their webhook deliveries. Returns how many. */
  relayInTransaction(sql: RawSql, events: LoggedEvent[], now: Date): Promise<number>;
  /** After that transaction commits: the dispatcher woken (if deliveries were made), live subscribers told. */
  committed(events: LoggedEvent[], deliveries: number): Promise<void>;
}

/**
 * Records the webhook deliveries of committed events (one per matching enabled subscription) in the
 * transaction that relays them; returns how many. The webhooks module's rule, handed in by app.ts.
 */
export type RecordDeliveries = (sql: RawSql, events: LoggedEvent[], now: Date) => Promise<number>;

export interface RelayOptions {
  db: Database;
  bus: EventBus;
  logger: Logger;
  metrics?: Pick<Metrics, 'relayed'>;
  recordDeliveries: RecordDeliveries;
  /** How often to look even without a wake-up (commits by other processes). */
  intervalMs?: number;
  batchSize?: number;
  /** Told after each relayed batch (the webhook dispatcher wakes up). */
  onRelayed?: () => void;
}

// Long on purpose: one closure over the relay's position and timer, which relaying in a transaction and after a
// commit share.
export function createRelay({
  db,
  bus,
  logger,
  metrics,
  recordDeliveries,
  intervalMs = 250,
  batchSize = 200,
  onRelayed,
}: RelayOptions): Relay {
  /**
   * Claims the oldest unrelayed events and returns them, in one statement: an UPDATE that marks them
   * relayed and RETURNS them. On SQLite it takes the write lock at once (no read-then-upgrade race
   * between two server processes on one file); on PostgreSQL the inner SELECT skips rows another
   * instance has locked.
   */
  async function claim(tx: Tx, now: Date): Promise<LoggedEvent[]> {
    const skipLocked = db.provider === 'postgresql' ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty;
    const rows = (await tx.$queryRaw`
      UPDATE "Event" SET "relayedAt" = ${now}
      WHERE "seq" IN (SELECT "seq" FROM "Event" WHERE "relayedAt" IS NULL ORDER BY "seq" LIMIT ${batchSize} ${skipLocked})
      RETURNING "seq", "id", "organizationId", "type", "resourceType",
        "resourceId", "payload", "createdAt", "actor", "actorKeyId"`) as (Omit<LoggedEvent, 'seq' | 'createdAt'> & {
      seq: number | bigint;
      createdAt: Date | string | number;
    })[];
    return rows
      .map((row) => Object.assign({}, row, { seq: Number(row.seq), createdAt: new Date(row.createdAt) }))
      .sort((a, b) => a.seq - b.seq);
  }

  async function claimBatch(): Promise<{ events: LoggedEvent[]; deliveries: number }> {
    return db.prisma.$transaction(
      async (tx) => {
        const now = new Date();
        const events = await claim(tx, now);
        if (events.length === 0) return { events, deliveries: 0 };
        return { events, deliveries: await relayInTransaction(tx, events, now) };
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  }

  /**
   * In the events' own transaction: their webhook deliveries, and on PostgreSQL the key changes among them
   * announced by NOTIFY, which PostgreSQL delivers at commit (the same announcements follow on the bus).
   */
  async function relayInTransaction(sql: RawSql, events: LoggedEvent[], now: Date) {
    const deliveries = await recordDeliveries(sql, events, now);
    const notices: KeyNotice[] = [
      ...events.filter((e) => e.type === 'api_key.revoked').map((e): KeyNotice => ({ kind: 'revoked', apiKeyId: e.resourceId })),
      ...[...new Set(events.filter(changesKeys).map((e) => e.organizationId))].map(
        (organizationId): KeyNotice => ({ kind: 'keys_changed', organizationId }),
      ),
    ];
    for (const notice of notices) {
      const statement = keyNoticeStatement(db, notice);
      if (statement) await sql.$executeRaw(statement);
    }
    // What every instance reads before trusting a key it remembers: moved by this commit, not by a notice that follows it.
    if (notices.length && db.direct.kind === 'postgresql') await sql.$executeRaw(Prisma.raw(RAISE_KEY_EPOCH));
    return deliveries;
  }

  /** Called only after the events' transaction committed: nothing is published that could still roll back. */
  async function committed(events: LoggedEvent[], deliveries: number) {
    if (deliveries) onRelayed?.(); // the dispatcher has new work only if deliveries were made
    if (metrics) {
      const now = Date.now();
      for (const event of events) metrics.relayed(Math.max(0, now - event.createdAt.getTime()) / 1000);
    }
    // Keys remembered as verified are forgotten here before anything is awaited: on this instance
    // before the write's answer goes out, on the others as Redis carries it.
    for (const organizationId of new Set(events.filter(changesKeys).map((e) => e.organizationId))) {
      bus.announceKeysChanged(organizationId).catch((error) => logger.warn('announcing changed keys failed', { error }));
    }
    // A crash right here loses only the live notification; the events are in the log for `after`
    // replays, and their deliveries are stored.
    await bus.publish(events).catch((error) => logger.warn('publishing events failed', { error }));
    // A revoked key's open connections close on every instance now, not at their next key check.
    for (const event of events) {
      if (event.type === 'api_key.revoked')
        await bus.announceRevocation(event.resourceId).catch((error) => logger.warn('announcing a revocation failed', { error }));
    }
  }

  /** One batch of the sweep: claimed, committed, then published. True when there may be more. */
  async function pass(): Promise<boolean> {
    if (!(await anyRow(db, Prisma.sql`SELECT 1 FROM "Event" WHERE "relayedAt" IS NULL LIMIT 1`))) return false;
    const { events, deliveries } = await claimBatch();
    if (events.length === 0) return false;
    await committed(events, deliveries);
    return events.length === batchSize;
  }

  return Object.assign(backgroundLoop('relay', pass, intervalMs, logger), { relayInTransaction, committed });
}
