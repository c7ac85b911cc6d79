// The unit of work: the one path every write takes, on every surface. In ONE database transaction it
//   1. locks the organization row (the first lock of every write: see LOCK ORDER below),
//   2. looks up the idempotency key (a finished request with the same key and input is replayed),
//   3. runs the service, which reads and writes through the transaction and returns its events,
//   4. renders the touched resources in their public shape and appends the events to the outbox,
//   5. hands the events to the relay inside the transaction (their webhook deliveries are written with
//      them, and they are stored as relayed),
//   6. stores the response under the idempotency key, and writes back the organization's sequences,
// then commits once, and after the commit tells the relay (live subscribers, webhook dispatcher). A
// crash at any point leaves either all of it or none of it, so a retry with the same key writes
// exactly once. Services never open transactions, never see idempotency keys and
// never format events.
//
// LOCK ORDER (the only one; every write follows it, so two writes never wait on each other in a circle):
//   organization row  ->  the document (invoice, entry, contact…)  ->  its lines.
// Taking the organization first serializes the writes of one organization. That is what an accounting
// ledger wants anyway (gapless invoice and entry numbers, lock-date checks against the current
// settings), and it lets a concurrent request with the same idempotency key wait for the first one and
// then replay it, with no polling loop. Other organizations are not affected.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { Prisma } from '../db/generated/sqlite/client.ts';
import { insertRows, insertStatement } from '../db/insert.ts';
import { selectModelRows } from '../db/model-rows.ts';
import { type RawSql, transactionSql, writeAll } from '../db/sql.ts';
import type { LoggedEvent } from '../events/bus.ts';
import { AppError } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { declared } from '../declarations.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import { type Change, type PublicObject, previousAttributes, type Representations, type ResourceRef } from './representations.ts';
import {
  organizationInfo,
  type OrganizationInfo,
  organizationLockStatement,
  type OrganizationRow,
  type SequenceName,
  type Tx,
  type WriteScope,
} from './tenant.ts';

const EVENT_COLUMNS = [
  'id',
  'organizationId',
  'type',
  'resourceType',
  'resourceId',
  'payload',
  'createdAt',
  'relayedAt',
  'actor',
  'actorKeyId',
] as const;

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A stored idempotency key: read, written and deleted raw in the write's transaction, as its events are. */
type IdempotencyRecord = {
  id: string;
  organizationId: string;
  key: string;
  operation: string;
  requestHash: string;
  response: string | null;
  createdAt: Date;
  expiresAt: Date;
};
const IDEMPOTENCY_COLUMNS = [
  'id',
  'organizationId',
  'key',
  'operation',
  'requestHash',
  'response',
  'createdAt',
  'expiresAt',
] as const satisfies readonly (keyof IdempotencyRecord)[];

/** Who made a change, as its events record it: an API key (by id, prefix and name), or the service itself. */
export type Actor = { type: 'api_key'; id: string; prefix: string; name: string } | { type: 'system' };

export const SYSTEM: Actor = { type: 'system' };

export interface WriteRequest {
  /** The operation's name (the GraphQL mutation): a key may only be replayed for the same operation. */
  operation: string;
  /** Who asks (every API request says); omitted, the service itself (a dispatcher disabling a failing subscription). */
  actor?: Actor;
  idempotencyKey?: string | null;
  /** The operation's input, hashed so a reused key with another input is refused. */
  input: unknown;
}

export interface WriteOutcome<Row = unknown> {
  /** The operation that wrote (or first wrote, for a replay). */
  operation: string;
  type: string;
  id: string;
  /** The result row as written; absent on a replay. */
  row?: Row;
  /** The result in its public shape (the REST body). */
  object: PublicObject;
  /** True when an earlier request with the same idempotency key produced this result. */
  replayed: boolean;
}

export interface UnitOfWork {
  write<Row>(organizationId: string, request: WriteRequest, work: (scope: WriteScope) => Promise<Change<Row>>): Promise<WriteOutcome<Row>>;
  /**
   * Runs `work` in one transaction of its own: every write it makes for this organization (through
   * `write`, in the same async context) joins it, and they commit together or, if `work` throws, none
   * does (an all-or-nothing batch). Reads meant to see those writes go through the `tx` handed in.
   * Events are handed on after the one commit. A write that fails inside stops nothing by itself: the
   * caller throws to roll everything back.
   */
  atomically<T>(organizationId: string, work: (tx: Tx) => Promise<T>): Promise<T>;
}

/** An open all-or-nothing transaction (`atomically`) and the events its writes will hand on once it commits. */
interface Session {
  organizationId: string;
  tx: Tx;
  committed: { logged: LoggedEvent[]; deliveries: number }[];
}

export interface UnitOfWorkOptions {
  db: Database;
  representations: Representations;
  logger?: Logger;
  metrics?: Pick<Metrics, 'writeConflict' | 'fastPathFallback'>;
  clock?: () => Date;
  /** How many times a transaction that lost a conflict (deadlock, serialization, busy file) is run. */
  maxAttempts?: number;
  /**
   * SQLite: writes that need no Prisma client run in a transaction begun on the connection directly
   * (`Database.sqliteTransaction`), default; false runs every write in Prisma's (`FAST_PATHS=false`).
   */
  directTransactions?: boolean;
  /** Test seam: runs inside the transaction after everything is written, just before commit. */
  beforeCommit?: (scope: WriteScope) => void | Promise<void>;
  /**
   * The relay's hand-off (src/events/relay.ts). Without it, events are stored unrelayed and wait for a
   * relay's sweep (seeding scripts and tests that need no live fan-out).
   */
  relay?: EventHandOff;
}

/** How a write hands its events on: inside its transaction, then after the commit. */
export interface EventHandOff {
  /** Inside the writing transaction, after the events are stored: their webhook deliveries. Returns how many. */
  relayInTransaction(sql: RawSql, events: LoggedEvent[], now: Date): Promise<number>;
  /** After the commit (never before: nothing is published that could still roll back). */
  committed(events: LoggedEvent[], deliveries: number): Promise<void>;
}

/** JSON with object keys sorted, so the same input always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function checkIdempotencyKey(key: string) {
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'The idempotency key must be 1 to 255 printable ASCII characters', [
      { path: 'idempotencyKey', message: 'must be 1 to 255 printable ASCII characters' },
    ]);
  }
}

/** Conflicts a fresh attempt can win: deadlock or serialization failure (PostgreSQL), a busy file (SQLite). */
export function isTransientConflict(error: unknown): boolean {
  const e = error as
    | { code?: string; meta?: { driverAdapterError?: { cause?: { kind?: string } } }; cause?: { kind?: string }; message?: string }
    | undefined;
  if (!e) return false;
  if (e.code === 'P2034') return true; // write conflict or deadlock
  if (e.code === 'P2028' && /Unable to start a transaction/.test(e.message ?? '')) return true;
  const kind = e.meta?.driverAdapterError?.cause?.kind ?? e.cause?.kind;
  return kind === 'TransactionWriteConflict' || kind === 'SocketTimeout';
}

class Replay {
  constructor(readonly outcome: WriteOutcome<never>) {}
}

/** A write begun on SQLite's direct transaction reached for Prisma's client: it is run again in Prisma's. */
class NeedsPrisma extends Error {}

/**
 * The transaction client of a write begun on SQLite's direct transaction (`Database.sqliteTransaction`):
 * there is none, and any use of it stops the attempt (before anything of it runs) so that it is made again
 * in Prisma's own transaction.
 */
const WITHOUT_PRISMA = new Proxy({} as Tx, {
  get(_, key) {
    // Asked by `await` and by inspection, not a use.
    if (key === 'then' || typeof key === 'symbol') return undefined;
    throw new NeedsPrisma(`Prisma's transaction client (${String(key)})`);
  },
});

/** How long a write waits for the database's transaction lock before it fails as a conflict (and is retried). */
const TRANSACTION_MAX_WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each numbering sequence of an organization, and the Organization column holding its next number. */
const SEQUENCES = Object.entries(declared('sequences')) as [SequenceName, string][];

// Long on purpose: one closure over the write path's options, its relay and its sessions; a write's steps (attempt,
// inTransaction) are named inside it, in the order the header lists.
export function createUnitOfWork(options: UnitOfWorkOptions): UnitOfWork {
  const { db, representations } = options;
  const clock = options.clock ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? 6;
  /**
   * A transaction begun without Prisma's (SQLite: on the adapter's connection; PostgreSQL: on a connection
   * of the shared pool), its work given the raw SQL that runs in it.
   */
  const directTransaction = ((): (<T>(work: (sql: RawSql) => Promise<T>) => Promise<T>) | undefined => {
    if (options.directTransactions === false) return undefined;
    const { sqliteTransaction, pgTransaction } = db;
    if (sqliteTransaction) return (work) => sqliteTransaction(() => work(transactionSql(db, WITHOUT_PRISMA)), TRANSACTION_MAX_WAIT_MS);
    if (pgTransaction) return (work) => pgTransaction(work, TRANSACTION_MAX_WAIT_MS);
    return undefined;
  })();

  /** Locks and reads the organization row: the first statement of every write. */
  async function lockOrganization(sql: RawSql, organizationId: string) {
    const columns = Prisma.raw(
      `"id", "name", "baseCurrency", "lockDate", "defaultPaymentTermsDays", "fiscalYearEnd", "badDebtTaxRelief", ` +
        `${SEQUENCES.map(([, column]) => `"${column}"`).join(', ')}`,
    );
    // Integers come back as bigint or number and dates as Date or text, depending on the database.
    const rows: (OrganizationRow & Record<string, number | bigint>)[] = await sql.$queryRaw(
      organizationLockStatement(db.provider, organizationId, columns),
    );
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', 'The organization of this API key no longer exists');
    const organization = organizationInfo(row);
    const sequences = Object.fromEntries(SEQUENCES.map(([sequence, column]) => [sequence, Number(row[column])])) as Record<
      SequenceName,
      number
    >;
    return { organization, sequences };
  }

  async function render(tx: Tx, organization: OrganizationInfo, refs: ResourceRef[]): Promise<Map<string, PublicObject>> {
    const rendered = new Map<string, PublicObject>();
    const missing = new Map<string, string[]>();
    for (const ref of refs) {
      const key = `${ref.type}:${ref.id}`;
      const representation = representations.get(ref.type);
      if (!representation) throw new Error(`no representation registered for resource type ${ref.type}`);
      if (ref.row !== undefined) rendered.set(key, representation.render(ref.row, organization));
    }
    for (const ref of refs) {
      if (!rendered.has(`${ref.type}:${ref.id}`)) missing.set(ref.type, [...new Set([...(missing.get(ref.type) ?? []), ref.id])]);
    }
    for (const [type, ids] of missing) {
      const representation = representations.get(type)!;
      for (const row of await representation.load(tx, organization.id, ids))
        rendered.set(`${type}:${row.id}`, representation.render(row, organization));
    }
    return rendered;
  }

  const sessions = new AsyncLocalStorage<Session>();
  /** Operations whose work uses Prisma's transaction client: they begin in Prisma's. */
  const needsPrisma = new Set<string>();

  // Long on purpose: a write's one attempt in the header's order (lock, replay, service, render, outbox, record,
  // commit); split, its lock order would be spread over several functions.
  async function attempt<Row>(
    organizationId: string,
    request: WriteRequest,
    requestHash: string | undefined,
    work: (scope: WriteScope) => Promise<Change<Row>>,
  ) {
    const session = sessions.getStore();
    if (session && session.organizationId !== organizationId) throw new Error('a write for another organization inside a batch');
    // Long on purpose: the transaction's body, step by step in the header's order, sharing the attempt's variables.
    const inTransaction = async (tx: Tx, sql: RawSql = transactionSql(db, tx)) => {
      const now = clock();
      const { organization, sequences } = await lockOrganization(sql, organizationId);
      const key = request.idempotencyKey;
      if (key) {
        const [existing] = await selectModelRows<IdempotencyRecord>(
          sql,
          'IdempotencyKey',
          Prisma.sql`"organizationId" = ${organizationId} AND "key" = ${key}`,
          { fields: IDEMPOTENCY_COLUMNS },
        );
        if (existing && existing.expiresAt > now) {
          if (existing.operation !== request.operation || existing.requestHash !== requestHash) {
            throw new AppError(
              'IDEMPOTENCY_KEY_REUSED',
              `The idempotency key "${key}" was already used with a different request (${existing.operation}); use a new key ` +
                `for a new request`,
              [{ path: 'idempotencyKey', message: 'was used with a different request' }],
            );
          }
          const stored = JSON.parse(existing.response ?? 'null') as { type: string; id: string; object: PublicObject } | null;
          if (stored) throw new Replay({ ...stored, operation: request.operation, replayed: true });
        }
        // Expired, or left by an older version.
        if (existing) await sql.$executeRaw(Prisma.sql`DELETE FROM "IdempotencyKey" WHERE "id" = ${existing.id}`);
      }

      const numbers = { ...sequences };
      const scope: WriteScope = {
        prisma: tx,
        sql,
        organizationId,
        organization,
        now,
        nextNumber: (sequence: SequenceName) => numbers[sequence]++,
      };
      const result = await work(scope);
      const actor = request.actor ?? SYSTEM;

      const rendered = await render(tx, organization, [result.result, ...result.events.map((e) => e.resource)]);
      const objectOf = (ref: ResourceRef) => rendered.get(`${ref.type}:${ref.id}`)!;
      const events = result.events.map((event) => {
        const object = objectOf(event.resource);
        const before =
          event.before === undefined ? undefined : representations.get(event.resource.type)!.render(event.before, organization);
        return {
          id: newId('Event'),
          organizationId,
          type: event.type,
          resourceType: event.resource.type,
          resourceId: event.resource.id,
          payload: JSON.stringify({
            object,
            ...(before ? { previousAttributes: previousAttributes(before, object) } : {}),
            ...(event.reason ? { reason: event.reason } : {}),
          }),
          createdAt: now,
          actor: JSON.stringify(actor),
          actorKeyId: actor.type === 'api_key' ? actor.id : null,
        };
      });
      const relayedAt = options.relay ? now : null;
      // The organization's sequences written back (raw, so its updatedAt stays the time its settings
      // last changed) and the events in one raw multi-row INSERT (src/db/insert.ts says why not
      // Prisma's create), returning the sequence numbers the database assigned: one round trip on
      // PostgreSQL (writeAll).
      const moved = SEQUENCES.filter(([sequence]) => numbers[sequence] !== sequences[sequence]);
      const sequenceUpdate = moved.length
        ? [
            Prisma.sql`UPDATE "Organization" SET
                ${Prisma.join(
                  moved.map(
                    ([sequence, column]) => Prisma.sql`${Prisma.raw(`"${column}"`)} =
                  ${numbers[sequence]}`,
                  ),
                )} WHERE "id" = ${organizationId}`,
          ]
        : [];
      // Each insert also returns the organization's last event before this write (read in the statement's
      // snapshot, taken under the lock: on PostgreSQL the lock statement's own snapshot predates the commit
      // it waited for). The first event names it as its predecessor, so every instance can tell a gap in
      // the organization's events (events/order.ts).
      const eventInsert = events.length
        ? [
            Prisma.sql`${insertStatement(
              'Event',
              EVENT_COLUMNS,
              events.map((e) => Object.assign({}, e, { relayedAt })),
            )} RETURNING "id", "seq", (SELECT max("seq") FROM "Event" AS "earlier"
                 WHERE "earlier"."organizationId" = ${organizationId}
                    AND "earlier"."id" NOT IN (${Prisma.join(events.map((e) => e.id))})) AS "previousSeq"`,
          ]
        : [];
      // The rows of the last statement: the events', or none (an UPDATE returns nothing).
      const inserted = await writeAll<{ id: string; seq: unknown; previousSeq: unknown }>(sql, [...sequenceUpdate, ...eventInsert]);
      const seqs = new Map(inserted.map((e) => [e.id, Number(e.seq)]));
      const before = Math.max(0, ...inserted.map((e) => Number(e.previousSeq ?? 0)));
      const logged: LoggedEvent[] = events.map((e) => Object.assign({}, e, { seq: seqs.get(e.id)! })).sort((a, b) => a.seq - b.seq);
      logged.forEach((event, i) => (event.previousSeq = i > 0 ? logged[i - 1].seq : before));
      const deliveries = options.relay && logged.length ? await options.relay.relayInTransaction(sql, logged, now) : 0;
      const outcome: WriteOutcome<Row> = {
        operation: request.operation,
        type: result.result.type,
        id: result.result.id,
        row: result.result.row,
        object: objectOf(result.result),
        replayed: false,
      };
      if (key) {
        const record: IdempotencyRecord = {
          id: newId('IdempotencyKey'),
          organizationId,
          key,
          operation: request.operation,
          requestHash: requestHash!,
          response: JSON.stringify({ type: outcome.type, id: outcome.id, object: outcome.object }),
          createdAt: now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        };
        await insertRows(sql, 'IdempotencyKey', IDEMPOTENCY_COLUMNS, [record]);
      }
      await options.beforeCommit?.(scope);
      return { outcome, logged, deliveries };
    };
    // Inside an all-or-nothing batch the write joins its transaction (the organization row is locked
    // again, a no-op, and its sequences read as the batch's earlier writes left them).
    if (session) return inTransaction(session.tx);
    // A write whose work runs on raw statements alone (a journal entry, a contact, a product, an invoice, a
    // bill, a sales receipt, a payment) skips Prisma's interactive transaction (on SQLite, one at a time per
    // process: a request may queue behind others; on PostgreSQL, the organization's lock held for the whole
    // of it); one that reaches for Prisma's client is rolled back, made again in Prisma's, and its operation
    // remembered as needing it.
    if (directTransaction && !needsPrisma.has(request.operation)) {
      try {
        return await directTransaction((sql) => inTransaction(WITHOUT_PRISMA, sql));
      } catch (error) {
        if (!(error instanceof NeedsPrisma)) throw error;
        needsPrisma.add(request.operation);
        // Once per operation and process: which writes still take Prisma's transaction, and what made them.
        options.metrics?.fastPathFallback('direct_transaction', request.operation);
        options.logger?.debug("write left to Prisma's transaction", { operation: request.operation, reason: error.message });
      }
    }
    return db.prisma.$transaction(inTransaction, { maxWait: TRANSACTION_MAX_WAIT_MS, timeout: 20_000 });
  }

  return {
    async atomically(organizationId, work) {
      const committed: Session['committed'] = [];
      try {
        const result = await db.prisma.$transaction((tx) => sessions.run({ organizationId, tx, committed }, () => work(tx)), {
          maxWait: TRANSACTION_MAX_WAIT_MS,
          timeout: 60_000,
        });
        for (const { logged, deliveries } of committed) void options.relay?.committed(logged, deliveries);
        return result;
      } catch (error) {
        if (!isTransientConflict(error)) throw error;
        throw new AppError('CONFLICT', 'The books of this organization were busy with other changes; nothing was written, retry', [], {
          retryAfterSeconds: 1,
        });
      }
    },

    async write(organizationId, request, work) {
      if (request.idempotencyKey !== undefined && request.idempotencyKey !== null) checkIdempotencyKey(request.idempotencyKey);
      const requestHash = request.idempotencyKey ? createHash('sha256').update(canonicalJson(request.input)).digest('hex') : undefined;
      const session = sessions.getStore();
      if (session) {
        // No retry inside a batch's transaction: a conflict there fails the whole batch (atomically says so).
        try {
          const { outcome, logged, deliveries } = await attempt(organizationId, request, requestHash, work);
          if (logged.length) session.committed.push({ logged, deliveries });
          return outcome;
        } catch (error) {
          if (error instanceof Replay) return error.outcome;
          throw error;
        }
      }
      for (let attemptNo = 1; ; attemptNo++) {
        try {
          const { outcome, logged, deliveries } = await attempt(organizationId, request, requestHash, work);
          // Not awaited: the response need not wait for a Redis round trip. In one process the
          // subscribers are told synchronously, before the response is sent.
          if (logged.length) void options.relay?.committed(logged, deliveries);
          return outcome;
        } catch (error) {
          if (error instanceof Replay) return error.outcome;
          if (!isTransientConflict(error)) throw error;
          options.metrics?.writeConflict(attemptNo >= maxAttempts);
          if (attemptNo >= maxAttempts) {
            options.logger?.warn('write gave up after repeated conflicts', { operation: request.operation, attempts: attemptNo });
            throw new AppError('CONFLICT', 'The books of this organization are busy with other changes; retry in a moment', [], {
              retryAfterSeconds: 1,
            });
          }
          // Full jitter: concurrent losers spread out instead of colliding again.
          await sleep(Math.random() * 10 * 2 ** attemptNo);
        }
      }
    },
  };
}
