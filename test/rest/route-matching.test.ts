// Which route a request's method and path reach: the router looks only among the routes of the path's
// first segment under /api/v1/, so every route must still be reached by its own paths, a method the path
// does not take must still list the ones it does, and nothing outside a route's pattern may reach it.
import { describe, expect, it } from 'vitest';
import type { Yoga } from '../../src/graphql/context.ts';
import { createRestRouter } from '../../src/http/rest.ts';
import { restRoutes, schema } from '../../src/registry.ts';

const router = createRestRouter(restRoutes, schema, {} as Yoga);
/** A path a client could send to `path`'s pattern, each parameter given a value. */
const concrete = (path: string) => path.replace(/:([a-zA-Z]+)/g, (_m, name) => `${name}_1`);

describe('REST route matching', () => {
  it('reaches every route by its own paths, with its parameters, and with a trailing slash', () => {
    for (const route of router.routes) {
      for (const path of [concrete(route.path), `${concrete(route.path)}/`]) {
        const found = router.match(route.method, path);
        expect(found && 'route' in found ? found.route : found, `${route.method} ${path}`).toBe(route);
        const params = found && 'route' in found ? found.params : {};
        expect(params).toEqual(Object.fromEntries(route.paramNames.map((name) => [name, `${name}_1`])));
      }
    }
  });

  it('names the methods a path takes when asked with another', () => {
    for (const route of router.routes) {
      const path = concrete(route.path);
      const methods: string[] = router.routes.filter((r) => r.pattern.test(path)).map((r) => r.method);
      const other = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].find((method) => !methods.includes(method));
      if (!other) continue;
      expect(router.match(other, path), `${other} ${path}`).toEqual({ methodMismatch: methods });
    }
  });

  it('reaches no route from a path outside every pattern', () => {
    for (const path of ['/api/v1', '/api/v1/', '/api/v1/nothing-here', '/api/v2/invoices', '/api/v1//invoices', '/v1/invoices']) {
      expect(router.match('GET', path), path).toBeUndefined();
    }
    expect(router.match('GET', '/api/v1/invoices/inv_1/nothing-here')).toBeUndefined();
  });
});
