// Text search that means the same on both databases: a case-insensitive substring (or prefix) match in
// which every character the user types is literal, and case folds for all of Unicode ("émile" finds
// "Émile"). PostgreSQL gets this from ILIKE (Prisma's insensitive mode); SQLite's built-in LIKE folds
// ASCII only, so db/database.ts replaces it on SQLite connections with `unicodeLike` below.
export type SearchProvider = 'sqlite' | 'postgresql';

/** `%`, `_` and `\` typed by a user are literal: escaped with `\`, LIKE's escape on PostgreSQL and in `unicodeLike`. */
export const escapeLikePattern = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A Prisma string filter; `mode` exists only in PostgreSQL's client (SQLite's LIKE is made insensitive instead). */
export type TextMatch = { contains?: string; startsWith?: string; mode?: 'insensitive' };

export function textMatch(provider: SearchProvider, op: 'contains' | 'startsWith', text: string): TextMatch {
  const literal = escapeLikePattern(text);
  return provider === 'postgresql' ? { [op]: literal, mode: 'insensitive' } : { [op]: literal };
}

const patterns = new Map<string, RegExp>();

/**
 * SQLite's `X LIKE Y` as `like(Y, X)`: `%` any run, `_` one character, `\` makes the next one literal,
 * case-insensitive over Unicode (simple case folding). Compiled patterns are kept (searches repeat).
 */
export function unicodeLike(pattern: string | null, value: string | null): number | null {
  if (pattern === null || value === null) return null;
  let regex = patterns.get(pattern);
  if (!regex) {
    let source = '';
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === '\\' && i + 1 < pattern.length) source += escapeRegExp(pattern[++i]);
      else if (c === '%') source += '[\\s\\S]*';
      else if (c === '_') source += '[\\s\\S]';
      else source += escapeRegExp(c);
    }
    regex = new RegExp(`^${source}$`, 'iu');
    if (patterns.size > 1000) patterns.clear();
    patterns.set(pattern, regex);
  }
  return regex.test(String(value)) ? 1 : 0;
}

// Exactly the characters a `u`-flag pattern lets be escaped (its syntax characters and `/`): in that
// mode an escape of anything else, such as `\-`, is a syntax error.
const escapeRegExp = (c: string) => c.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
