// The README is what a new user reads first: every file it links to is in the repository, and every
// npm script it names exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../src/build/server.ts';
import { RESOURCES, SCOPE_PRESETS } from '../../src/core/scopes.ts';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');

describe('README', () => {
  it('starts the server (`npm start`) with the node flags and environment the benchmarks measured it with', () => {
    const start = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).scripts.start as string;
    const flags = /exec node (.*)dist\/main\.js/
      .exec(start)![1]
      .split(' ')
      .filter((flag) => flag && flag !== '--enable-source-maps');
    expect(flags).toEqual(SERVER_NODE_FLAGS);
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(start).toContain(` ${name}=${value} `);
  });

  it('links only to files that exist (the v1 contract ships in docs/), and so do the pages of docs/', () => {
    const links = [...readme.matchAll(/\]\((?!https?:|#)([^)\s#]+)/g)].map((m) => m[1]);
    expect(links).toContain('docs/accounting-api-v1.md');
    for (const link of links) expect(existsSync(new URL(link, root)), link).toBe(true);
    for (const page of readdirSync(new URL('docs/', root)).filter((name) => name.endsWith('.md'))) {
      const base = new URL(`docs/${page}`, root);
      for (const [, link] of readFileSync(base, 'utf8').matchAll(/\]\((?!https?:|#)([^)\s#]+)/g))
        expect(existsSync(new URL(link, base)), `${page}: ${link}`).toBe(true);
    }
  });

  it('has a testing page that says what each folder of test/ holds', () => {
    const testing = readFileSync(new URL('docs/testing.md', root), 'utf8');
    const folders = readdirSync(new URL('test/', root), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.length).toBeGreaterThan(10);
    for (const folder of folders) expect(testing, folder.name).toMatch(new RegExp(`^test/${folder.name}/ +\\S`, 'm'));
    expect(testing).toContain('test/vitest.config.ts');
  });

  it('names only npm scripts that package.json has', () => {
    const scripts = Object.keys(JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).scripts);
    const named = [...readme.matchAll(/npm run ([a-z:-]+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(3);
    for (const name of named) expect(scripts, name).toContain(name);
  });

  it('documents every scope and every preset, as the code has them', () => {
    const table = readme.slice(readme.indexOf('## API keys and scopes'), readme.indexOf('**Managing keys**'));
    for (const resource of RESOURCES) expect(table, resource).toMatch(new RegExp(`\\| \`${resource}:read\``));
    for (const preset of Object.values(SCOPE_PRESETS))
      expect(table, preset.description).toContain(
        `| ${preset.scopes.length > 6 ? 'every `:read` except `api_keys:read`' : `\`${preset.scopes.join(' ')}\``} |`,
      );
  });
});
