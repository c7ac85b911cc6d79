import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { expect, it } from 'vitest';
import config from '../../codegen.ts';

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
