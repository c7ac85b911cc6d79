// Headers every response carries, and CORS. One place for both surfaces (Yoga's own CORS is off).
//   - nosniff and no referrer everywhere; an API answer may not be framed or run anything
//     (`default-src 'none'`); the two HTML pages (GraphiQL, Swagger UI) get a policy that lets their own
//     bundled scripts and styles run and talk to this origin only.
//   - CORS is closed unless CORS_ORIGINS lists the browser origins allowed (or `*`). Keys travel in the
//     Authorization header, never cookies, so credentials are never allowed.
import type { IncomingMessage, ServerResponse } from 'node:http';

const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** A public page (a customer's invoice): its own inline styles and inline images, nothing else. */
export const PUBLIC_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";
/** GraphiQL and Swagger UI are single pages with inline bootstrapping and styles, served from here. */
const PAGE_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' " +
  "data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const EXPOSED = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
  'Location',
  'Idempotent-Replayed',
  'WWW-Authenticate',
];
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, DELETE';

export function setSecurityHeaders(res: ServerResponse) {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('content-security-policy', API_CSP);
}

/**
 * The dashboard is built without inline scripts or styles, so it gets a stricter policy than the two
 * pages above: its own files only, and connections (fetch, WebSocket) to this origin only.
 */
const DASHBOARD_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; " +
  "base-uri 'none'; form-action 'none'";

export function allowDashboard(res: ServerResponse) {
  res.setHeader('content-security-policy', DASHBOARD_CSP);
}

/** For a response that is one of the HTML pages. */
export function allowPageScripts(res: ServerResponse) {
  res.setHeader('content-security-policy', PAGE_CSP);
}

export function corsPolicy(allowedOrigins: readonly string[]) {
  const anyOrigin = allowedOrigins.includes('*');
  const allowed = (origin: string) => anyOrigin || allowedOrigins.includes(origin);
  return {
    /**
     * Adds the CORS headers an allowed origin gets; answers a preflight (OPTIONS with
     * Access-Control-Request-Method) completely and returns true, so it never reaches authentication.
     */
    handle(req: IncomingMessage, res: ServerResponse): boolean {
      const origin = req.headers.origin;
      const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
      if (origin && allowed(origin)) {
        res.setHeader('access-control-allow-origin', anyOrigin ? '*' : origin);
        if (!anyOrigin) res.setHeader('vary', 'Origin');
        res.setHeader('access-control-expose-headers', EXPOSED.join(', '));
        if (preflight) {
          res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
          res.setHeader('access-control-allow-headers', ALLOWED_HEADERS);
          res.setHeader('access-control-max-age', '600');
        }
      }
      if (preflight) res.writeHead(204).end(); // without the allow headers, the browser refuses: closed
      return preflight;
    },
  };
}
