// The graphql-ws snippet of docs/events.md, run as a reader would run it: copied into a file, under plain Node,
// against a started server. It must receive an event as written.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, http, type TestApp } from '../helpers.ts';

const root = new URL('../../', import.meta.url).pathname;
let t: TestApp;
let key: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Readme Co'));
  // Inside the project, so `graphql-ws` and `ws` resolve from its node_modules as in a reader's project.
  dir = mkdtempSync(join(root, 'node_modules', '.readme-snippet-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

it('receives the events it subscribes to, copied from the documentation as it stands', async () => {
  const readme = readFileSync(join(root, 'docs', 'events.md'), 'utf8');
  const snippet = /```js\n(import \{ createClient \} from 'graphql-ws';[\s\S]*?)```/.exec(readme)?.[1];
  expect(snippet, 'docs/events.md has the graphql-ws snippet').toBeDefined();
  const port = new URL(t.url).port;
  const file = join(dir, 'snippet.mjs');
  // What a reader supplies: the key, and a render function (here: print the first event and stop).
  const program = snippet!
    .replace('ws://localhost:4000/graphql', `ws://127.0.0.1:${port}/graphql`)
    .replace(
      /^(import .*\n)+/,
      (imports) =>
        `${imports}const KEY = ${JSON.stringify(key)};\nconst render = (event) => { console.log(JSON.stringify(event)); ` +
        `process.exit(0); };\n`,
    );
  writeFileSync(file, program);
  const run = new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(process.execPath, [file], { timeout: 20_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? 1 : 0, stdout, stderr }),
    );
    void child;
  });
  // Write until the snippet has subscribed and heard one (it exits on the first event it renders).
  let finished = false;
  void run.then(() => (finished = true));
  const customerId = (await http(t.url, '/api/v1/customers', { key, body: { name: 'Readme Ltd' } })).body.id;
  for (let i = 0; i < 100 && !finished; i++) {
    await http(t.url, '/api/v1/invoices', { key, body: { customerId, lines: [{ description: 'From the README', unitPrice: 5 }] } });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { code, stdout, stderr } = await run;
  expect(code, stderr).toBe(0);
  expect(JSON.parse(stdout.trim().split('\n')[0])).toMatchObject({ type: 'invoice.created', id: expect.stringMatching(/^evt_/) });
});
