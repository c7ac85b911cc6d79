// Text search that means the same on both databases. SQLite's LIKE ignores case (for ASCII) by itself;
// PostgreSQL's does not, so there the match asks for insensitive mode.
export type SearchProvider = 'sqlite' | 'postgresql';

export function textMatch(provider: SearchProvider, op: 'contains' | 'startsWith', text: string): any {
  return provider === 'postgresql' ? { [op]: text, mode: 'insensitive' } : { [op]: text };
}
