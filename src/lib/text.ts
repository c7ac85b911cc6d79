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

/** Every unacceptable string (or object key) inside a JSON value, by its dotted path. */
export function badTextIn(value: unknown, path = '', found: FieldError[] = []): FieldError[] {
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) found.push({ path: path || '(body)', message: problem });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => badTextIn(item, at(i), found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      if (keyProblem) found.push({ path: at(JSON.stringify(key).slice(1, -1)), message: `is not an acceptable field name: it ${keyProblem}` });
      else badTextIn(item, at(key), found);
    }
  }
  return found;
}
