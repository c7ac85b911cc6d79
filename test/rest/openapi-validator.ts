// Validates REST responses against the served OpenAPI document, so the document cannot drift from
// what the server does.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { http, type JsonResponse } from '../helpers.ts';

export async function openApiValidator(base: string) {
  const doc = (await http(base, '/api/v1/openapi.json')).body;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi' });
  const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      path,
      op,
    })),
  );
  let checked = 0;
  // A schema of the document is compiled on its own: its references point into the document added above.
  const inDocument = (schema: object) => JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"openapi#/'));
  return {
    doc,
    /** Checks a value against a schema of the document (an example, say); the Ajv error text, or undefined when it fits. */
    invalidAgainst(schema: object, value: unknown): string | undefined {
      const validate = ajv.compile({ ...inDocument(schema), $id: undefined });
      return validate(value) ? undefined : ajv.errorsText(validate.errors);
    },
    get checked() {
      return checked;
    },
    /** Checks a request body against the operation's documented requestBody (what a generated client would send). */
    checkRequest(method: string, url: string, body: unknown) {
      const pathname = new URL(url, 'http://x').pathname;
      const operation = operations.find((o) => o.method === method && o.pattern.test(pathname));
      const schema = operation?.op.requestBody?.content['application/json'].schema;
      expect(schema, `${method} ${pathname} documents no request body`).toBeDefined();
      const validate = ajv.compile({ ...inDocument(schema), $id: undefined });
      expect(
        validate(body),
        `${method} ${pathname} request: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 300)}`,
      ).toBe(true);
    },
    /** Finds the operation and checks the body against the schema for the status. */
    check(method: string, url: string, response: JsonResponse) {
      const pathname = new URL(url, 'http://x').pathname;
      const operation = operations.find((o) => o.method === method && o.pattern.test(pathname));
      expect(operation, `no operation for ${method} ${pathname} in the OpenAPI document`).toBeDefined();
      const declared = operation!.op.responses[String(response.status)];
      expect(declared, `${method} ${operation!.path} does not declare status ${response.status}`).toBeDefined();
      // The headers it declares are sent (all but Idempotent-Replayed, which only a replay carries).
      const response_ = declared.$ref ? doc.components.responses[declared.$ref.split('/').pop()] : declared;
      for (const name of Object.keys(response_.headers ?? {})) {
        if (name !== 'Idempotent-Replayed')
          expect(response.headers.get(name), `${method} ${pathname} ${response.status} lacks the declared header ${name}`).not.toBeNull();
      }
      const ref = declared.$ref ? declared.$ref.split('/').pop() : undefined;
      // A document sent as a file (a PDF) is what its declared media type says, down to its first bytes.
      const file = !ref && Object.keys(declared.content).find((type) => type !== 'application/json');
      if (file) {
        // `*/*`: a file of whatever type it is (an attachment), named by its own Content-Type.
        if (file === '*/*') expect(response.headers.get('content-type'), `${method} ${pathname}`).toMatch(/^[a-z]+\/[a-z0-9.+-]+/);
        else expect(response.headers.get('content-type'), `${method} ${pathname}`).toBe(file);
        if (file === 'application/pdf') expect(String(response.body).startsWith('%PDF-'), `${method} ${pathname} is a PDF`).toBe(true);
        checked++;
        return;
      }
      const schema = ref ? { $ref: 'openapi#/components/schemas/Problem' } : declared.content['application/json'].schema;
      const validate = ajv.compile(schema.$ref ? inDocument(schema) : { ...inDocument(schema), $id: undefined });
      const ok = validate(response.body);
      expect(
        ok,
        `${method} ${pathname} ${response.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(response.body).slice(0, 500)}`,
      ).toBe(true);
      checked++;
    },
  };
}
