// The server bundle `npm start` runs (dist/main.js, built by the global setup) is ASCII: V8 keeps a
// script's source for lazy compilation, one byte a character when every character is Latin-1 and two
// otherwise, so a single "’" or "±" that esbuild leaves in a regular expression or a kept comment
// doubles the memory the whole bundle's source takes (3.6 MB more of a server's heap, for good).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_BUNDLE } from '../../src/build/server.ts';

it('the server bundle has only ASCII characters, so V8 keeps its source at one byte a character', () => {
  const text = readFileSync(SERVER_BUNDLE, 'utf8');
  const found = [...text.matchAll(/[^\x00-\x7f]/g)].map((m) => `"${text.slice(Math.max(0, m.index - 60), m.index + 10)}"`);
  expect(found, `write these as \\u escapes in the source:\n${found.join('\n')}`).toEqual([]);
});
