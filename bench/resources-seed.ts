// The other resources of seeded books, at the books' size, written in bulk as their write paths write
// them (the same columns; the kept list counts follow from the tables' triggers): the bank's statement
// lines, exchange rates, attachments and bulk operations. Like bench/bulk-seed.ts, no events.
//
// - Statement lines: the bank shows each payment the books recorded (one line each, one statement a
//   month); lines older than two weeks are matched to their payment's entry, and those up to the last
//   month-end before that reconciled month by month, so what is unmatched is the last two weeks' business.
// - Exchange rates: a daily feed of up to 150 currencies, as many days back as the size takes.
// - Attachments: a receipt (a small PDF) on each invoice, as many as the size.
// - Bulk operations: exports run over the years, as many as the size, all ended (a queued one would run
//   while the requests are measured), two of the last three failed or canceled.
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../src/db/database.ts';
import { insertRows } from '../src/db/insert.ts';
import type { RawSql } from '../src/db/sql.ts';
import { addDays } from '../src/lib/dates.ts';
import { newId } from '../src/lib/ids.ts';

type Row = Record<string, unknown>;
const ROWS_PER_STATEMENT = 1_000;
const UNMATCHED_DAYS = 14;
/** Rows generated before they are written: a million at once would hold gigabytes. */
const CHUNK = 50_000;

/** `rows` (all of one shape, their keys the columns) in INSERTs of ROWS_PER_STATEMENT on `tx`. */
async function insertChunks(tx: RawSql, table: string, rows: readonly Row[]) {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await insertRows(tx, table, Object.keys(rows[0]), rows.slice(i, i + ROWS_PER_STATEMENT));
}

/** `rows` in one transaction. */
const insertAll = (db: Database, table: string, rows: readonly Row[]) =>
  db.prisma.$transaction((tx) => insertChunks(tx, table, rows), { timeout: 600_000, maxWait: 60_000 });

const lastDayOfMonth = (date: string) => addDays(`${addDays(`${date.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);

/** Statement lines for every payment into `bankAccountId`'s ledger account, matched and reconciled as a bookkeeper does. */
export async function writeStatementLines(
  db: Database,
  organizationId: string,
  bank: { id: string; accountId: string; openingBalance: bigint },
  today: string,
  now = new Date(),
): Promise<void> {
  const payments = await db.prisma.payment.findMany({
    where: { organizationId, depositAccountId: bank.accountId },
    select: { date: true, amount: true, journalEntryId: true, invoice: { select: { number: true } } },
    orderBy: [{ date: 'asc' }, { id: 'asc' }],
  });
  const cutoff = addDays(today, -UNMATCHED_DAYS);
  const lastReconciled = addDays(`${cutoff.slice(0, 7)}-01`, -1);
  let balance = bank.openingBalance;
  let n = 0;
  for (let start = 0; start < payments.length; ) {
    const month = payments[start].date.slice(0, 7);
    let end = start;
    while (end < payments.length && payments[end].date.slice(0, 7) === month) end++;
    const lines = payments.slice(start, end);
    start = end;
    const statementDate = lastDayOfMonth(lines[0].date);
    const opening = balance;
    const total = lines.reduce((sum, p) => sum + p.amount, 0n);
    balance += total;
    const statementId = newId('BankStatement');
    const reconciliationId = statementDate <= lastReconciled ? newId('BankReconciliation') : null;
    const statement = {
      id: statementId,
      organizationId,
      bankAccountId: bank.id,
      format: 'csv',
      filename: `statement-${month}.csv`,
      fileHash: randomBytes(32).toString('hex'),
      lineCount: lines.length,
      newCount: lines.length,
      skippedCount: 0,
      startDate: lines[0].date,
      endDate: lines[lines.length - 1].date,
      closingBalance: balance,
      closingDate: statementDate,
      createdAt: now,
    };
    const transactions: Row[] = [];
    const matches: Row[] = [];
    for (const payment of lines) {
      const id = newId('BankTransaction');
      const matched = payment.date < cutoff;
      transactions.push({
        id,
        organizationId,
        bankAccountId: bank.id,
        statementId,
        date: payment.date,
        amount: payment.amount,
        description: `Deposit ${payment.invoice.number}`,
        counterparty: null,
        reference: `BANK-${n}`,
        dedupeKey: `ref:BANK-${n++}`,
        status: matched ? 'MATCHED' : 'UNMATCHED',
        reconciliationId,
        createdAt: now,
        updatedAt: now,
      });
      if (matched)
        matches.push({
          id: newId('BankMatch'),
          organizationId,
          bankAccountId: bank.id,
          bankTransactionId: id,
          journalEntryId: payment.journalEntryId,
          amount: payment.amount,
          explained: false,
          createdAt: now,
        });
    }
    await db.prisma.$transaction(
      async (tx) => {
        await insertChunks(tx, 'BankStatement', [statement]);
        if (reconciliationId)
          await insertChunks(tx, 'BankReconciliation', [
            {
              id: reconciliationId,
              organizationId,
              bankAccountId: bank.id,
              statementDate,
              openingBalance: opening,
              closingBalance: balance,
              clearedDeposits: total,
              clearedPayments: 0n,
              transactionCount: lines.length,
              status: 'COMPLETED',
              createdAt: now,
              updatedAt: now,
            },
          ]);
        await insertChunks(tx, 'BankTransaction', transactions);
        await insertChunks(tx, 'BankMatch', matches);
        // As reconciling does: the matched entries are locked with their lines.
        if (reconciliationId)
          await tx.$executeRaw`UPDATE "JournalEntry" SET "reconciliationId" = ${reconciliationId} WHERE "id" IN
            (SELECT m."journalEntryId" FROM "BankMatch" m JOIN "BankTransaction" t ON t."id" = m."bankTransactionId"
             WHERE t."reconciliationId" = ${reconciliationId})`;
      },
      { timeout: 600_000, maxWait: 60_000 },
    );
  }
  await db.prisma.bankAccount.update({ where: { id: bank.id }, data: { statementBalance: balance, statementDate: lastDayOfMonth(today) } });
}

/** `count` daily rates, for up to 150 currencies other than `home`, ending `today`. */
export async function writeExchangeRates(
  db: Database,
  organizationId: string,
  home: string,
  count: number,
  today: string,
  now = new Date(),
) {
  const currencies = Intl.supportedValuesOf('currency')
    .filter((c) => c !== home)
    .slice(0, 150);
  let rows: Row[] = [];
  for (let n = 0, day = 0; n < count; day++) {
    const date = addDays(today, -day);
    for (const currency of currencies.slice(0, count - n)) {
      const rate = (0.5 + ((n++ * 7919) % 100_000) / 100_000).toFixed(6).replace(/0+$/, '');
      rows.push({ id: newId('ExchangeRate'), organizationId, currency, date, rate, createdAt: now, updatedAt: now });
    }
    if (rows.length >= CHUNK || n === count) {
      await insertAll(db, 'ExchangeRate', rows);
      rows = [];
    }
  }
}

/** The bytes of a small PDF receipt: what a phone's scan of a paper receipt would be, much smaller. */
const RECEIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n' +
    '%'.repeat(1024),
);

/** A receipt on `count` of the organization's invoices, attached the day each was issued. */
export async function writeAttachments(db: Database, organizationId: string, count: number) {
  const sha256 = createHash('sha256').update(RECEIPT).digest('hex');
  let after: string | undefined;
  for (let written = 0; written < count; ) {
    const invoices = await db.prisma.invoice.findMany({
      where: { organizationId, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true, number: true, issueDate: true },
      orderBy: { id: 'asc' },
      take: Math.min(20_000, count - written),
    });
    if (invoices.length === 0) break;
    after = invoices[invoices.length - 1].id;
    written += invoices.length;
    await insertAll(
      db,
      'Attachment',
      invoices.map((invoice) => ({
        id: newId('Attachment'),
        organizationId,
        recordType: 'invoice',
        recordId: invoice.id,
        filename: `receipt-${invoice.number}.pdf`,
        contentType: 'application/pdf',
        size: RECEIPT.length,
        sha256,
        content: new Uint8Array(RECEIPT),
        createdAt: new Date(`${invoice.issueDate}T12:00:00Z`),
      })),
    );
  }
}

/** `count` exports the key ran, `perDay` a day up to `today`, ended and their files expired. */
export async function writeBulkOperations(db: Database, organizationId: string, apiKeyId: string, count: number, today: string) {
  const query = '{ invoices { edges { node { id number total } } } }';
  let rows: Row[] = [];
  const perDay = 100;
  for (let i = 0; i < count; i++) {
    const day = addDays(today, -Math.floor((count - 1 - i) / perDay));
    const createdAt = new Date(Date.parse(`${day}T00:00:00Z`) + (i % perDay) * 60_000);
    const status = i === count - 1 ? 'CANCELED' : i === count - 2 ? 'FAILED' : 'COMPLETED';
    const done = status === 'COMPLETED';
    rows.push({
      id: newId('BulkOperation'),
      organizationId,
      apiKeyId,
      type: 'EXPORT',
      status,
      query,
      objectCount: done ? 25 : 0,
      resultChunks: done ? 1 : 0,
      resultBytes: done ? 2_000n : 0n,
      resultExpiresAt: done ? new Date(createdAt.getTime() + 7 * 86_400_000) : null,
      secret: randomBytes(32).toString('base64url'),
      createdAt,
      errorCode: status === 'FAILED' ? 'INSUFFICIENT_SCOPE' : null,
      errorMessage: status === 'FAILED' ? 'This API key lacks invoices:read, which the query needs' : null,
      startedAt: createdAt,
      completedAt: new Date(createdAt.getTime() + 5_000),
      updatedAt: createdAt,
    });
    // Through Prisma: PostgreSQL types these columns with enums, which a raw INSERT's text parameters are not.
    if (rows.length === 5_000 || i === count - 1) {
      await db.prisma.bulkOperation.createMany({ data: rows as never });
      rows = [];
    }
  }
}
