// Limits a client can read (headers on every authenticated answer, viewer.rateLimit), a
// per-address limit on requests without a valid key, and what the limits do while Redis is unreachable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { rateLimiterFor } from '../../src/core/rate-limit.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { AppError } from '../../src/lib/errors.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 50, authFailures: 3 } });
  ({ key } = await t.tenant());
});
afterAll(() => t.close());

describe('the quota a client can read', () => {
  it('every authenticated answer carries X-RateLimit-* and the IETF RateLimit / RateLimit-Policy pair, on both surfaces', async () => {
    const rest = await http(t.url, '/api/v1/accounts?limit=1', { key });
    const remaining = Number(rest.headers.get('x-ratelimit-remaining'));
    expect(rest.headers.get('ratelimit-policy')).toBe('50;w=60');
    expect(rest.headers.get('ratelimit')).toBe(`limit=50, remaining=${remaining}, reset=${rest.headers.get('x-ratelimit-reset')}`);
    const graphql = await gql(t.url, key, '{ viewer { rateLimit { limit remaining resetAt } } }');
    expect(graphql.headers.get('ratelimit-policy')).toBe('50;w=60');
    expect(graphql.headers.get('ratelimit')).toMatch(new RegExp(`^limit=50, remaining=${remaining - 1}, reset=\\d+$`));
    const { limit, remaining: left, resetAt } = graphql.body.data.viewer.rateLimit;
    expect({ limit, left }).toEqual({ limit: 50, left: remaining - 1 });
    const resetIn = Date.parse(resetAt) - Date.now();
    expect(resetIn).toBeGreaterThan(0);
    expect(resetIn).toBeLessThanOrEqual(61_000);
  });
});

describe("an organization's keys together", () => {
  it('share its quota: past it every key of the organization is refused (429), another organization is not', async () => {
    const shared = await createTestApp({ rateLimit: { points: 5, organizationPoints: 8 } });
    try {
      const { organizationId, key: first } = await shared.tenant('Many keys');
      const second = (await createApiKey(shared.db.prisma, organizationId, 'second')).plaintext;
      const { key: other } = await shared.tenant('Another organization');
      const get = (k: string) => http(shared.url, '/api/v1/accounts?limit=1', { key: k });
      for (let i = 0; i < 5; i++) expect((await get(first)).status).toBe(200);
      // The first key's own quota is spent (a request its key refuses spends none of the organization's); the
      // second key's is not, but the organization has three left.
      expectProblem(await get(first), 429, 'RATE_LIMITED');
      for (let i = 0; i < 3; i++) expect((await get(second)).status).toBe(200);
      const refused = await get(second);
      expectProblem(refused, 429, 'RATE_LIMITED');
      expect(refused.body.detail).toMatch(/^This organization's API keys together made more than 8 requests this minute; retry in \d+ s$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit-policy')).toBe('8;w=60');
      expect((await get(other)).status).toBe(200);
      const metrics = await shared.app.metrics.registry.metrics();
      expect(metrics).toMatch(/rate_limit_refusals_total\{kind="organization"\} 1/);
    } finally {
      await shared.close();
    }
  });

  it("is ten keys' worth unless set", () => {
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '120' }).rateLimit.organizationPoints).toBe(1200);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '120', RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE: '500' }).rateLimit.organizationPoints).toBe(
      500,
    );
    expect(() => loadConfig({ RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE/);
  });
});

describe('requests without a valid key, per client address', () => {
  it('are refused (429, before any key lookup) after the quota of failures; a key verified before still passes', async () => {
    const { key: unused } = await t.tenant('Never used before');
    const wrong = `${key.slice(0, -4)}XXXX`;
    for (let i = 0; i < 3; i++) expectProblem(await http(t.url, '/api/v1/accounts', { key: wrong }), 401, 'UNAUTHENTICATED');
    const blocked = await http(t.url, '/api/v1/accounts', { key: wrong });
    expectProblem(blocked, 429, 'RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.detail).toContain('without a valid API key');
    // Blocked: no lookup at all, so a right guess looks exactly like a wrong one.
    const from = t.queries.length;
    expectProblem(await http(t.url, '/api/v1/accounts', { key: `${wrong}Y` }), 429, 'RATE_LIMITED');
    expectProblem(await http(t.url, '/api/v1/accounts', { key: unused }), 429, 'RATE_LIMITED');
    expect(t.queries.slice(from).filter((q) => q.includes('ApiKey'))).toEqual([]);
    expect((await gql(t.url, wrong, '{ viewer { organization { name } } }')).status).toBe(429);
    // The key this address (or any) used successfully before is not blocked behind it.
    expect((await http(t.url, '/api/v1/accounts?limit=1', { key })).status).toBe(200);
  });
});

describe('RATE_LIMIT_ON_REDIS_ERROR, with Redis unreachable (nothing listens on 127.0.0.1:1)', () => {
  const unreachable = 'redis://127.0.0.1:1';

  it('memory (the default) keeps limiting in process', async () => {
    const limiter = rateLimiterFor({ points: 2, durationSeconds: 60, redisUrl: unreachable });
    try {
      const decisions = [await limiter.consume('k'), await limiter.consume('k'), await limiter.consume('k')];
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, false]);
    } finally {
      await limiter.close();
    }
  });

  it('open lets every request through', async () => {
    const limiter = rateLimiterFor({ points: 2, durationSeconds: 60, redisUrl: unreachable, onRedisError: 'open' });
    try {
      for (let i = 0; i < 4; i++) expect((await limiter.consume('k')).allowed).toBe(true);
    } finally {
      await limiter.close();
    }
  });

  it('closed refuses with 503 SERVICE_UNAVAILABLE', async () => {
    const limiter = rateLimiterFor({ points: 2, durationSeconds: 60, redisUrl: unreachable, onRedisError: 'closed' });
    try {
      const error = await limiter.consume('k').catch((e) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await limiter.close();
    }
  });
});
