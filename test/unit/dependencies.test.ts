// Dependencies run one way: infrastructure never imports a domain module, and modules never import the
// composition (registry, app). Modules hand their parts up to src/registry.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const SRC = new URL('../../src/', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(join(SRC, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'generated' ? [] : files(join(dir, e.name))) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
const imports = (file: string) => [...readFileSync(join(SRC, file), 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);

it('infrastructure (core, http, graphql, events, db, lib) imports no domain module', () => {
  const uphill = ['core', 'http', 'graphql', 'events', 'db', 'lib'].flatMap(files).flatMap((file) => imports(file).filter((spec) => /(^|\/)modules\//.test(spec)).map((spec) => `${file} -> ${spec}`));
  expect(uphill).toEqual([]);
});

it('domain modules do not import the composition root', () => {
  const back = files('modules').flatMap((file) => imports(file).filter((spec) => /\/(registry|app|boot|main)\.ts$/.test(spec)).map((spec) => `${relative(SRC, join(SRC, file))} -> ${spec}`));
  expect(back).toEqual([]);
});

it('the dashboard, which runs in the browser, imports only its own files and packages, never server code', () => {
  const reaching = files('dashboard').flatMap((file) => imports(file).filter((spec) => spec.startsWith('.') && !spec.startsWith('./')).map((spec) => `${file} -> ${spec}`));
  expect(reaching).toEqual([]);
  expect(files('dashboard').length).toBeGreaterThan(3);
});

it('only the files docs/upgrading.md lists reach into library internals', () => {
  const page = readFileSync(new URL('../../docs/upgrading.md', import.meta.url), 'utf8');
  const listed = new Set([...page.matchAll(/`(src\/[\w/.-]+\.ts)`/g)].map((m) => m[1]));
  expect(listed.size).toBeGreaterThanOrEqual(4);
  for (const file of listed) expect(existsSync(join(SRC, '..', file)), file).toBe(true);
  // What reaching into a library looks like here: a proxy over a client, a library prototype or argument
  // object changed in place, an adapter's private field, statements run on the adapter's own connection.
  const internals = /new Proxy\(|\.prototype as unknown|args\.ids = |as unknown as \{ client|\.prepare\.bind\(|sqliteStatement!?\(/;
  const reaching = ['core', 'http', 'graphql', 'events', 'db', 'lib', 'modules', 'cli']
    .flatMap(files)
    .filter((file) => internals.test(readFileSync(join(SRC, file), 'utf8')))
    .map((file) => `src/${file}`);
  expect(reaching.length).toBeGreaterThan(0);
  expect(reaching.filter((file) => !listed.has(file))).toEqual([]);
});
