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
import type { Database } from '../db/database.ts';
import { Prisma } from '../db/generated/sqlite/client.ts';
import { anyRow } from '../db/sql.ts';
import { newId } from '../lib/ids.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../lib/metrics.ts';
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
}

const BODY_KEPT = 1024;

/** One POST, never following redirects, connecting only to addresses the target rule allows. */
export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  settings: Pick<WebhookSettings, 'timeoutMs' | 'allowPrivateTargets'>,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: Object.assign({}, headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        lookup: guardedLookup(settings.allowPrivateTargets) as never,
        timeout: settings.timeoutMs,
      },
      (res) => {
        let kept = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (kept.length < BODY_KEPT) kept += chunk.slice(0, BODY_KEPT - kept.length);
        });
        res.on('end', () => resolve({ status: res.statusCode, body: kept, durationMs: elapsed() }));
        res.on('error', (error) => resolve({ status: res.statusCode, body: kept, error: error.message, durationMs: elapsed() }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${settings.timeoutMs} ms`)));
    req.on('error', (error) => resolve({ error: error.message, durationMs: elapsed() }));
    req.end(body);
  });
}

/** The signature header: v1 signatures by the current secret and, during a rotation, the previous one. */
export function signatures(secrets: string[], msgId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(msgId, timestamp, body)).join(' ');
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db, logger, retryScheduleMs } = options;
  const leaseMs = options.leaseMs ?? Math.max(60_000, options.timeoutMs * 3);

  /** Leases the due deliveries of subscriptions with nothing in flight; returns them grouped by subscription. */
  async function claim(): Promise<Map<string, string[]>> {
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
          where: { status: 'PENDING', nextAttemptAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
          orderBy: { eventSeq: 'asc' },
          take: 200,
          select: { id: true, subscriptionId: true, organizationId: true, eventSeq: true },
        });
        const due = candidates.filter((d) => d.eventSeq < (watermark.get(d.organizationId) ?? Infinity));
        let subscriptionIds = [...new Set(due.map((d) => d.subscriptionId))].slice(0, options.concurrency ?? 8);
        if (subscriptionIds.length === 0) return new Map();
        if (db.provider === 'postgresql') {
          const locked = (await tx.$queryRawUnsafe(
            `SELECT "id" FROM "WebhookSubscription" WHERE "id" = ANY($1) FOR UPDATE SKIP LOCKED`,
            subscriptionIds,
          )) as { id: string }[];
          subscriptionIds = locked.map((s) => s.id);
        }
        const busy = await tx.webhookDelivery.findMany({
          where: { subscriptionId: { in: subscriptionIds }, status: 'PENDING', leaseUntil: { gte: now } },
          select: { subscriptionId: true },
        });
        const free = new Set(subscriptionIds.filter((id) => !busy.some((b) => b.subscriptionId === id)));
        const claimed = due.filter((d) => free.has(d.subscriptionId));
        if (claimed.length === 0) return new Map();
        await tx.webhookDelivery.updateMany({
          where: { id: { in: claimed.map((d) => d.id) } },
          data: { leaseUntil: new Date(now.getTime() + leaseMs) },
        });
        const groups = new Map<string, string[]>();
        for (const d of claimed) groups.set(d.subscriptionId, [...(groups.get(d.subscriptionId) ?? []), d.id]);
        return groups;
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  }

  async function deliver(deliveryId: string) {
    const delivery = await db.prisma.webhookDelivery.findUniqueOrThrow({
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
        );
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

  /** Claims what is due and sends it, subscriptions side by side, each one's deliveries in order. */
  async function pass(): Promise<boolean> {
    const now = new Date();
    const due = Prisma.sql`SELECT 1 FROM "WebhookDelivery" WHERE "status" = 'PENDING' AND "nextAttemptAt" <= ${now}
      AND ("leaseUntil" IS NULL OR "leaseUntil" < ${now}) LIMIT 1`;
    if (!(await anyRow(db, due))) return false;
    const groups = await claim();
    await Promise.all(
      [...groups.values()].map(async (ids) => {
        for (const id of ids) await deliver(id).catch((error) => logger.warn('webhook delivery failed to run', { deliveryId: id, error }));
      }),
    );
    return groups.size > 0;
  }

  return backgroundLoop('webhook dispatch', pass, options.intervalMs ?? 500, logger);
}
