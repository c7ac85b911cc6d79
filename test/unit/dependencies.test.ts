// Dependencies run one way: infrastructure never imports a domain module's code (only the modules'
// declarations, plain data its central lists are made of), and modules never import the composition
// (registry, app). Modules hand their parts up to src/registry.ts. Documents share code only through
// the document kernel.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { satisfies } from 'semver';
import { expect, it } from 'vitest';

const SRC = new URL('../../src/', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(join(SRC, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'generated' ? [] : files(join(dir, e.name))) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
const imports = (file: string) =>
  [...readFileSync(join(SRC, file), 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);

it(
  'infrastructure (core, http, graphql, events, db, lib, ops) imports no domain module; it reads their declarations through ' +
    'src/declarations.ts',
  () => {
    const uphill = ['core', 'http', 'graphql', 'events', 'db', 'lib', 'ops', 'fast-paths'].flatMap(files).flatMap((file) =>
      imports(file)
        .filter((spec) => /(^|\/)modules\//.test(spec))
        .map((spec) => `${file} -> ${spec}`),
    );
    expect(uphill).toEqual([]);
    expect(['lib/ids.ts', 'core/scopes.ts', 'events/catalogue.ts'].every((file) => imports(file).includes('../declarations.ts'))).toBe(
      true,
    );
  },
);

it("a module's declaration is plain data: it imports nothing but src/module-declaration.ts, a leaf", () => {
  const declarations = readdirSync(join(SRC, 'modules')).filter((name) => existsSync(join(SRC, 'modules', name, 'declaration.ts')));
  expect(declarations.length).toBeGreaterThan(10);
  const reaching = declarations.flatMap((name) =>
    imports(join('modules', name, 'declaration.ts'))
      .filter((spec) => spec !== '../../module-declaration.ts')
      .map((spec) => `modules/${name}/declaration.ts -> ${spec}`),
  );
  expect(reaching).toEqual([]);
  // Every module with a folder is in the one list.
  const list = readFileSync(join(SRC, 'declarations.ts'), 'utf8');
  expect(declarations.filter((name) => !list.includes(`'./modules/${name}/declaration.ts'`))).toEqual([]);
  // The list itself reaches the modules' declarations and nothing else of theirs.
  expect(
    imports('declarations.ts').filter((spec) => spec !== './module-declaration.ts' && !/^\.\/modules\/[\w-]+\/declaration\.ts$/.test(spec)),
  ).toEqual([]);
  expect(imports('module-declaration.ts')).toEqual([]);
  // A module's code is `modules/<name>/index.ts`, loaded by src/registry.ts under the declaration's name.
  for (const name of declarations) expect(readFileSync(join(SRC, 'modules', name, 'declaration.ts'), 'utf8')).toContain(`name: '${name}',`);
});

/** Every file a file imports (types, re-exports and literal dynamic imports too), as paths under src/. */
function importedFiles(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specs = [...imports(file), ...[...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1])];
  return specs.filter((spec) => spec.startsWith('.')).map((spec) => relative(SRC, join(SRC, file, '..', spec)));
}

/** The import graph's loops: its strongly connected components of more than one file (Tarjan). */
function importLoops(all: string[], importsOf: (file: string) => string[] = importedFiles): string[][] {
  const known = new Set(all);
  const edges = new Map(all.map((file) => [file, importsOf(file).filter((to) => known.has(to))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const to of edges.get(file)!) {
      if (!index.has(to)) visit(to);
      if (stack.includes(to)) low.set(file, Math.min(low.get(file)!, low.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1) loops.push(component.sort());
  };
  for (const file of all) if (!index.has(file)) visit(file);
  return loops;
}

it('the import graph has no loop: a reader and a tool see the layers as they run', () => {
  const server = files('').filter((file) => !file.startsWith('dashboard/'));
  expect(server.length).toBeGreaterThan(200);
  expect(importLoops(server)).toEqual([]);
  // The check finds a loop where there is one, however far round it goes.
  const made: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'], e: [] };
  expect(importLoops(Object.keys(made), (file) => made[file]!)).toEqual([['a', 'b', 'c']]);
});

/** The modules that are documents: each describes itself to the kernel (src/modules/documents/). */
const DOCUMENTS = ['invoices', 'bills', 'credit-notes', 'sales-receipts', 'estimates', 'purchase-orders'];

it('a document module imports no other document module: what documents share is in the kernel', () => {
  const across = DOCUMENTS.flatMap((name) =>
    files(join('modules', name)).flatMap((file) =>
      imports(file)
        .filter((spec) => DOCUMENTS.some((other) => other !== name && spec.includes(`/${other}/`)))
        .map((spec) => `${file} -> ${spec}`),
    ),
  );
  expect(across).toEqual([]);
  const kernel = files('modules/documents').flatMap((file) =>
    imports(file)
      .filter((spec) => DOCUMENTS.some((name) => spec.includes(`/${name}/`)))
      .map((spec) => `${file} -> ${spec}`),
  );
  expect(kernel).toEqual([]);
});

it(
  "outside a document's folder its code is named only by the reports' GraphQL types (which link to it) and the list of " + 'declarations',
  () => {
    const outside = files('modules')
      .filter((file) => !DOCUMENTS.some((name) => file.startsWith(join('modules', name))))
      .flatMap((file) =>
        imports(file)
          .filter((spec) => DOCUMENTS.some((name) => spec.includes(`/${name}/`)) && !spec.endsWith('/declaration.ts'))
          .map((spec) => `${file} -> ${spec}`),
      );
    expect(outside.every((line) => /^modules\/reports\/[\w-]+\.schema\.ts -> /.test(line) && line.endsWith('.schema.ts'))).toBe(true);
    const elsewhere = ['core', 'http', 'graphql', 'events', 'db', 'lib', 'fast-paths', 'cli', 'build'].flatMap(files).flatMap((file) =>
      imports(file)
        .filter((spec) => DOCUMENTS.some((name) => spec.includes(`/${name}/`)))
        .map((spec) => `${file} -> ${spec}`),
    );
    expect(elsewhere).toEqual([]);
  },
);

it('domain modules do not import the composition root', () => {
  const back = files('modules').flatMap((file) =>
    imports(file)
      .filter((spec) => /\/(registry|app|boot|main)\.ts$/.test(spec))
      .map((spec) => `${relative(SRC, join(SRC, file))} -> ${spec}`),
  );
  expect(back).toEqual([]);
});

it('the dashboard, which runs in the browser, imports only its own files and packages, never server code', () => {
  const reaching = files('dashboard').flatMap((file) =>
    imports(file)
      .filter((spec) => spec.startsWith('.') && !spec.startsWith('./'))
      .map((spec) => `${file} -> ${spec}`),
  );
  expect(reaching).toEqual([]);
  expect(files('dashboard').length).toBeGreaterThan(3);
});

it('only the files docs/upgrading.md lists reach into library internals', () => {
  const page = readFileSync(new URL('../../docs/upgrading.md', import.meta.url), 'utf8');
  const listed = new Set([...page.matchAll(/`(src\/[\w/.-]+\.ts)`/g)].map((m) => m[1]));
  expect(listed.size).toBeGreaterThanOrEqual(4);
  for (const file of listed) expect(existsSync(join(SRC, '..', file)), file).toBe(true);
  // What reaching into a library looks like here: a proxy over a client, a library prototype or argument
  // object changed in place, an adapter's private field, statements run on the adapter's own connection,
  // bytes written to the socket a WebSocket library owns, a library's listener taken off an object it owns.
  const internals = new RegExp(
    [
      /pothosPrismaSelect|new Proxy\(|\.prototype as unknown|args\.ids = |as unknown as \{ client/.source,
      /\.prepare\.bind\(|sqliteStatement!?\(|request\.socket, id|raw\.write\(|removeAllListeners\('error'\)/.source,
    ].join('|'),
  );
  const reaching = ['core', 'http', 'graphql', 'events', 'db', 'lib', 'fast-paths', 'modules', 'cli']
    .flatMap(files)
    .filter((file) => internals.test(readFileSync(join(SRC, file), 'utf8')))
    .map((file) => `src/${file}`);
  expect(reaching.length).toBeGreaterThan(0);
  expect(reaching.filter((file) => !listed.has(file))).toEqual([]);
});

it('every patch applied on install is listed in docs/upgrading.md, with the reason its header gives', () => {
  const root = new URL('../../', import.meta.url);
  const page = readFileSync(new URL('docs/upgrading.md', root), 'utf8');
  const patches = readdirSync(new URL('patches/', root)).filter((name) => name.endsWith('.patch'));
  expect(patches.length).toBeGreaterThan(0);
  for (const name of patches) {
    expect(page, name).toContain(`\`patches/${name}\``);
    // patch-package keeps any text before the first diff; ours says what the patch changes and why.
    const header = readFileSync(new URL(`patches/${name}`, root), 'utf8').split('diff --git')[0];
    expect(header.trim().length, name).toBeGreaterThan(200);
  }
});

it('every installed package runs on the Node the project declares, and every override that holds one back is explained', () => {
  const root = new URL('../../', import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    engines: { node: string };
    overrides: Record<string, unknown>;
  };
  const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
    packages: Record<string, { engines?: { node?: string } | string[] }>;
  };
  expect(manifest.engines.node).toBe('>=20.19');
  const excluding = Object.entries(lock.packages)
    .map(([path, entry]) => [path, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
    .filter(([path, node]) => path && node && !(satisfies('20.19.0', node) && satisfies(process.version, node)))
    .map(([path, node]) => `${path} wants node ${node}`);
  expect(excluding).toEqual([]);
  const page = readFileSync(new URL('docs/upgrading.md', root), 'utf8');
  const listed = new Set([...page.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]));
  // A nested override ("prisma": { "@prisma/dev": … }) names the held package inside.
  const held = Object.entries(manifest.overrides).flatMap(([name, to]) =>
    typeof to === 'object' && to ? Object.keys(to as object) : [name],
  );
  expect(held.length).toBeGreaterThan(0);
  expect(held.filter((name) => !listed.has(name))).toEqual([]);
});
