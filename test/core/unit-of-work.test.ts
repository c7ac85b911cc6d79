// The unit of work commits a change, its events and its idempotency record together, or none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { change } from '../../src/core/representations.ts';
import { createUnitOfWork } from '../../src/core/unit-of-work.ts';
import { Prisma } from '../../src/db/generated/sqlite/client.ts';
import { toAppError } from '../../src/graphql/errors.ts';
import { customers } from '../../src/modules/contacts/contacts.service.ts';
import { representations } from '../../src/registry.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let failNextCommit = false;

beforeAll(async () => {
  t = await createTestApp(
    { rateLimit: { points: 100_000, durationSeconds: 60 } },
    {
      beforeCommit: () => {
        if (!failNextCommit) return;
        failNextCommit = false;
        throw new Error('injected failure after the change, before commit');
      },
    },
  );
  ({ key, organizationId } = await t.tenant('Atomic Co'));
});
afterAll(() => t.close());

const counts = async () => ({
  customers: await t.db.prisma.customer.count({ where: { organizationId } }),
  events: await t.db.prisma.event.count({ where: { organizationId } }),
  keys: await t.db.prisma.idempotencyKey.count({ where: { organizationId } }),
});

describe('a failure between the change and the commit', () => {
  it('leaves no row, no event and no idempotency record; the retry then writes exactly once', async () => {
    const before = await counts();
    failNextCommit = true;
    const failed = await http(t.url, '/api/v1/customers', { key, body: { name: 'Half Ltd' }, headers: { 'idempotency-key': 'atomic-1' } });
    expectProblem(failed, 500, 'INTERNAL');
    expect(await counts()).toEqual(before);
    const retried = await http(t.url, '/api/v1/customers', { key, body: { name: 'Half Ltd' }, headers: { 'idempotency-key': 'atomic-1' } });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const again = await http(t.url, '/api/v1/customers', { key, body: { name: 'Half Ltd' }, headers: { 'idempotency-key': 'atomic-1' } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(retried.body);
    expect(await counts()).toEqual({ customers: before.customers + 1, events: before.events + 1, keys: before.keys + 1 });
  });

  it('undoes a multi-row posting completely (invoice, lines, journal entry, sequence numbers)', async () => {
    const customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Buyer' } })).body.id;
    const state = async () => ({
      invoices: await t.db.prisma.invoice.count({ where: { organizationId } }),
      lines: await t.db.prisma.invoiceLine.count({ where: { organizationId } }),
      entries: await t.db.prisma.journalEntry.count({ where: { organizationId } }),
      journalLines: await t.db.prisma.journalLine.count({ where: { organizationId } }),
      events: await t.db.prisma.event.count({ where: { organizationId } }),
      numbers: await t.db.prisma.organization.findUniqueOrThrow({
        where: { id: organizationId },
        select: { nextInvoiceNumber: true, nextEntryNumber: true },
      }),
    });
    const before = await state();
    failNextCommit = true;
    const body = {
      customerId,
      issueDate: '2026-05-01',
      lines: [
        { description: 'A', unitPrice: 10 },
        { description: 'B', unitPrice: 5 },
      ],
    };
    expectProblem(await http(t.url, '/api/v1/invoices', { key, body }), 500, 'INTERNAL');
    expect(await state()).toEqual(before);
    const ok = await http(t.url, '/api/v1/invoices', { key, body });
    expect(ok.body.number).toBe(`INV-${String(before.numbers.nextInvoiceNumber).padStart(4, '0')}`);
  });

  // On SQLite a journal entry (no Prisma client in its work) is written in a transaction begun on the
  // connection itself, and a customer with a line on it too: undone as completely.
  it('undoes a journal entry completely (entry, lines, daily totals, event, its number), and numbers the next one without a gap', async () => {
    const accounts = (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data as { id: string; code: string }[];
    const [cash, sales] = ['1000', '4000'].map((code) => accounts.find((a) => a.code === code)!.id);
    const customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Ledger customer' } })).body.id;
    const state = async () => ({
      entries: await t.db.prisma.journalEntry.count({ where: { organizationId } }),
      journalLines: await t.db.prisma.journalLine.count({ where: { organizationId } }),
      dailyTotals: await t.db.prisma.accountDailyTotal.findMany({
        where: { organizationId },
        orderBy: [{ accountId: 'asc' }, { date: 'asc' }],
      }),
      events: await t.db.prisma.event.count({ where: { organizationId } }),
      nextEntryNumber: (await t.db.prisma.organization.findUniqueOrThrow({ where: { id: organizationId } })).nextEntryNumber,
    });
    const body = {
      date: '2026-05-02',
      description: 'Cash sale',
      lines: [
        { accountId: cash, debit: 30, customerId },
        { accountId: sales, credit: 30 },
      ],
    };
    const before = await state();
    failNextCommit = true;
    expectProblem(await http(t.url, '/api/v1/journal-entries', { key, body }), 500, 'INTERNAL');
    expect(await state()).toEqual(before);
    const ok = await http(t.url, '/api/v1/journal-entries', { key, body });
    expect(ok.status).toBe(201);
    expect(ok.body.number).toBe(before.nextEntryNumber);
    expect((await state()).entries).toBe(before.entries + 1);
  });
});

describe('replays', () => {
  it('give GraphQL the same record, whatever it selects, and refuse another input under the same key', async () => {
    const mutation =
      'mutation($i: CreateCustomerInput!, $k: String) { createCustomer(input: $i, idempotencyKey: $k) { id name createdAt } }';
    const first = await gql(t.url, key, mutation, { i: { name: 'Replayed Ltd' }, k: 'gql-replay' });
    const second = await gql(t.url, key, mutation, { i: { name: 'Replayed Ltd' }, k: 'gql-replay' });
    expect(second.body).toEqual(first.body);
    const rest = await http(t.url, '/api/v1/customers', {
      key,
      body: { name: 'Replayed Ltd' },
      headers: { 'idempotency-key': 'gql-replay' },
    });
    expect(rest.body.id).toBe(first.body.data.createCustomer.id);
    expect(rest.headers.get('idempotent-replayed')).toBe('true');
    const reused = await gql(t.url, key, mutation, { i: { name: 'Someone else' }, k: 'gql-replay' });
    expect(reused.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('conflicts the database reports', () => {
  // The shapes Prisma gives a PostgreSQL deadlock/serialization failure and a busy SQLite file.
  const deadlock = () => Object.assign(new Error('Transaction failed due to a write conflict or a deadlock'), { code: 'P2034' });
  const busy = () =>
    Object.assign(new Error('SQLite busy'), { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'SocketTimeout' } } } });

  it('are retried inside the unit of work, and a later attempt commits once', async () => {
    const unitOfWork = createUnitOfWork({ db: t.db, representations });
    let attempts = 0;
    const outcome = await unitOfWork.write(organizationId, { operation: 'createCustomer', input: {} }, async (scope) => {
      attempts++;
      if (attempts === 1) throw deadlock();
      if (attempts === 2) throw busy();
      return customers.create(scope, { name: `Third time ${attempts}` });
    });
    expect(attempts).toBe(3);
    expect(await t.db.prisma.customer.count({ where: { id: outcome.id } })).toBe(1);
  });

  it('are answered CONFLICT with Retry-After once the attempts run out, never INTERNAL', async () => {
    const unitOfWork = createUnitOfWork({ db: t.db, representations, maxAttempts: 3 });
    let attempts = 0;
    const error = await unitOfWork
      .write(organizationId, { operation: 'x', input: {} }, async () => {
        attempts++;
        throw deadlock();
      })
      .then(
        () => undefined,
        (e) => e,
      );
    expect(attempts).toBe(3);
    expect(error).toMatchObject({ code: 'CONFLICT', details: { retryAfterSeconds: 1 } });
    // Anything else is not retried.
    attempts = 0;
    await expect(
      unitOfWork.write(organizationId, { operation: 'y', input: {} }, async () => (attempts++, change('customer', { id: 'x' }))),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });
});

describe('a write whose work runs raw statements alone', () => {
  it("runs without Prisma's transaction, and with it once the work reaches for Prisma's client", async () => {
    const fallbacks: string[][] = [];
    const unitOfWork = createUnitOfWork({
      db: t.db,
      representations,
      metrics: { writeConflict: () => {}, fastPathFallback: (path, reason) => fallbacks.push([path, reason]) },
    });
    const begunWithPrisma: boolean[] = [];
    const usesPrisma = (scope: { prisma: object }) => {
      try {
        return Boolean(Reflect.get(scope.prisma, 'customer'));
      } catch {
        return false; // no transaction client: the direct transaction's
      }
    };
    const outcome = await unitOfWork.write(organizationId, { operation: 'rawOnly', input: {} }, async (scope) => {
      begunWithPrisma.push(usesPrisma(scope));
      return customers.create(scope, { name: 'Raw statements only' });
    });
    expect(begunWithPrisma).toEqual([false]);
    expect(await t.db.prisma.customer.count({ where: { id: outcome.id } })).toBe(1);
    // Work that uses Prisma's client is made again in Prisma's transaction, and begins there from then on.
    const attempts: boolean[] = [];
    for (const name of ['Through Prisma', 'Through Prisma again']) {
      await unitOfWork.write(organizationId, { operation: 'withPrisma', input: {} }, async (scope) => {
        attempts.push(usesPrisma(scope));
        await scope.prisma.customer.count({ where: { organizationId } });
        return customers.create(scope, { name });
      });
    }
    expect(attempts).toEqual([false, true, true]);
    // Counted once, by operation: what an operator reads to see which writes still take the slower path.
    expect(fallbacks).toEqual([['direct_transaction', 'withPrisma']]);
  });
});

type Raw = { $executeRaw(query: ReturnType<typeof Prisma.sql>): Promise<number> };

/**
 * Runs a write that creates a customer, then breaks a constraint with `breaking`, once with the unit of work's
 * own raw SQL (`direct`) and once through Prisma's client (`prisma`, which sends it to Prisma's transaction):
 * per path, the error, as the client is answered, and the counts before and after.
 */
async function brokenWrites(name: string, breaking: (sql: Raw, suffix: string) => Promise<unknown>) {
  const unitOfWork = createUnitOfWork({ db: t.db, representations });
  const outcomes = [];
  for (const through of ['direct', 'prisma'] as const) {
    const before = await counts();
    const error = await unitOfWork
      .write(organizationId, { operation: `${name}-${through}`, input: {} }, async (scope) => {
        const created = await customers.create(scope, { name: `Before the ${name} ${through}` });
        await breaking(through === 'direct' ? scope.sql : scope.prisma, through);
        return created;
      })
      .then(
        () => undefined,
        (e) => e,
      );
    outcomes.push({ through, error, appError: toAppError(error), before, after: await counts() });
  }
  return outcomes;
}

describe('a unique value a raw statement finds taken', () => {
  // Raw inserts (src/db/model-rows.ts) run on the unit of work's own transaction (SQLite's connection, a
  // connection of PostgreSQL's pool), or, once the work reaches for Prisma's client, through Prisma's
  // transaction: each driver reports a taken value its own way, and every one is the client's conflict.
  const insertTakenCode = (sql: Raw, suffix: string) =>
    sql.$executeRaw(
      Prisma.sql`INSERT INTO "Account" ("id", "organizationId", "code", "name", "type", "active", "system", "createdAt", "updatedAt")
        VALUES (${`acct_taken${suffix}`}, ${organizationId}, '1000', 'Second cash', 'ASSET', true, false, ${new Date()}, ${new Date()})`,
    );

  it('is a conflict naming the field, and nothing of the write stays', async () => {
    for (const { through, error, appError, before, after } of await brokenWrites('clash', insertTakenCode)) {
      expect(appError, `${through}: ${error}`).toMatchObject({ code: 'CONFLICT', status: 409 });
      expect(appError!.fieldErrors, through).toEqual([{ path: 'code', message: 'is already taken' }]);
      expect(after, through).toEqual(before);
    }
  });
});

describe('a reference a raw statement finds missing', () => {
  // Services check the ids they are given before writing; a record gone in between breaks a foreign key,
  // which each driver reports its own way: the client's error, never INTERNAL.
  const insertOrphanLine = (sql: Raw, suffix: string) =>
    sql.$executeRaw(
      Prisma.sql`INSERT INTO "JournalLine" ("id", "organizationId", "entryId", "lineNo", "accountId", "debit", "credit", "date")
        VALUES (${`jl_orphan${suffix}`}, ${organizationId}, 'je_gone', 1, 'acct_gone', 100, 0, '2026-05-01')`,
    );

  it('is a validation error, and nothing of the write stays', async () => {
    for (const { through, error, appError, before, after } of await brokenWrites('orphan', insertOrphanLine)) {
      expect(appError, `${through}: ${error}`).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
      expect(after, through).toEqual(before);
    }
  });
});
