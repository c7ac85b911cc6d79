// The dashboard's files as the server serves them (the page itself is tested in a browser in
// test/dashboard/): public, strict CSP on the page, hashed assets cached for good, nothing else.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DASHBOARD_DIR } from '../../src/http/dashboard.ts';
import { createTestApp, http, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('serves the page without a key, under a policy that allows its own files and connections to this origin only', async () => {
  for (const path of ['/dashboard', '/dashboard/']) {
    const response = await fetch(`${t.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toContain('<title>Books at a glance');
  }
});

it('serves the built assets, cached for good (their names carry a content hash)', async () => {
  const script = readdirSync(`${DASHBOARD_DIR}/assets`).find((f) => f.endsWith('.js'))!;
  const response = await fetch(`${t.url}/dashboard/assets/${script}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const page = await (await fetch(`${t.url}/dashboard`)).text();
  expect(page).toContain(`/dashboard/assets/${script}`);
});

it('answers nothing else under /dashboard: unknown files 404, other methods 405, no path escapes the folder', async () => {
  expect((await http(t.url, '/dashboard/nope.js')).status).toBe(404);
  expect((await http(t.url, '/dashboard/../package.json')).status).toBe(404);
  expect((await http(t.url, '/dashboard/%2e%2e/package.json')).status).toBe(404);
  const post = await http(t.url, '/dashboard', { method: 'POST', body: {} });
  expect(post.status).toBe(405);
  expect(post.headers.get('allow')).toBe('GET, HEAD');
});
