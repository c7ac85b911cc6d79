// The dashboard's operations by id (extensions.persistedQuery, Apollo's shape, read by Yoga's persisted
// operations plugin); every other client keeps sending documents.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persistedDocuments, persistedOperationIds } from '../../src/dashboard/generated/persisted-operations.ts';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Persisted Co'));
});
afterAll(() => t.close());

const byId = (sha256Hash: string, variables: Record<string, unknown> = {}) =>
  http(t.url, '/graphql', { key, body: { extensions: { persistedQuery: { version: 1, sha256Hash } }, variables } });

describe('persisted operations', () => {
  it("every id of the dashboard's operations is the SHA-256 of the document the server runs for it", () => {
    // Queries and mutations of the three pages (the subscription goes over graphql-ws as text).
    const named = ['operations.graphql', 'panels.graphql', 'settings.graphql', 'reconcile.graphql'].flatMap((file) =>
      [
        ...readFileSync(new URL(`../../src/dashboard/${file}`, import.meta.url), 'utf8').matchAll(
          /^(?:query|mutation|subscription) (\w+)/gm,
        ),
      ].map((m) => m[1]),
    );
    expect(named).toContain('CreateApiKey');
    expect(Object.keys(persistedOperationIds).sort()).toEqual(named.sort());
    for (const id of Object.values(persistedOperationIds))
      expect(createHash('sha256').update(persistedDocuments[id]).digest('hex')).toBe(id);
  });

  it('an id runs its document: the same answer as sending the text', async () => {
    const id = persistedOperationIds.Viewer;
    const persisted = await byId(id);
    expect(persisted.status).toBe(200);
    expect(persisted.body.errors).toBeUndefined();
    expect(persisted.body.data.viewer.organization.name).toBe('Persisted Co');
    expect(persisted.body).toEqual((await gql(t.url, key, persistedDocuments[id])).body);
  });

  it('an id with variables runs with them', async () => {
    const months = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => i + 1).flatMap((m) => {
        const mm = String(m).padStart(2, '0');
        return [
          [`m${mm}From`, `2026-${mm}-01`],
          [`m${mm}To`, `2026-${mm}-28`],
        ];
      }),
    );
    const response = await byId(persistedOperationIds.DashboardFigures, months);
    expect(response.body.errors, JSON.stringify(response.body.errors)).toBeUndefined();
    expect(response.body.data.m03).toEqual({ from: '2026-03-01', to: '2026-03-28', income: { total: '0.00' } });
  });

  it('an unknown id is refused with PERSISTED_QUERY_NOT_FOUND, naming the field, so a client can send the text instead', async () => {
    // As every request error over application/json: HTTP 200, the status in extensions.
    const response = await byId('0'.repeat(64));
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors).toHaveLength(1);
    expect(response.body.errors[0].extensions).toMatchObject({
      code: 'PERSISTED_QUERY_NOT_FOUND',
      status: 400,
      errors: [{ path: 'extensions.persistedQuery.sha256Hash', message: 'is not the id of a persisted operation' }],
    });
  });

  it('a body with neither a query nor an id is a validation error', async () => {
    const response = await http(t.url, '/graphql', { key, body: { variables: {} } });
    expect(response.body.errors[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      errors: [{ path: 'query', message: 'is required' }],
    });
  });

  it('other documents still run (the API is public, not limited to the persisted list)', async () => {
    const response = await gql(t.url, key, '{ viewer { organization { baseCurrency } } }');
    expect(response.body).toMatchObject({ data: { viewer: { organization: { baseCurrency: 'USD' } } } });
  });
});
