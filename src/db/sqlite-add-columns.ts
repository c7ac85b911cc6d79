// Prisma's SQLite diff redefines a table for any change to it (a new table, the rows copied, the old one
// dropped, every index made again), even for a column added; and a redefined table loses its triggers (the
// kept list counts', src/db/list-counts.ts). A person writes `ALTER TABLE … ADD COLUMN`. Where the
// PostgreSQL diff of the same change only adds columns (and indexes) to a table, the SQLite redefinition
// of that table is rewritten so; any other change keeps its redefinition (and needs its triggers again).

const REDEFINITION = new RegExp(
  [
    String.raw`CREATE TABLE "new_(\w+)" \(\n([\s\S]*?)\n\);\n`,
    String.raw`INSERT INTO "new_\1" \(([^)]*)\) SELECT [^;]*;\n`,
    String.raw`DROP TABLE "\1";\nALTER TABLE "new_\1" RENAME TO "\1";\n`,
    String.raw`((?:CREATE (?:UNIQUE )?INDEX [^\n]*\n)*)`,
  ].join(''),
  'g',
);
const PRAGMAS_ON = 'PRAGMA defer_foreign_keys=ON;\nPRAGMA foreign_keys=OFF;\n';
const PRAGMAS_OFF = 'PRAGMA foreign_keys=ON;\nPRAGMA defer_foreign_keys=OFF;\n';

/** The PostgreSQL diff's statements, each with its text (comments dropped). */
const statements = (sql: string) =>
  sql
    .split(';')
    .map((s) =>
      s
        .split('\n')
        .filter((line) => !line.startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);

/** What the PostgreSQL diff does to `table`, if it only adds columns and indexes: their names. */
function onlyAdditions(postgres: string, table: string): { columns: Set<string>; indexes: Set<string> } | undefined {
  const columns = new Set<string>();
  const indexes = new Set<string>();
  for (const statement of statements(postgres)) {
    // Statements about other tables may name this one (a new table's foreign key to it): they are not changes to it.
    const subject = /^(?:ALTER TABLE|CREATE TABLE|DROP TABLE|CREATE (?:UNIQUE )?INDEX "\w+" ON) "(\w+)"/.exec(statement)?.[1];
    if (subject !== undefined ? subject !== table : !statement.includes(`"${table}"`)) continue;
    const alter = new RegExp(`^ALTER TABLE "${table}" (ADD COLUMN\\s+"\\w+"[^,]*(,\\s*ADD COLUMN\\s+"\\w+"[^,]*)*)$`).exec(statement);
    const index = new RegExp(`^CREATE (?:UNIQUE )?INDEX "(\\w+)" ON "${table}"`).exec(statement);
    if (alter) for (const [, name] of alter[1]!.matchAll(/ADD COLUMN\s+"(\w+)"/g)) columns.add(name!);
    else if (index) indexes.add(index[1]!);
    else return undefined;
  }
  return columns.size ? { columns, indexes } : undefined;
}

/** A column SQLite can add in place: no key, and a value for the rows it has (a default, or NULL allowed). */
const addable = (definition: string) =>
  !/PRIMARY KEY|UNIQUE/i.test(definition) && (!/NOT NULL/i.test(definition) || /DEFAULT/i.test(definition));

/** The SQLite migration with each table that only gains columns altered in place instead of redefined. */
export function addColumnsInsteadOfRedefining(sqlite: string, postgres: string): string {
  let rewritten = sqlite.replace(REDEFINITION, (whole, table: string, body: string, copied: string, indexLines: string) => {
    const additions = onlyAdditions(postgres, table);
    if (!additions) return whole;
    const kept = new Set(copied.split(',').map((c) => c.trim().replace(/"/g, '')));
    const added = body
      .split('\n')
      .map((line) => line.trim().replace(/,$/, ''))
      .filter((line) => line.startsWith('"') && !kept.has(/^"(\w+)"/.exec(line)![1]!));
    const names = added.map((line) => /^"(\w+)"/.exec(line)![1]!);
    if (names.length !== additions.columns.size || names.some((n) => !additions.columns.has(n)) || !added.every(addable)) return whole;
    const newIndexes = indexLines.split('\n').filter((line) => additions.indexes.has(/INDEX "(\w+)"/.exec(line)?.[1] ?? ''));
    const alters = added.map((definition) => `ALTER TABLE "${table}" ADD COLUMN ${definition};\n`);
    return [...alters, ...newIndexes.map((line) => `${line}\n`)].join('');
  });
  // A PRAGMA pair around nothing redefined any more goes too.
  while (rewritten.includes(PRAGMAS_ON)) {
    const start = rewritten.indexOf(PRAGMAS_ON);
    const end = rewritten.indexOf(PRAGMAS_OFF, start);
    if (end < 0 || rewritten.slice(start, end).includes('CREATE TABLE "new_')) break;
    rewritten = rewritten.slice(0, start) + rewritten.slice(start + PRAGMAS_ON.length, end) + rewritten.slice(end + PRAGMAS_OFF.length);
  }
  return rewritten.replace('-- RedefineTables\n', (marker) => (rewritten.includes('CREATE TABLE "new_') ? marker : '-- AlterTable\n'));
}
