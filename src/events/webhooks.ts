// Webhook delivery per the Standard Webhooks spec: POST { id, type, createdAt, data } with
// webhook-id (the event id: stable across retries, so receivers can deduplicate), webhook-timestamp and
// webhook-signature (v1, HMAC-SHA256 by the `standardwebhooks` package; during a secret rotation the
// old secret signs too). A 2xx within the timeout is success; redirects are not followed; anything else
// is retried on the schedule with jitter, every attempt recorded. At-least-once is the promise.
//
// Order: a subscription's deliveries go out one at a time in event order. A claimer locks the
// subscription row and takes only subscriptions with nothing in flight, so even several instances
// never send one subscription's events side by side; a delivery parked for a retry lets later ones pass.
// A claim is a lease: an instance killed mid-send loses it when the lease runs out, and another resends.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { Tx } from '../core/tenant.ts';
import type { Database } from '../db/database.ts';
import { Prisma } from '../db/generated/sqlite/client.ts';
import { anyRow } from '../db/sql.ts';
import { newId } from '../lib/ids.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../ops/metrics.ts';
import { guardedLookup, refusedTarget } from '../lib/targets.ts';
import { type BackgroundLoop, backgroundLoop } from './loop.ts';
import { eventBody } from './catalogue.ts';

export interface WebhookSettings {
  timeoutMs: number;
  /** Delay before each retry; when it runs out the delivery has failed. */
  retryScheduleMs: number[];
  allowPrivateTargets: boolean;
}

export interface DispatcherOptions extends WebhookSettings {
  db: Database;
  logger: Logger;
  metrics?: Pick<Metrics, 'webhookAttempt' | 'webhookSubscriptionDisabled'>;
  /** Disables a subscription whose deliveries failed for a whole retry schedule (the module's write, with its event). */
  disableSubscription: (organizationId: string, subscriptionId: string, reason: string) => Promise<void>;
  intervalMs?: number;
  leaseMs?: number;
  /** Subscriptions served side by side. */
  concurrency?: number;
}

/** Sends due webhook deliveries; `wake` after the relay made some. */
export type Dispatcher = BackgroundLoop;

export interface AttemptResult {
  status?: number;
  body?: string;
  error?: string;
  durationMs: number;
  /** The sender stopped (shutting down) before an answer: not an attempt the receiver should be charged with. */
  aborted?: boolean;
}

const BODY_KEPT = 1024;

/**
 * One POST, never following redirects, connecting only to addresses the target rule allows. The timeout is a
 * deadline for the whole exchange (connect, headers and body), not an idle timeout: a receiver that trickles
 * its answer a byte at a time holds a sender no longer than one that never answers. Only the first
 * BODY_KEPT bytes of the answer are read; the status decides, so the rest is not waited for.
 */
export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  settings: Pick<WebhookSettings, 'timeoutMs' | 'allowPrivateTargets'>,
  signal?: AbortSignal,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      signal?.removeEventListener('abort', aborted);
      req.destroy();
      resolve({ ...result, durationMs: elapsed() });
    };
    const aborted = () => finish({ error: 'aborted', aborted: true });
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: Object.assign({}, headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        lookup: guardedLookup(settings.allowPrivateTargets) as never,
      },
      (res) => {
        let kept = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          kept += chunk.slice(0, BODY_KEPT - kept.length);
          if (kept.length >= BODY_KEPT) finish({ status: res.statusCode, body: kept });
        });
        res.on('end', () => finish({ status: res.statusCode, body: kept }));
        res.on('error', (error) => finish({ status: res.statusCode, body: kept, error: error.message }));
      },
    );
    const deadline = setTimeout(() => finish({ error: `no complete answer within ${settings.timeoutMs} ms` }), settings.timeoutMs);
    req.on('error', (error) => finish({ error: error.message }));
    signal?.addEventListener('abort', aborted, { once: true });
    req.end(body);
  });
}

/** The signature header: v1 signatures by the current secret and, during a rotation, the previous one. */
export function signatures(secrets: string[], msgId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(msgId, timestamp, body)).join(' ');
}

// Long on purpose: one closure over the dispatcher's state (its wake-up timer, the deliveries in flight, the hosts
// backing off); each step is a named function inside it.
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db, logger, retryScheduleMs } = options;
  const leaseMs = options.leaseMs ?? Math.max(60_000, options.timeoutMs * 3);

  const concurrency = options.concurrency ?? 8;
  // Fair shares: one organization's subscriptions take at most this many of the sending slots, so its slow
  // receivers cannot keep every other organization's deliveries waiting.
  const perOrganization = Math.max(1, Math.ceil(concurrency / 4));
  // A subscription's claimed deliveries go out one after another under one lease; each send ends by the
  // deadline, so a claim of this many ends before its lease runs out and no other instance resends it.
  const perClaim = Math.max(1, Math.floor(leaseMs / options.timeoutMs) - 1);
  /** Aborted when the dispatcher stops: a send under way is given up rather than waited for to its deadline. */
  let stopping = new AbortController();
  /** Subscriptions being sent to by this instance, with their organization. */
  const inFlight = new Map<string, { organizationId: string; done: Promise<void> }>();

  /** Which of `subscriptionIds` have a delivery under a lease now (being sent, here or by another instance). */
  async function leased(tx: Tx, subscriptionIds: string[], now: Date): Promise<Set<string>> {
    const rows = await tx.webhookDelivery.findMany({
      where: { subscriptionId: { in: subscriptionIds }, status: 'PENDING', leaseUntil: { gte: now } },
      select: { subscriptionId: true },
      distinct: ['subscriptionId'],
    });
    return new Set(rows.map((r) => r.subscriptionId));
  }

  /** Leases the due deliveries of subscriptions with nothing in flight; returns them grouped by subscription. */
  async function claim(slots: number): Promise<Map<string, { organizationId: string; ids: string[] }>> {
    return db.prisma.$transaction(
      async (tx) => {
        const now = new Date();
        // Order across instances: two relays may commit the deliveries of one organization's events out
        // of order (B's of event 3 before A's of event 2). A delivery waits until every earlier event of its
        // organization is relayed (relayedAt is set in the transaction that makes its deliveries). The
        // watermark is read before the deliveries: on PostgreSQL each statement sees a newer snapshot, so
        // every event below it has its deliveries visible to the next query.
        const unrelayed = await tx.event.groupBy({ by: ['organizationId'], where: { relayedAt: null }, _min: { seq: true } });
        const watermark = new Map(unrelayed.map((u) => [u.organizationId, u._min.seq ?? Infinity]));
        const candidates = await tx.webhookDelivery.findMany({
          where: {
            status: 'PENDING',
            nextAttemptAt: { lte: now },
            OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
            ...(inFlight.size ? { subscriptionId: { notIn: [...inFlight.keys()] } } : {}),
          },
          orderBy: { eventSeq: 'asc' },
          take: 200,
          select: { id: true, subscriptionId: true, organizationId: true, eventSeq: true },
        });
        let due = candidates.filter((d) => d.eventSeq < (watermark.get(d.organizationId) ?? Infinity));
        if (due.length === 0) return new Map();
        // Subscriptions with a delivery leased (by another instance, or a claim not yet handed back) wait for it.
        const busy = await leased(tx, [...new Set(due.map((d) => d.subscriptionId))], now);
        due = due.filter((d) => !busy.has(d.subscriptionId));
        // The free slots go to the subscriptions with the oldest due events, no organization past its share.
        const taken = new Map<string, number>();
        for (const f of inFlight.values()) taken.set(f.organizationId, (taken.get(f.organizationId) ?? 0) + 1);
        let subscriptionIds: string[] = [];
        for (const d of due) {
          if (subscriptionIds.length >= slots) break;
          if (subscriptionIds.includes(d.subscriptionId) || (taken.get(d.organizationId) ?? 0) >= perOrganization) continue;
          subscriptionIds.push(d.subscriptionId);
          taken.set(d.organizationId, (taken.get(d.organizationId) ?? 0) + 1);
        }
        if (subscriptionIds.length === 0) return new Map();
        if (db.provider === 'postgresql') {
          const locked = (await tx.$queryRawUnsafe(
            `SELECT "id" FROM "WebhookSubscription" WHERE "id" = ANY($1) FOR UPDATE SKIP LOCKED`,
            subscriptionIds,
          )) as { id: string }[];
          subscriptionIds = locked.map((s) => s.id);
        }
        // Again under the lock: another instance may have leased one of them since the first look, and
        // committed (PostgreSQL's next statement sees it).
        const leasedSince = await leased(tx, subscriptionIds, now);
        const free = new Set(subscriptionIds.filter((id) => !leasedSince.has(id)));
        const groups = new Map<string, { organizationId: string; ids: string[] }>();
        for (const d of due) {
          if (!free.has(d.subscriptionId)) continue;
          const group = groups.get(d.subscriptionId) ?? { organizationId: d.organizationId, ids: [] };
          if (group.ids.length < perClaim) group.ids.push(d.id);
          groups.set(d.subscriptionId, group);
        }
        if (groups.size === 0) return groups;
        await tx.webhookDelivery.updateMany({
          where: { id: { in: [...groups.values()].flatMap((g) => g.ids) } },
          data: { leaseUntil: new Date(now.getTime() + leaseMs) },
        });
        return groups;
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  }

  // Long on purpose: one delivery from claim to recorded outcome (sign, send with a timeout, record, schedule the
  // retry or disable), in the order a reader follows it.
  async function deliver(deliveryId: string) {
    // findFirst, not findUnique: Prisma batches a tick's findUniques and runs the batch in the first caller's
    // context, which may be a write's transaction while this send runs beside it.
    const delivery = await db.prisma.webhookDelivery.findFirstOrThrow({
      where: { id: deliveryId },
      include: { event: true, subscription: true },
    });
    const { event, subscription } = delivery;
    const now = new Date();
    if (subscription.status !== 'ENABLED') {
      await db.prisma.webhookDelivery.update({
        where: { id: deliveryId },
        data: { status: 'FAILED', error: 'the subscription is disabled', leaseUntil: null },
      });
      return;
    }
    const body = JSON.stringify(eventBody(event));
    const secrets = [
      subscription.secret,
      ...(subscription.previousSecret && subscription.previousSecretExpiresAt && subscription.previousSecretExpiresAt > now
        ? [subscription.previousSecret]
        : []),
    ];
    const refused = await refusedTarget(new URL(subscription.url), options.allowPrivateTargets);
    const result: AttemptResult = refused
      ? { error: `target refused: the url ${refused}`, durationMs: 0 }
      : await post(
          subscription.url,
          {
            'webhook-id': event.id,
            'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
            'webhook-signature': signatures(secrets, event.id, now, body),
          },
          body,
          options,
          stopping.signal,
        );
    if (result.aborted) {
      // Shutting down mid-send: the delivery is handed back at once rather than when its lease runs out.
      await db.prisma.webhookDelivery.update({ where: { id: deliveryId }, data: { leaseUntil: null } });
      return;
    }
    const succeeded = result.status !== undefined && result.status >= 200 && result.status < 300;
    const attempts = delivery.attempts + 1;
    const retryIn = retryScheduleMs[attempts - 1];
    const error = result.error ?? (succeeded ? null : `the receiver answered ${result.status}`);
    await db.prisma.$transaction([
      db.prisma.webhookDeliveryAttempt.create({
        data: {
          id: newId('WebhookDeliveryAttempt'),
          organizationId: delivery.organizationId,
          deliveryId,
          attemptedAt: now,
          durationMs: result.durationMs,
          responseStatus: result.status ?? null,
          responseBody: result.body ?? null,
          error,
        },
      }),
      db.prisma.webhookDelivery.update({
        where: { id: deliveryId },
        data: {
          attempts,
          lastAttemptAt: now,
          responseStatus: result.status ?? null,
          responseBody: result.body ?? null,
          error,
          leaseUntil: null,
          ...(succeeded
            ? { status: 'SUCCEEDED', nextAttemptAt: null }
            : retryIn === undefined
              ? { status: 'FAILED', nextAttemptAt: null }
              : // Jitter (+/-20 %): receivers coming back from an outage are not hit by every sender at once.
                { nextAttemptAt: new Date(now.getTime() + Math.round(retryIn * (0.8 + Math.random() * 0.4))) }),
        },
      }),
      db.prisma.webhookSubscription.update({
        where: { id: subscription.id },
        data: { failingSince: succeeded ? null : (subscription.failingSince ?? now) },
      }),
    ]);
    options.metrics?.webhookAttempt(
      succeeded ? 'succeeded' : retryIn === undefined ? 'failed' : 'retrying',
      succeeded ? Math.max(0, Date.now() - event.createdAt.getTime()) / 1000 : undefined,
    );
    if (!succeeded) {
      logger.warn(
        retryIn === undefined ? 'webhook delivery failed for good: no retries left' : 'webhook delivery attempt failed; retrying',
        {
          deliveryId,
          subscriptionId: subscription.id,
          organizationId: delivery.organizationId,
          eventId: event.id,
          eventType: event.type,
          // The origin only: a receiver's URL may carry a token in its path or query.
          target: new URL(subscription.url).origin,
          attempt: attempts,
          responseStatus: result.status ?? null,
          error,
          ...(retryIn === undefined ? {} : { retryInSeconds: Math.round(retryIn / 1000) }),
        },
      );
    }
    // Out of retries, and nothing got through to this subscription since this delivery's first attempt:
    // the receiver has failed for a whole schedule.
    if (!succeeded && retryIn === undefined) {
      const first = await db.prisma.webhookDeliveryAttempt.findFirst({
        where: { deliveryId },
        orderBy: { attemptedAt: 'asc' },
        select: { attemptedAt: true },
      });
      const failingSince = subscription.failingSince ?? now;
      if (first && failingSince <= first.attemptedAt) {
        const reason = `every delivery failed for the whole retry schedule; last error: ${error}`;
        await options.disableSubscription(delivery.organizationId, subscription.id, reason);
        options.metrics?.webhookSubscriptionDisabled();
        logger.warn('webhook subscription disabled', {
          subscriptionId: subscription.id,
          organizationId: delivery.organizationId,
          target: new URL(subscription.url).origin,
          reason,
        });
      }
    }
  }

  /**
   * Claims what is due for the free sending slots and starts each subscription's deliveries without waiting
   * for them: a slow receiver holds its own slot only, and a finished one wakes the loop for more.
   */
  async function pass(): Promise<boolean> {
    const slots = concurrency - inFlight.size;
    if (slots <= 0) return false;
    const now = new Date();
    const due = Prisma.sql`SELECT 1 FROM "WebhookDelivery" WHERE "status" = 'PENDING' AND "nextAttemptAt" <= ${now}
      AND ("leaseUntil" IS NULL OR "leaseUntil" < ${now}) LIMIT 1`;
    if (!(await anyRow(db, due))) return false;
    const groups = await claim(slots);
    for (const [subscriptionId, { organizationId, ids }] of groups) {
      const done = (async () => {
        for (const [i, id] of ids.entries()) {
          if (stopping.signal.aborted) {
            // Stopping: what this claim has not sent yet is handed back for the next start or instance.
            await db.prisma.webhookDelivery.updateMany({ where: { id: { in: ids.slice(i) } }, data: { leaseUntil: null } });
            break;
          }
          await deliver(id).catch((error) => logger.warn('webhook delivery failed to run', { deliveryId: id, error }));
        }
      })()
        .catch((error) => logger.warn('webhook deliveries could not be handed back', { subscriptionId, error }))
        .finally(() => {
          inFlight.delete(subscriptionId);
          loop.wake();
        });
      inFlight.set(subscriptionId, { organizationId, done });
    }
    return groups.size > 0 && inFlight.size < concurrency;
  }

  const loop = backgroundLoop('webhook dispatch', pass, options.intervalMs ?? 500, logger);
  /** Every delivery started, finished. */
  const settle = async () => {
    while (inFlight.size) await Promise.all([...inFlight.values()].map((f) => f.done));
  };
  return {
    wake: loop.wake,
    start() {
      stopping = new AbortController();
      loop.start();
    },
    async drain() {
      for (;;) {
        await loop.drain();
        if (!inFlight.size) return;
        await settle();
      }
    },
    async stop() {
      const pass = loop.stop();
      stopping.abort();
      await pass;
      await settle();
    },
  };
}
