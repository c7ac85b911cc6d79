// REST refusals in REST's own words: a field is named by its JSON path and what JSON it expected is said
// in JSON's terms ("expected a string, got 5"), never in GraphQL's (String, Int, non-null, variables).
// Walks every field of every REST body with a value of the wrong kind.
import { getNullableType, type GraphQLInputType, isEnumType, isInputObjectType, isListType, isScalarType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes, schema } from '../../src/registry.ts';
import { createTestApp, expectProblem, http, type TestApp } from '../helpers.ts';

const GRAPHQL_VOCABULARY = /\b(String|Int|Float|Boolean|ID|DateTime)\b|non-null|[Vv]ariable "?\$|decimal string|\w+Input\b/;

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000 } });
  ({ key } = await t.tenant('Words Co'));
});
afterAll(() => t.close());

/** A JSON value of the wrong kind for a field of this type. */
function wrongFor(type: GraphQLInputType): unknown {
  const bare = getNullableType(type);
  if (isListType(bare)) return 'not a list';
  if (isInputObjectType(bare)) return 7;
  if (isEnumType(bare)) return 42;
  // GraphQL's ID takes a number too (as text); true is no id in either. A percentage's text is judged by
  // the service (its own words), so an object is what the type itself refuses.
  if (isScalarType(bare) && bare.name === 'Percent') return {};
  if (isScalarType(bare))
    return ['Int', 'Float', 'Money'].includes(bare.name)
      ? 'twelve'
      : bare.name === 'Boolean'
        ? 'yes'
        : bare.name === 'ID'
          ? true
          : bare.name === 'JSON'
            ? undefined
            : 12345;
  return undefined;
}

describe('REST refusals', () => {
  it('name each wrongly typed field of every body by its JSON path, in JSON words', async () => {
    let checked = 0;
    for (const route of restRoutes.filter((r) => r.bodyType)) {
      const type = schema.getType(route.bodyType!);
      if (!isInputObjectType(type)) continue;
      const path = route.path.replace(/:id/g, 'x_00000000000000000000000000');
      for (const [name, field] of Object.entries(type.getFields())) {
        // An exchange rate is exact text that REST also takes as a JSON number: true is what it refuses.
        const rate = (name === 'rate' && route.path.startsWith('/api/v1/exchange-rates')) || name === 'exchangeRate';
        const wrong = rate ? true : wrongFor(field.type);
        if (wrong === undefined) continue;
        const response = await http(t.url, path, { method: route.method, key, body: { [name]: wrong } });
        const what = `${route.method} ${route.path} { ${name}: ${JSON.stringify(wrong)} }`;
        expectProblem(response, 400, 'VALIDATION_FAILED');
        const named = response.body.errors.find((e: { path: string }) => e.path === name);
        expect(named, `${what}: ${JSON.stringify(response.body.errors)}`).toBeDefined();
        expect(named.message, what).toMatch(/^(expected .+, got .+|must be one of .+, got .+)$/);
        for (const e of [
          response.body.detail,
          ...response.body.errors.map((x: { path: string; message: string }) => `${x.path}: ${x.message}`),
        ])
          expect(e, what).not.toMatch(GRAPHQL_VOCABULARY);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  }, 60_000);

  it('say what was expected and what came, for each kind of JSON value', async () => {
    const customer = await http(t.url, '/api/v1/customers', { key, body: { name: 5, email: null } });
    expectProblem(customer, 400, 'VALIDATION_FAILED');
    expect(customer.body.errors).toEqual([{ path: 'name', message: 'expected a string, got 5' }]);
    const invoice = await http(t.url, '/api/v1/invoices', {
      key,
      body: { customerId: 'cus_x', draft: 'yes', issueDate: '2026-13-01', lines: [{ description: ['x'], unitPrice: 'abc' }] },
    });
    expect(invoice.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'draft', message: 'expected true or false, got "yes"' },
        { path: 'issueDate', message: 'expected a calendar date as "YYYY-MM-DD" from 1900-01-01 to 2999-12-31, got "2026-13-01"' },
        { path: 'lines.0.description', message: 'expected a string, got an array' },
        { path: 'lines.0.unitPrice', message: 'expected a number with at most the currency\'s decimals, such as 12.5, got "abc"' },
      ]),
    );
    const required = await http(t.url, '/api/v1/customers', { key, body: { name: null } });
    expect(required.body.errors).toEqual([{ path: 'name', message: 'must not be null (expected a string)' }]);
    const missing = await http(t.url, '/api/v1/customers', { key, body: {} });
    expect(missing.body.errors).toEqual([{ path: 'name', message: 'is required' }]);
    const terms = await http(t.url, '/api/v1/organization', { method: 'PATCH', key, body: { defaultPaymentTermsDays: 1.5 } });
    expect(terms.body.errors).toEqual([{ path: 'defaultPaymentTermsDays', message: 'expected a whole number, got 1.5' }]);
  });
});
