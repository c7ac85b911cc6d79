// What counts as text. Every string a client sends (JSON bodies, GraphQL variables and literals, query
// parameters, path ids) must be well-formed Unicode without control characters other than tab, line
// feed and carriage return. PostgreSQL refuses NUL in text outright and SQLite stores it silently, and a
// lone surrogate is stored differently by each: refusing both up front makes the two databases behave
// the same and keeps invisible bytes out of invoices, exports and webhook bodies.
import type { FieldError } from './errors.ts';

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNPAIRED_SURROGATE = 'must be valid Unicode text (it contains an unpaired surrogate)';

/** Why a string is not acceptable text, or undefined when it is. */
export function textProblem(value: string): string | undefined {
  if (LONE_SURROGATE.test(value)) return UNPAIRED_SURROGATE;
  if (CONTROL.test(value)) return 'must not contain control characters (such as NUL); only tab, line feed and carriage return are allowed';
  return undefined;
}

/**
 * How deep a JSON value may nest (REST bodies, GraphQL variables, on every transport). The deepest
 * real input is a few levels (a journal entry's lines); the limit only keeps a hostile body from
 * reaching code that walks values recursively (graphql-js's input coercion, JSON.stringify).
 */
export const MAX_JSON_DEPTH = 64;

export const tooDeep = (limit: number) => `nests deeper than ${limit} levels (objects and arrays within each other); the limit is ${limit}`;

/**
 * Every unacceptable string (or object key) inside a JSON value, by its dotted path, and the first
 * place the value nests deeper than `maxDepth`. Walked with a stack of its own, not recursion, so no
 * input can exhaust the call stack (a body of 100,000 nested arrays is 200 KB).
 */
export function badTextIn(value: unknown, maxDepth = MAX_JSON_DEPTH): FieldError[] {
  const found: FieldError[] = [];
  const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  let tooDeepReported = false;
  // Pushed in reverse, so errors are found in document order.
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const { value: item, path, depth } = stack.pop()!;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) found.push({ path: path || '(body)', message: problem });
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (depth >= maxDepth) {
      if (!tooDeepReported) found.push({ path: path || '(body)', message: tooDeep(maxDepth) });
      tooDeepReported = true;
      continue;
    }
    const children: { value: unknown; path: string; depth: number }[] = [];
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) children.push({ value: item[i], path: at(path, i), depth: depth + 1 });
    } else {
      for (const [key, child] of Object.entries(item)) {
        const keyProblem = textProblem(key);
        if (keyProblem)
          found.push({ path: at(path, JSON.stringify(key).slice(1, -1)), message: `is not an acceptable field name: it ${keyProblem}` });
        else children.push({ value: child, path: at(path, key), depth: depth + 1 });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return found;
}

/**
 * A value a client sent, as an error message quotes it: in double quotes, and cut to `max` characters (a
 * refusal need not send half a megabyte back, nor a log keep it).
 */
export const echo = (value: unknown, max = 100) => {
  const text = String(value);
  return text.length <= max ? `"${text}"` : `"${text.slice(0, max)}…" (${text.length} characters)`;
};

const MARKUP: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as HTML or XML writes it: the five characters markup gives meaning to, escaped (pages, emails, statement files). */
export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (c) => MARKUP[c]!);
