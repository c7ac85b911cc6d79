// `npm run bench:banking`: what the reconcile page's requests cost as a bank account's history grows.
// For each size (BENCH_BANKING_SIZES, default 1,000 and 100,000 statement lines) a fresh database gets
// one organization and a bank account whose business moves 50 lines a day through the bank: each day's
// payments are recorded in the books (manual entries through the service, a thousand to a unit of work)
// and the bank's statements are imported as users import them, 5,000-line CSV files through
// `POST /api/v1/bank-accounts/{id}/statements` on the started server. Lines older than two weeks are
// matched (their match rows written in bulk, as matching writes them) and reconciled, so what is unmatched is the last
// two weeks' business, however long the history. Each request is then sent one at a time after a warm-up:
// the median latency and the server's CPU per request, per size, and the growth from the smallest to the
// largest. Beside them, the database's own part: the same page and the same suggestion candidates read
// by hand-written SQL in this process (the floor no server can go below), per size.
// With DATABASE_URL=postgresql://… the databases are PostgreSQL schemas of this run (dropped after).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../src/build/server.ts';
import { change } from '../src/core/representations.ts';
import { createUnitOfWork } from '../src/core/unit-of-work.ts';
import { type Database, openDatabase, tuneDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { addDays, today } from '../src/lib/dates.ts';
import { newId } from '../src/lib/ids.ts';
import { createApiKey } from '../src/modules/api-keys/api-keys.service.ts';
import { createBankAccount } from '../src/modules/banking/bank-accounts.service.ts';
import { reconcileBankAccount } from '../src/modules/banking/reconciliation.service.ts';
import { createJournalEntry } from '../src/modules/journal/journal.service.ts';
import { createOrganization } from '../src/modules/organizations/organizations.service.ts';
import { representations } from '../src/registry.ts';
import { benchServerEnv } from './fresh-server.ts';
import { cpuMs, start } from './processes.ts';
import { median } from './stats.ts';

const SIZES = (process.env.BENCH_BANKING_SIZES ?? '1000,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_BANKING_REQUESTS ?? 40);
const WARM_UP = 5;
const PER_DAY = 50;
const FILE_LINES = 5000;
const UNMATCHED_DAYS = 14;
const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL! : undefined;
const TODAY = today();

/** The n-th movement of the history: its date (oldest first, PER_DAY a day, ending today) and amount in cents. */
const movement = (n: number, size: number) => {
  const day = Math.floor(n / PER_DAY);
  const lastDay = Math.floor((size - 1) / PER_DAY);
  const cents = 100 + ((n * 7919) % 250_000);
  return { date: addDays(TODAY, day - lastDay), cents: n % 3 === 0 ? -cents : cents };
};
const text = (cents: number) => (cents / 100).toFixed(2);

async function seed(db: Database, size: number, base: () => Promise<string>) {
  await migrate(db);
  await tuneDatabase(db);
  const organization = await createOrganization(db.prisma, { name: 'Bank Co' });
  const key = (await createApiKey(db.prisma, organization.id, 'bench')).plaintext;
  const unitOfWork = createUnitOfWork({ db, representations });
  const accounts = await db.prisma.account.findMany({ where: { organizationId: organization.id } });
  const code = (c: string) => accounts.find((a) => a.code === c)!.id;
  const openingDate = addDays(movement(0, size).date, -1);
  const bankId = (
    await unitOfWork.write(organization.id, { operation: 'createBankAccount', input: null }, (s) =>
      createBankAccount(s, { name: 'Operating', kind: 'bank', openingBalance: '10000', openingDate }),
    )
  ).id;
  const bank = await db.prisma.bankAccount.findUniqueOrThrow({ where: { id: bankId } });
  // The books: each movement recorded as it happened (money in from sales, money out to expenses).
  const started = Date.now();
  for (let from = 0; from < size; from += 1000) {
    await unitOfWork.write(organization.id, { operation: 'createJournalEntry', input: null }, async (s) => {
      let last: Awaited<ReturnType<typeof createJournalEntry>> | undefined;
      const events = [];
      for (let n = from; n < Math.min(size, from + 1000); n++) {
        const { date, cents } = movement(n, size);
        const amount = text(Math.abs(cents));
        const [bankSide, other] = cents > 0 ? ['debit', 'credit'] : ['credit', 'debit'];
        last = await createJournalEntry(s, {
          date,
          description: `Movement ${n}`,
          reference: `M-${n}`,
          lines: [
            { accountId: bank.accountId, [bankSide]: amount },
            { accountId: code(cents > 0 ? '4000' : '6000'), [other]: amount },
          ],
        });
        events.push(...last.events);
      }
      return { ...change('journal_entry', last!.result.row), events };
    });
  }
  const booksSeconds = (Date.now() - started) / 1000;
  // The bank's side, imported as users import it.
  const importStarted = Date.now();
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  for (let from = 0; from < size; from += FILE_LINES) {
    const rows = ['Date,Amount,Description,Reference'];
    for (let n = from; n < Math.min(size, from + FILE_LINES); n++) {
      const { date, cents } = movement(n, size);
      rows.push(`${date},${text(cents)},Movement ${n} M-${n},BANK-${n}`);
    }
    const body = JSON.stringify({
      format: 'csv',
      file: rows.join('\n'),
      csv: { dateColumn: 'Date', amountColumn: 'Amount', descriptionColumn: 'Description', referenceColumn: 'Reference' },
    });
    // As a client does: a 503 (the server shedding load while it reads the last file) is retried when it says.
    let response = await fetch(`${await base()}/api/v1/bank-accounts/${bankId}/statements`, { method: 'POST', headers, body });
    while (response.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
      response = await fetch(`${await base()}/api/v1/bank-accounts/${bankId}/statements`, { method: 'POST', headers, body });
    }
    if (response.status !== 201) throw new Error(`import: ${response.status} ${(await response.text()).slice(0, 300)}`);
  }
  const importSeconds = (Date.now() - importStarted) / 1000;
  // What the bookkeeper matched over the years: every line older than two weeks, to its entry.
  const cutoff = addDays(TODAY, -UNMATCHED_DAYS);
  const entries = await db.prisma.journalEntry.findMany({
    where: { organizationId: organization.id, sourceType: 'manual', date: { lt: cutoff } },
    select: { id: true, reference: true, totalAmount: true },
  });
  const entryOf = new Map(entries.map((e) => [e.reference!, e]));
  const old = await db.prisma.bankTransaction.findMany({
    where: { bankAccountId: bankId, date: { lt: cutoff } },
    select: { id: true, reference: true, amount: true },
  });
  for (let i = 0; i < old.length; i += 1000) {
    const chunk = old.slice(i, i + 1000);
    await db.prisma.bankMatch.createMany({
      data: chunk.map((line) => ({
        id: newId('BankMatch'),
        organizationId: organization.id,
        bankAccountId: bankId,
        bankTransactionId: line.id,
        journalEntryId: entryOf.get(line.reference!.replace('BANK-', 'M-'))!.id,
        amount: line.amount,
      })),
    });
    await db.prisma.bankTransaction.updateMany({ where: { id: { in: chunk.map((l) => l.id) } }, data: { status: 'MATCHED' } });
  }
  // And reconciled them to the statement of the day before the cutoff, through the service.
  const statementDate = addDays(cutoff, -1);
  const closing = old.reduce((sum, l) => sum + l.amount, bank.openingBalance);
  await unitOfWork.write(organization.id, { operation: 'reconcileBankAccount', input: null }, (s) =>
    reconcileBankAccount(s, bankId, { statementDate, closingBalance: (Number(closing) / 100).toFixed(2) }),
  );
  if (db.provider === 'postgresql') await db.prisma.$executeRawUnsafe('VACUUM ANALYZE');
  else await db.prisma.$executeRawUnsafe('ANALYZE');
  const newest = await db.prisma.bankTransaction.findFirstOrThrow({
    where: { bankAccountId: bankId, status: 'UNMATCHED' },
    orderBy: [{ date: 'desc' }, { id: 'desc' }],
  });
  console.error(`${size} lines: books in ${booksSeconds.toFixed(0)} s, statements imported in ${importSeconds.toFixed(0)} s`);
  return { key, bankId, bankAccountId: bank.accountId, lineId: newest.id, organizationId: organization.id, importSeconds };
}

const RECONCILE_LINES =
  'query($bankAccountId: ID!) { bankTransactionsPage(limit: 25, filter: { bankAccountId: $bankAccountId, status: "unmatched" }) ' +
  '{ total data { id date amount description suggestions { type id amount reasons } } } ' +
  'node(id: $bankAccountId) { ... on BankAccount { clearedBalance } } }';

/** The database's part, by hand: the unmatched page and one line's suggestion candidates, as plain SQL. */
async function floor(db: Database, s: { bankId: string; bankAccountId: string; lineId: string; organizationId: string }) {
  const p = db.provider === 'postgresql' ? (n: number) => `$${n}` : () => '?';
  const page =
    `SELECT "id", "date", "amount", "description" FROM "BankTransaction" WHERE "bankAccountId" = ${p(1)} AND "status" = 'UNMATCHED' ` +
    `ORDER BY "date", "id" LIMIT 25`;
  const count = `SELECT COUNT(*) AS "n" FROM "BankTransaction" WHERE "bankAccountId" = ${p(1)} AND "status" = 'UNMATCHED'`;
  const line = await db.prisma.bankTransaction.findUniqueOrThrow({ where: { id: s.lineId } });
  const candidates =
    `SELECT l."entryId", l."debit", l."credit" FROM "JournalLine" l WHERE l."organizationId" = ${p(1)} AND l."accountId" = ${p(2)} ` +
    `AND l."date" BETWEEN ${p(3)} AND ${p(4)} AND NOT EXISTS (SELECT 1 FROM "BankMatch" m WHERE m."bankAccountId" = ${p(5)} ` +
    `AND m."journalEntryId" = l."entryId")`;
  const time = async (work: () => Promise<unknown>) => {
    for (let i = 0; i < WARM_UP; i++) await work();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      await work();
      times.push(performance.now() - t0);
    }
    return median(times);
  };
  return {
    page: await time(() => Promise.all([db.prisma.$queryRawUnsafe(page, s.bankId), db.prisma.$queryRawUnsafe(count, s.bankId)])),
    suggestions: await time(() =>
      db.prisma.$queryRawUnsafe(candidates, s.organizationId, s.bankAccountId, addDays(line.date, -7), addDays(line.date, 7), s.bankId),
    ),
  };
}

await buildServer();
const results = new Map<string, Map<number, { ms: number; cpu?: number }>>();
const notes: string[] = [];
for (const size of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-banking-'));
  const schema = `bench_banking_${process.pid}_${size}`;
  const url = postgres ? `${postgres.replace(/\?.*$/, '')}?schema=${schema}` : `file:${join(dir, 'banking.db')}`;
  const env = benchServerEnv(url, dir);
  const db = openDatabase(url, dir);
  let server: ReturnType<typeof start> | undefined;
  const base = async () => {
    server ??= start(SERVER_BUNDLE, [], env, SERVER_NODE_FLAGS);
    return server.url;
  };
  const seeded = await seed(db, size, base);
  notes.push(`${size.toLocaleString('en-US')} lines imported in ${seeded.importSeconds.toFixed(0)} s`);
  const probes = [
    { name: 'REST unmatched lines, page 1', path: `/api/v1/bank-transactions?bankAccountId=${seeded.bankId}&status=unmatched&limit=25` },
    { name: 'REST suggestions for one line', path: `/api/v1/bank-transactions/${seeded.lineId}/suggestions` },
    {
      name: "GraphQL the reconcile page's lines (25, with suggestions)",
      path: '/graphql',
      body: JSON.stringify({ query: RECONCILE_LINES, variables: { bankAccountId: seeded.bankId } }),
    },
  ];
  // Restarted after the import, as a server runs the next day.
  await server?.stop();
  server = start(SERVER_BUNDLE, [], env, SERVER_NODE_FLAGS);
  process.once('exit', () => server?.child.kill('SIGKILL'));
  const url0 = await server.url;
  const headers = { authorization: `Bearer ${seeded.key}`, 'content-type': 'application/json' };
  for (const probe of probes) {
    const send = async () => {
      const response = await fetch(`${url0}${probe.path}`, { method: probe.body ? 'POST' : 'GET', headers, body: probe.body });
      const body = await response.text();
      if (response.status !== 200 || body.includes('"errors"')) throw new Error(`${probe.name}: ${response.status} ${body.slice(0, 300)}`);
    };
    for (let i = 0; i < WARM_UP; i++) await send();
    const cpuBefore = cpuMs(server.child.pid!);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      await send();
      times.push(performance.now() - t0);
    }
    const row = results.get(probe.name) ?? results.set(probe.name, new Map()).get(probe.name)!;
    row.set(size, { ms: median(times), cpu: (cpuMs(server.child.pid!) - cpuBefore) / REQUESTS });
  }
  const sql = await floor(db, seeded);
  const set = (name: string, ms: number) => (results.get(name) ?? results.set(name, new Map()).get(name)!).set(size, { ms });
  set('hand-written SQL: unmatched page and its count', sql.page);
  set("hand-written SQL: one line's candidate entries", sql.suggestions);
  await server.stop();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
  if (postgres) {
    const admin = new pg.Client({ connectionString: postgres.replace(/\?.*$/, '') });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
}

const sizes = SIZES.map((s) => s.toLocaleString('en-US'));
const [first, last] = [SIZES[0]!, SIZES[SIZES.length - 1]!];
console.log(`| request | ${sizes.map((s) => `${s} lines: ms (CPU ms)`).join(' | ')} | ${sizes.at(-1)} / ${sizes[0]} |`);
console.log(`|---|${SIZES.map(() => '---|').join('')}---|`);
for (const [name, bySize] of results) {
  const cells = SIZES.map((s) => {
    const r = bySize.get(s)!;
    return r.cpu === undefined ? r.ms.toFixed(2) : `${r.ms.toFixed(2)} (${r.cpu.toFixed(2)})`;
  });
  console.log(`| ${name} | ${cells.join(' | ')} | ×${(bySize.get(last)!.ms / bySize.get(first)!.ms).toFixed(2)} |`);
}
console.log(
  `\n${postgres ? 'PostgreSQL' : 'SQLite'}; median of ${REQUESTS} requests one at a time after ${WARM_UP} to warm up; ` +
    `${PER_DAY} lines a day, the last ${UNMATCHED_DAYS} days unmatched; ${notes.join(', ')}`,
);
process.exit(0);
