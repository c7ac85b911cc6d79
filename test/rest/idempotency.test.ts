import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnitOfWork, IDEMPOTENCY_TTL_MS } from '../../src/core/unit-of-work.ts';
import { representations } from '../../src/registry.ts';
import { customers } from '../../src/modules/contacts/contacts.service.ts';
import { createTestApp, expectProblem, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let accounts: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Idempotent Co'));
  const list = await http(t.url, '/api/v1/accounts?limit=100', { key });
  accounts = Object.fromEntries(list.body.data.map((a: any) => [a.code, a.id]));
});
afterAll(() => t.close());

const entry = (amount: number) => ({
  date: '2026-03-01',
  description: 'Idempotent rent',
  lines: [
    { accountId: accounts['6100'], debit: amount, credit: 0 },
    { accountId: accounts['1000'], debit: 0, credit: amount },
  ],
});
const entries = async () => (await http(t.url, '/api/v1/journal-entries?limit=100', { key })).body.total;

describe('Idempotency-Key on REST POST', () => {
  it('returns the first result for a repeat, without writing again', async () => {
    const before = await entries();
    const first = await http(t.url, '/api/v1/journal-entries', { key, body: entry(10), headers: { 'idempotency-key': 'rent-march' } });
    const again = await http(t.url, '/api/v1/journal-entries', { key, body: entry(10), headers: { 'idempotency-key': 'rent-march' } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await entries()).toBe(before + 1);
  });

  it('refuses the same key with a different body, writing nothing', async () => {
    const before = await entries();
    const reused = await http(t.url, '/api/v1/journal-entries', { key, body: entry(11), headers: { 'idempotency-key': 'rent-march' } });
    expectProblem(reused, 400, 'IDEMPOTENCY_KEY_REUSED');
    expect(await entries()).toBe(before);
  });

  it('writes once for concurrent duplicates', async () => {
    const before = await entries();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        http(t.url, '/api/v1/journal-entries', { key, body: entry(12), headers: { 'idempotency-key': 'burst' } }),
      ),
    );
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect(await entries()).toBe(before + 1);
  });

  it('lets a key be used again after a refused request, and keeps keys apart per organization', async () => {
    const bad = await http(t.url, '/api/v1/journal-entries', {
      key,
      body: { ...entry(5), lines: [] },
      headers: { 'idempotency-key': 'fix-me' },
    });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    const fixed = await http(t.url, '/api/v1/journal-entries', { key, body: entry(5), headers: { 'idempotency-key': 'fix-me' } });
    expect(fixed.status).toBe(201);
    const other = await t.tenant('Other idempotent');
    const customer = await http(t.url, '/api/v1/customers', {
      key: other.key,
      body: { name: 'Same key elsewhere' },
      headers: { 'idempotency-key': 'rent-march' },
    });
    expect(customer.status).toBe(201);
  });

  it('forgets a key after 24 hours', async () => {
    const { organizationId } = await t.tenant('Clock Co');
    let now = new Date('2026-01-01T00:00:00Z');
    const unitOfWork = createUnitOfWork({ db: t.db, representations, clock: () => now });
    const create = (name: string) =>
      unitOfWork.write(organizationId, { operation: 'createCustomer', idempotencyKey: 'daily', input: { name } }, (scope) =>
        customers.create(scope, { name }),
      );
    const first = await create('Once');
    now = new Date(now.getTime() + IDEMPOTENCY_TTL_MS - 1000);
    const replay = await create('Once');
    expect(replay).toMatchObject({ id: first.id, replayed: true });
    expect(await t.db.prisma.customer.count({ where: { organizationId } })).toBe(1);
    now = new Date(now.getTime() + 2000);
    const later = await create('Twice');
    expect(later.replayed).toBe(false);
    expect(later.id).not.toBe(first.id);
    expect(await t.db.prisma.customer.count({ where: { organizationId } })).toBe(2);
  });

  it('shows a secret only in the answer that made it: a replay answers with the record and a null secret', async () => {
    // No receiver is needed: registering does not call the URL. The test app allows loopback targets.
    const body = { url: 'http://127.0.0.1:9/hook', eventTypes: ['customer.created'] };
    const first = await http(t.url, '/api/v1/webhooks', { key, body, headers: { 'idempotency-key': 'hook-once' } });
    expect(first.status).toBe(201);
    expect(first.body.secret).toMatch(/^whsec_/);
    const rotate = (idempotencyKey: string) =>
      http(t.url, `/api/v1/webhooks/subscriptions/${first.body.id}/rotate-secret`, {
        key,
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
      });
    const rotated = await rotate('rotate-once');
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(first.body.secret);

    const replayed = await http(t.url, '/api/v1/webhooks', { key, body, headers: { 'idempotency-key': 'hook-once' } });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toMatchObject({ id: first.body.id, secret: null });
    const rotatedAgain = await rotate('rotate-once');
    expect(rotatedAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(rotatedAgain.body).toMatchObject({ id: first.body.id, secret: null });
    expect(JSON.stringify([replayed.body, rotatedAgain.body])).not.toContain(rotated.body.secret);

    // GraphQL: the same.
    const mutation =
      'mutation($input: RegisterWebhookInput!) { registerWebhook(input: $input, idempotencyKey: "gql-hook-once") { id secret } }';
    const made = await http(t.url, '/graphql', { key, body: { query: mutation, variables: { input: body } } });
    expect(made.body.data.registerWebhook.secret).toMatch(/^whsec_/);
    const again = await http(t.url, '/graphql', { key, body: { query: mutation, variables: { input: body } } });
    expect(again.body.data.registerWebhook).toEqual({ id: made.body.data.registerWebhook.id, secret: null });
  });
});
