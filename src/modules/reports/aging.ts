import { addDays, today } from '../../lib/dates.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { Checker } from '../../lib/validate.ts';
import type { Tenant } from '../../core/tenant.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { offThread } from '../../db/sql.ts';
import { type AgingSide, agingPending, agingSources } from '../documents/index.ts';
import { minor } from './balances.ts';

export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;

/** How a statement (its PDF and its email) names each bucket. */
export const AGING_LABELS: Record<(typeof AGING_BUCKETS)[number], string> = {
  current: 'Not yet due',
  days1to30: '1\u201330 days overdue',
  days31to60: '31\u201360 days overdue',
  days61to90: '61\u201390 days overdue',
  over90: 'Over 90 days overdue',
};

/** The rows of `table` open at the end of `asOf`, in two halves: still open and issued by then, or settled after it. */
function openRows(
  table: string,
  columns: Prisma.Sql,
  organizationId: string,
  asOf: string,
  openStatuses: string,
  currency: string | undefined,
) {
  const inCurrency = currency ? Prisma.sql` AND i."currency" = ${currency}` : Prisma.empty;
  return Prisma.sql`
      SELECT ${columns} FROM ${Prisma.raw(`"${table}"`)} i
      WHERE i."organizationId" = ${organizationId} AND i."status" IN (${Prisma.raw(openStatuses)}) AND i."issueDate" <= ${asOf}${inCurrency}
      UNION ALL
      SELECT ${columns} FROM ${Prisma.raw(`"${table}"`)} i
      -- The issue date as an expression: no planner may read this half by the issue-date index (every
      -- document issued before the date), whatever its statistics; the settled-after index finds the few.
      WHERE i."organizationId" = ${organizationId} AND i."settledOn" > ${asOf} AND i."issueDate" || '' <= ${asOf}${inCurrency}`;
}

/**
 * Each document open at the end of `asOf` with what was still due on it then: its total less its
 * payments (and credit applied) dated on or before `asOf` (a payment voided by then paid nothing); and
 * each credit document's credit still unused then (not applied, not refunded), as a negative amount due
 * on its own date. In home currency (a foreign document's home total less what its settlements cleared
 * at its rate, as the ledger has it), or, given a `currency`, only the documents in it, in it.
 */
function openAt(organizationId: string, asOf: string, side: AgingSide, currency?: string): Prisma.Sql {
  const total = currency ? Prisma.sql`i."total"` : Prisma.sql`COALESCE(i."homeTotal", i."total")`;
  const halves = agingSources(side).map((source) => {
    // What settled it by then and was not undone by then (a payment, write-off, credit applied or refund
    // voided by then settled nothing): in home currency, what each cleared; in a currency, its amount.
    const settled = source.settledBy.map((by) => {
      const value = currency ? Prisma.sql`p."amount"` : Prisma.raw(`COALESCE(p."${by.home}", p."amount")`);
      const [table, key] = [Prisma.raw(`"${by.table}"`), Prisma.raw(`"${by.key}"`)];
      return Prisma.sql` - COALESCE((SELECT SUM(${value}) FROM ${table} p WHERE p.${key} = i."id"
        AND p."date" <= ${asOf} AND (p."voidDate" IS NULL OR p."voidDate" > ${asOf})), 0)`;
    });
    const due = Prisma.sql`${total}${settled.length ? Prisma.join(settled, '', '', '') : Prisma.empty}`;
    const [kind, party] = [Prisma.raw(`'${source.kind}'`), Prisma.raw(`"${source.partyKey}"`)];
    const columns = Prisma.sql`${kind} AS "kind", i."id", i."number", i.${party} AS "partyId",
      i."issueDate", i.${Prisma.raw(`"${source.dueDateColumn}"`)} AS "dueDate", ${source.sign < 0n ? Prisma.sql`-(${due})` : due} AS "due"`;
    const open = source.open.map((status) => `'${status}'`).join(', ');
    return openRows(source.table, columns, organizationId, asOf, open, currency);
  });
  return Prisma.join(halves, ' UNION ALL ', '', '');
}

/**
 * The statement of aged receivables (or payables) as at `asOf`: one row per party owing (owed) then, with its buckets,
 * from the kept aging sums, or, for an organization whose aging is still being derived, from the documents
 * (test/db/list-plans.test.ts reads its plans).
 */
export function agingStatement(
  organizationId: string,
  asOf: string,
  side: AgingSide = 'receivables',
  currency?: string,
  from: 'kept' | 'documents' = 'kept',
  /** One party's row only (a statement's aging). */
  partyId?: string,
): Prisma.Sql {
  // Not a WHERE on what is due: PostgreSQL would push it into every half and run the subqueries twice. A
  // customer whose unused credit outweighs what it owes shows, with a negative total (a credit).
  if (from === 'documents')
    return Prisma.sql`
      SELECT o."partyId", ${bucketSums(asOf, Prisma.sql`o."due"`, Prisma.sql`o."dueDate"`)}
      FROM (${openAt(organizationId, asOf, side, currency)}) o
      ${partyId ? Prisma.sql`WHERE o."partyId" = ${partyId}` : Prisma.empty}
      GROUP BY o."partyId"
      HAVING SUM(o."due") <> 0`;
  // Each party's total and what of it was due before each bucket's edge (so a bucket is the difference
  // of two edges). From the balances: the party's kept total, and its running balance at each edge that
  // falls after its earliest due date and not after its latest (before it, nothing; after, the total),
  // the latest due date before the edge, one key lookup. So it reads at most five rows a party and
  // currency however many due dates it owes. As at a past date, less the days after it.
  const column = currency ? 'amount' : 'home';
  const edges = [asOf, ...agingEdges(asOf)];
  const running = Prisma.raw(`"running${column === 'home' ? 'Home' : 'Amount'}"`);
  const total = Prisma.raw(`p."${column}"`);
  const before = (edge: string) => Prisma.sql`CASE WHEN p."earliestDue" >= ${edge} THEN 0 WHEN p."latestDue" < ${edge} THEN ${total}
      ELSE (SELECT b.${running} FROM "AgingBalance" b WHERE b."organizationId" = p."organizationId" AND b."side" = p."side"
        AND b."partyId" = p."partyId" AND b."currency" = p."currency" AND b."dueDate" < ${edge} ORDER BY b."dueDate" DESC LIMIT 1) END`;
  const inCurrency = currency ? Prisma.sql` AND "currency" = ${currency}` : Prisma.empty;
  const filters = Prisma.sql`${inCurrency}${partyId ? Prisma.sql` AND "partyId" = ${partyId}` : Prisma.empty}`;
  const balances = Prisma.sql`SELECT p."partyId", ${total} AS "total",
      ${Prisma.join(edges.map((edge, i) => Prisma.sql`${before(edge)} AS ${Prisma.raw(`"before${i}"`)}`))}
    FROM "AgingParty" p WHERE p."organizationId" = ${organizationId} AND p."side" = ${side}${filters}`;
  const value = Prisma.raw(`-"${column}"`);
  const daysAfter = Prisma.sql`SELECT "partyId", SUM(${value}) AS "total",
      ${Prisma.join(
        edges.map((edge, i) => Prisma.sql`SUM(CASE WHEN "dueDate" < ${edge} THEN ${value} ELSE 0 END) AS ${Prisma.raw(`"before${i}"`)}`),
      )}
    FROM "AgingDay" WHERE "organizationId" = ${organizationId} AND "side" = ${side} AND "date" > ${asOf}${filters}
    GROUP BY "partyId"`;
  return Prisma.sql`
    SELECT k."partyId", SUM(k."total") - SUM(k."before0") AS "current", SUM(k."before0") - SUM(k."before1") AS "days1to30",
      SUM(k."before1") - SUM(k."before2") AS "days31to60", SUM(k."before2") - SUM(k."before3") AS "days61to90",
      SUM(k."before3") AS "over90"
    FROM (${balances} UNION ALL ${daysAfter}) k
    GROUP BY k."partyId"
    HAVING SUM(k."total") <> 0`;
}

/** The due dates before which an amount is over 30, 60 and 90 days overdue as at the end of `asOf`. */
const agingEdges = (asOf: string) => [addDays(asOf, -30), addDays(asOf, -60), addDays(asOf, -90)] as const;

/** The aged buckets of amounts `due` on `dueDate` as at the end of `asOf`, summed: current = not yet due; then 1–30 … over 90 days. */
function bucketSums(asOf: string, due: Prisma.Sql, dueDate: Prisma.Sql) {
  const [d30, d60, d90] = agingEdges(asOf);
  return Prisma.sql`
      SUM(CASE WHEN ${dueDate} >= ${asOf} THEN ${due} ELSE 0 END) AS "current",
      SUM(CASE WHEN ${dueDate} < ${asOf} AND ${dueDate} >= ${d30} THEN ${due} ELSE 0 END) AS "days1to30",
      SUM(CASE WHEN ${dueDate} < ${d30} AND ${dueDate} >= ${d60} THEN ${due} ELSE 0 END) AS "days31to60",
      SUM(CASE WHEN ${dueDate} < ${d60} AND ${dueDate} >= ${d90} THEN ${due} ELSE 0 END) AS "days61to90",
      SUM(CASE WHEN ${dueDate} < ${d90} THEN ${due} ELSE 0 END) AS "over90"`;
}

/**
 * The bucket of an amount due on `dueDate`, as at the end of `asOf`: days overdue = asOf − dueDate;
 * current when not yet overdue (due on or after asOf), then 1–30, 31–60, 61–90 and over 90 days.
 */
export function agingBucket(dueDate: string, asOf: string): { daysOverdue: number; bucket: (typeof AGING_BUCKETS)[number] } {
  const daysOverdue = Math.max(0, Math.round((Date.parse(asOf) - Date.parse(dueDate)) / 86_400_000));
  const bucket =
    daysOverdue === 0
      ? 'current'
      : daysOverdue <= 30
        ? 'days1to30'
        : daysOverdue <= 60
          ? 'days31to60'
          : daysOverdue <= 90
            ? 'days61to90'
            : 'over90';
  return { daysOverdue, bucket };
}

/**
 * Aging detail: every invoice (bill) open at the end of `asOf` with what was due on it then, its days
 * overdue and bucket, most overdue first. Its amounts sum, per party and bucket, to the aged report's.
 */
export async function agingDetail(tenant: Tenant, asOf: string, side: AgingSide, currency?: string) {
  const rows: {
    /** The resource of the document the row is (`invoice`, `bill`), or of the credit document whose unused credit it is. */
    kind: string;
    id: string;
    number: string;
    partyId: string;
    issueDate: string;
    dueDate: string;
    due: unknown;
  }[] = await tenant.prisma.$queryRaw(
    // Every open document: off the request thread on SQLite.
    offThread(
      Prisma.sql`SELECT o."kind", o."id", o."number", o."partyId", o."issueDate", o."dueDate", o."due" FROM
        (${openAt(tenant.organizationId, asOf, side, currency)}) o ORDER BY o."dueDate", o."number"`,
      tenant.organizationId,
    ),
  );
  return rows
    .map((r) => ({
      kind: r.kind,
      id: r.id,
      number: r.number,
      partyId: r.partyId,
      issueDate: r.issueDate,
      dueDate: r.dueDate,
      outstanding: minor(r.due),
      currency: currency ?? null,
      ...agingBucket(r.dueDate, asOf),
    }))
    .filter((r) => r.outstanding !== 0n);
}

type Buckets = Record<(typeof AGING_BUCKETS)[number], bigint>;

/** The aged sums as at `asOf` per party id, from one aggregate in the database (no document is loaded into the process). */
async function agedSums(tenant: Tenant, asOf: string, side: AgingSide, currency?: string, partyId?: string): Promise<Map<string, Buckets>> {
  const from = (await agingPending(tenant.prisma, tenant.organizationId)) ? 'documents' : 'kept';
  const sums: ({ partyId: string } & Record<(typeof AGING_BUCKETS)[number], unknown>)[] = await tenant.prisma.$queryRaw(
    agingStatement(tenant.organizationId, asOf, side, currency, from, partyId),
  );
  return new Map(sums.map((row) => [row.partyId, Object.fromEntries(AGING_BUCKETS.map((k) => [k, minor(row[k])])) as Buckets]));
}

/** Rows of parties (by name) with their buckets and total, and the totals of every column. */
function agingTable<Party extends { id: string }>(asOf: string, parties: Party[], perParty: Map<string, Buckets>, currency: string | null) {
  const rows = parties.map((party) => {
    const b = perParty.get(party.id)!;
    return { party, ...b, total: AGING_BUCKETS.reduce((t, k) => t + b[k], 0n), currency };
  });
  const columns = [...AGING_BUCKETS, 'total'] as const;
  const totals = Object.fromEntries(columns.map((k) => [k, rows.reduce((t, r) => t + r[k], 0n)])) as Record<
    (typeof columns)[number],
    bigint
  >;
  return { asOf, currency, rows, totals: { ...totals, currency } };
}

/** An aged report's currency: a document currency (ISO 4217) to age only the documents in it, in it; none for all, in home currency. */
export function agingCurrency(currency: string | null | undefined) {
  const check = new Checker();
  const code = check.currency('currency', currency);
  check.done();
  return code;
}

/**
 * What customers owed at the end of `asOf`, by how overdue it was then. Only what had happened by that
 * date counts (QuickBooks and Xero do the same): invoices posted on or before it, less payments dated on
 * or before it, without invoices voided on or before it. So the total always equals the receivables
 * balance of the trial balance at the same date, whatever happened afterwards.
 *
 * The aggregate reads the invoices that were open at the end of `asOf` and no others: those still open,
 * and those settled (paid in full, or voided) after it, each through an index, so the cost follows what
 * was owed then, not the years of settled history behind it. Each one's amount still due then (its total
 * less its payments dated on or before `asOf`) is bucketed by its due date (current = not yet due; then
 * 1–30, 31–60, 61–90, over 90 days past due) and summed per customer.
 */
export async function agedReceivables(tenant: Tenant, asOf = today(), currency?: string | null) {
  const code = agingCurrency(currency);
  const perCustomer = await agedSums(tenant, asOf, 'receivables', code);
  const customers = await tenant.prisma.customer.findMany({
    where: { organizationId: tenant.organizationId, id: { in: [...perCustomer.keys()] } },
    orderBy: { name: 'asc' },
  });
  const table = agingTable(asOf, customers, perCustomer, code ?? null);
  return { ...table, rows: table.rows.map(({ party, ...buckets }) => ({ customer: party, ...buckets })) };
}

/**
 * What we owed vendors at the end of `asOf`, by how overdue it was then: aged receivables' rules, over bills and bill payments; the
 * total equals the payables balance then.
 */
export async function agedPayables(tenant: Tenant, asOf = today(), currency?: string | null) {
  const code = agingCurrency(currency);
  const perVendor = await agedSums(tenant, asOf, 'payables', code);
  const vendors = await tenant.prisma.vendor.findMany({
    where: { organizationId: tenant.organizationId, id: { in: [...perVendor.keys()] } },
    orderBy: { name: 'asc' },
  });
  const table = agingTable(asOf, vendors, perVendor, code ?? null);
  return { ...table, rows: table.rows.map(({ party, ...buckets }) => ({ vendor: party, ...buckets })) };
}

/**
 * A customer's statement (or a vendor's) for a period, as QuickBooks and Xero print one: what was owed
 * at the start, every posting to receivables (payables) naming the party in the period, oldest first,
 * with the running balance (invoices, payments, credit notes and their refunds, write-offs, and every
 * void of them), what was owed at the end, and the aging at the end. Read from the ledger, so it ties to
 * the control account's general ledger; the aging is read from the documents and agrees with it.
 * Amounts are what the party owes (a customer) or is owed (a vendor): a charge raises the balance.
 */
export async function partyStatement(tenant: Tenant, side: AgingSide, partyId: string, from: string, to: string) {
  if (to < from) throw validationError([{ path: 'to', message: `must not be before from (${from})` }]);
  const where = { id: partyId, organizationId: tenant.organizationId };
  const party =
    side === 'receivables' ? await tenant.prisma.customer.findFirst({ where }) : await tenant.prisma.vendor.findFirst({ where });
  const partyKey = side === 'receivables' ? 'customerId' : 'vendorId';
  if (!party) throw notFound(side === 'receivables' ? 'customer' : 'vendor', partyId);
  const control = await tenant.prisma.account.findFirstOrThrow({
    where: { organizationId: tenant.organizationId, systemRole: side === 'receivables' ? 'accounts_receivable' : 'accounts_payable' },
    select: { id: true },
  });
  const lineWhere = { organizationId: tenant.organizationId, accountId: control.id, [partyKey]: partyId };
  // What the party owes (a customer) or is owed (a vendor), from a line's debit and credit.
  const owed = (debit: bigint, credit: bigint) => (side === 'receivables' ? debit - credit : credit - debit);
  const [before, lines, perParty] = await Promise.all([
    tenant.prisma.journalLine.aggregate({ where: { ...lineWhere, date: { lt: from } }, _sum: { debit: true, credit: true } }),
    // Every posting of the period, however many: off the request thread on SQLite.
    tenant.prisma.$queryRaw<StatementLineRow[]>(
      offThread(
        Prisma.sql`SELECT l."date", l."debit", l."credit", l."description", e."id" AS "entryId", e."description" AS "entryDescription",
          e."reference", e."sourceType", e."sourceId"
        FROM "JournalLine" l JOIN "JournalEntry" e ON e."id" = l."entryId"
        WHERE l."organizationId" = ${tenant.organizationId} AND l."accountId" = ${control.id}
          AND ${Prisma.raw(`l."${partyKey}"`)} = ${partyId} AND l."date" >= ${from} AND l."date" <= ${to}
        ORDER BY l."date", e."number", l."lineNo"`,
        tenant.organizationId,
      ),
    ),
    agedSums(tenant, to, side, undefined, partyId),
  ]);
  const openingBalance = owed(before._sum.debit ?? 0n, before._sum.credit ?? 0n);
  let balance = openingBalance;
  const rows = lines.map((line) => {
    const amount = owed(minor(line.debit), minor(line.credit));
    balance += amount;
    return {
      date: line.date,
      journalEntryId: line.entryId,
      sourceType: line.sourceType,
      sourceId: line.sourceId,
      reference: line.reference,
      description: line.description ?? line.entryDescription,
      amount,
      balance,
    };
  });
  const buckets = perParty.get(partyId) ?? (Object.fromEntries(AGING_BUCKETS.map((k) => [k, 0n])) as Buckets);
  return {
    customer: side === 'receivables' ? party : null,
    vendor: side === 'payables' ? party : null,
    from,
    to,
    openingBalance,
    lines: rows,
    closingBalance: balance,
    aging: { ...buckets, total: AGING_BUCKETS.reduce((t, k) => t + buckets[k], 0n), currency: null },
  };
}

/** A posting of a party's statement as its read answers it (amounts as the driver gives them). */
interface StatementLineRow {
  date: string;
  debit: unknown;
  credit: unknown;
  description: string | null;
  entryId: string;
  entryDescription: string;
  reference: string | null;
  sourceType: string;
  sourceId: string | null;
}
