// Rooms a reader can hold in the head: no source file over 600 lines and no function over 80 unless the
// comment at its top says why ("Long on purpose: …"), and no line over 140 characters (the formatter's
// width, which it cannot keep for a long string). Generated files are not read by people and are left out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const SRC = new URL('../../src/', import.meta.url).pathname;
const MAX_LINES = 600;
const MAX_WIDTH = 140;

const files = (dir: string): string[] =>
  readdirSync(join(SRC, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'generated' ? [] : files(join(dir, e.name))) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** The comment a file opens with: its lines up to the first that is not a comment. */
function openingComment(text: string) {
  const lines = text.split('\n');
  const end = lines.findIndex((line) => !line.startsWith('//'));
  return lines.slice(0, end === -1 ? lines.length : end).join('\n');
}

it(`keeps every source file under ${MAX_LINES} lines, or says at its top why it is longer`, () => {
  const all = files('');
  expect(all.length).toBeGreaterThan(200);
  const long = all.filter((file) => {
    const text = readFileSync(join(SRC, file), 'utf8');
    return text.split('\n').length > MAX_LINES && !openingComment(text).includes('Long on purpose:');
  });
  expect(long).toEqual([]);
});

it(`keeps every source line within ${MAX_WIDTH} characters`, () => {
  const wide = files('').flatMap((file) =>
    readFileSync(join(SRC, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (line.length > MAX_WIDTH ? [`src/${file}:${i + 1}`] : [])),
  );
  expect(wide).toEqual([]);
});

/** Each function over `max` lines with no reason at its top: the comments before the statement holding it. */
function longFunctionsWithoutReason(file: string, text: string, max: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const line = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const isFunction =
      ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node);
    if (isFunction && line(node.getEnd()) - line(node.getStart()) > max) {
      let holder: ts.Node = node;
      while (holder.parent && !ts.isSourceFile(holder.parent) && !ts.isBlock(holder.parent) && !ts.isClassDeclaration(holder.parent))
        holder = holder.parent;
      const comments = (ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? []).map((r) => text.slice(r.pos, r.end)).join('\n');
      if (!comments.includes('Long on purpose:')) found.push(`src/${file}:${line(holder.getStart()) + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('keeps every function within 80 lines, or says at its top why it is longer', () => {
  const unexplained = files('')
    .filter((file) => !file.startsWith('dashboard/'))
    .flatMap((file) => longFunctionsWithoutReason(file, readFileSync(join(SRC, file), 'utf8'), 80));
  expect(unexplained).toEqual([]);
  // The check sees a long function: one made here, without a reason, is found.
  const made = `export function long() {\n${'  work();\n'.repeat(90)}}\n`;
  expect(longFunctionsWithoutReason('made.ts', made, 80)).toEqual(['src/made.ts:1']);
});
