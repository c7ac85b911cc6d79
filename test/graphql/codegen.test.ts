import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { expect, it } from 'vitest';
import config, { readmeWithScopeTable, scopesDocument } from '../../codegen.ts';

it("the committed schema.graphql and the dashboard's typed and persisted operations match the code (run `npm run codegen` after a " +
  'change)', async () => {
  const outputs: { filename: string; content: string }[] = await generate({ ...config, silent: true }, false);
  expect(outputs.map((o) => o.filename).sort()).toEqual([
    'schema.graphql',
    'src/dashboard/generated/graphql.ts',
    'src/dashboard/generated/persisted-operations.ts',
  ]);
  for (const output of outputs) {
    expect(
      readFileSync(new URL(`../../${output.filename}`, import.meta.url), 'utf8'),
      `${output.filename} is stale: run npm run codegen`,
    ).toBe(output.content);
  }
}, 60_000);

it("the README's scope table and docs/scopes.md match the code: a module's scope, route or field is listed without a hand edit", () => {
  const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  const readme = read('README.md');
  expect(readme, 'README.md has no scope table markers').toMatch(/<!-- scope-table:/);
  expect(readme, "README.md's scope table is stale: run npm run codegen").toBe(readmeWithScopeTable(readme));
  expect(read('docs/scopes.md'), 'docs/scopes.md is stale: run npm run codegen').toBe(scopesDocument());
  // The reference names what a scope guards: the invoice routes under invoices' scopes, their mutations under the write one.
  expect(scopesDocument()).toMatch(/## `invoices:write`\n\nREST: [^\n]*`POST \/invoices`/);
  expect(scopesDocument()).toMatch(/## `invoices:write`[\s\S]*?GraphQL: [^\n]*`createInvoice`/);
});
