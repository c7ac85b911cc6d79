// graphql-codegen: `npm run codegen` writes
//   schema.graphql                          the schema, committed; a test fails when it drifts from the code
//   src/graphql/generated/operations.ts     typed documents for every operation the REST layer runs
//   src/dashboard/generated/graphql.ts      typed documents for the dashboard's operations (operations.graphql),
//                                           as strings: the browser bundle needs no GraphQL parser
// It runs programmatically (tsx codegen.ts) so the schema and the REST documents are imported from the
// code itself: there is no second copy of either to keep in sync.
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { printSchema } from 'graphql';
import { restRoutes, schema } from './src/registry.ts';

export const schemaSDL = printSchema(schema);

const scalars = { Money: 'string', Percent: 'string', Date: 'string', DateTime: 'string', JSON: 'unknown', ID: 'string' };

const config: CodegenConfig = {
  schema: schemaSDL,
  generates: {
    'schema.graphql': { plugins: ['schema-ast'], config: { includeDirectives: false } },
    'src/graphql/generated/operations.ts': {
      documents: restRoutes.map((route) => route.document),
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { scalars, enumsAsTypes: true, useTypeImports: true },
    },
    'src/dashboard/generated/graphql.ts': {
      documents: 'src/dashboard/operations.graphql',
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { scalars, enumsAsTypes: true, useTypeImports: true, documentMode: 'string' },
    },
  },
  silent: true,
};

export default config;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await generate(config, true);
  console.log('wrote schema.graphql, src/graphql/generated/operations.ts and src/dashboard/generated/graphql.ts');
}
