// Headers every response carries, and CORS. One place for both surfaces (Yoga's own CORS is off).
//   - nosniff and no referrer everywhere; an API answer may not be framed or run anything
//     (`default-src 'none'`); the two HTML pages (GraphiQL, Swagger UI) get a policy that lets their own
//     bundled scripts and styles run and talk to this origin only.
//   - CORS is closed unless CORS_ORIGINS lists the browser origins allowed (or `*`). Keys travel in the
//     Authorization header, never cookies, so credentials are never allowed.
import { type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, ServerResponse } from 'node:http';

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

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': API_CSP,
};

/**
 * A response that writes the headers every answer carries (its request id, the security headers) with its
 * status line, in the same object as the answer's own. Once one header is set with `setHeader`, Node
 * merges every header of the response one by one through `setHeader` again, a measurable share of a small
 * answer's CPU (docs/performance.md): so the common headers wait here for `writeHead` (which `end` and
 * `write` call too). A header the handler set itself or passes to `writeHead` wins over them.
 */
export class ApiResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  #carried: Record<string, string> | undefined;

  /**
   * `headers` is kept and the answer's own are added to it: Node 20's V8 builds an object literal that
   * starts with a spread (`{ ...a, b }`) several times slower than one built by assignment, and headers
   * are built on every request.
   */
  carry(headers: Record<string, string>) {
    this.#carried = headers;
  }

  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const carried = this.#carried;
    if (!carried) return super.writeHead(statusCode, reasonOrHeaders as string, maybeHeaders);
    this.#carried = undefined;
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined;
    const headers = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
    if (!Array.isArray(headers) && this.getHeaderNames().length === 0) {
      // Added to the carried object, not spread into a new one (see `ApiResponse.carry`).
      const all: OutgoingHttpHeaders = carried;
      for (const name in headers) {
        const lower = name.toLowerCase();
        if (lower !== name) delete all[lower];
        all[name] = headers[name];
      }
      return super.writeHead(statusCode, reason as string, all);
    }
    for (const name in carried) if (!this.hasHeader(name)) this.setHeader(name, carried[name]);
    return super.writeHead(statusCode, reason as string, headers);
  }
}

/** The request id and the security headers, on this response whatever writes it. */
export function setStandardHeaders(res: ServerResponse, requestId: string) {
  const headers = { 'x-request-id': requestId, ...SECURITY_HEADERS };
  if (res instanceof ApiResponse) return res.carry(headers);
  for (const name in headers) res.setHeader(name, headers[name as keyof typeof headers]);
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
