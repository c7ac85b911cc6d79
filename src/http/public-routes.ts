// What anyone may open without a key: the API description and its viewer, the dashboard's files (a
// client of the public API that asks for a key itself), and the modules' public pages, found by a
// secret in their path (an invoice's /i/<token>) and held to a quota per address and per page.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../lib/errors.ts';
import type { PublicPage } from '../module.ts';
import type { Front } from './front.ts';
import { allowDashboard, PUBLIC_PAGE_CSP } from './headers.ts';
import { DOCS_HTML } from './openapi.ts';
import { problem, sendProblem } from './respond.ts';

/** The API description (`/api/v1/openapi.json`) and Swagger UI's page and files, by path. */
export function publicDocs(openApi: object): Front['docs'] {
  const openApiText = JSON.stringify(openApi);
  const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets = new Map<string, Buffer>();
  // Read on first request, then served from memory.
  const asset = (file: string) => assets.get(file) ?? assets.set(file, readFileSync(join(swaggerDir, file))).get(file)!;
  return (path) => {
    if (path === '/api/v1/openapi.json') return { type: 'application/json; charset=utf-8', body: openApiText };
    if (path === '/api/v1/docs' || path === '/api/v1/docs/') return { type: 'text/html; charset=utf-8', body: DOCS_HTML };
    if (path === '/api/v1/docs/swagger-ui.css') return { type: 'text/css', body: asset('swagger-ui.css') };
    if (path === '/api/v1/docs/swagger-ui-bundle.js') return { type: 'text/javascript', body: asset('swagger-ui-bundle.js') };
    return undefined;
  };
}

/** The dashboard is a public page like the docs: it asks for a key and then calls the APIs with it. */
export function serveDashboard(front: Front, req: IncomingMessage, res: ServerResponse, path: string, requestId: string) {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return sendProblem(res, problem('METHOD_NOT_ALLOWED', `${path} accepts GET, HEAD`, requestId), { allow: 'GET, HEAD' });
  const file = front.dashboard.find(path);
  if (!file) {
    const message = front.dashboard.built
      ? `Nothing at ${path}`
      : 'The dashboard has not been built: run `npm run build` (npm start does it)';
    return sendProblem(res, problem('NOT_FOUND', message, requestId));
  }
  if (file.type.startsWith('text/html')) allowDashboard(res);
  res.writeHead(200, { 'content-type': file.type, 'cache-control': file.cacheControl, 'content-length': file.body.length }).end(file.body);
}

/** The public page at `path` (none is under /api/), with its pattern's match. */
export function publicPageAt(front: Front, path: string): { page: PublicPage; match: RegExpExecArray } | undefined {
  for (const page of front.publicPages ?? []) {
    const match = page.pattern.exec(path);
    if (match) return { page, match };
  }
  return undefined;
}

/**
 * A public page spends its cost from its client address's quota and from the page's own (a link passed
 * around, or fetched by many addresses, is held to the same): past either, 429 with Retry-After.
 */
async function admitPublicPage(front: Front, page: PublicPage, path: string, address: string) {
  const limiter = front.publicPageLimiter;
  if (!limiter) return;
  const cost = page.cost ?? 1;
  for (const decision of await Promise.all([
    limiter.consume(`address:${address}`, cost),
    limiter.consume(`page:${createHash('sha256').update(path).digest('base64url')}`, cost),
  ])) {
    if (!decision.allowed)
      throw new AppError('RATE_LIMITED', `Too many requests for public pages; retry in ${decision.resetSeconds} s`, [], {
        retryAfterSeconds: decision.resetSeconds,
      });
  }
}

/** Answers a public page once its quota allows: a page of its own, never framed, never cached by others. */
export async function servePublicPage(
  front: Front,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  { page, match }: { page: PublicPage; match: RegExpExecArray },
) {
  await admitPublicPage(front, page, path, req.socket.remoteAddress ?? 'unknown');
  const answer = await page.answer(front.db.prisma, match);
  // No scripts, its own styles, images inline.
  res.setHeader('content-security-policy', PUBLIC_PAGE_CSP);
  res.writeHead(answer.status, {
    'content-type': answer.type,
    'cache-control': 'private, no-store',
    'referrer-policy': 'no-referrer',
    ...answer.headers,
  });
  if (typeof answer.body === 'string' || Buffer.isBuffer(answer.body)) return void res.end(answer.body);
  await pipeline(Readable.from(answer.body), res);
}
