// The hand-written baseline `npm run bench` measures the service against: node:http and the service's
// driver (better-sqlite3, or pg on PostgreSQL), prepared SQL, no framework, no ORM, no GraphQL engine. It
// answers the benchmark's requests with the same JSON and the same headers the service gives (request id,
// security headers, the key's quota; the bench checks both before it measures), after the same kind of
// API-key check (prefix lookup, SHA-256 compare, lastUsedAt refreshed once a minute) and a per-key rate
// limit. It takes the service's two legitimate shortcuts, so the ratio measures the service's overhead
// rather than a shortcut the baseline lacks: a verified key is remembered (by the token's SHA-256, for
// API_KEY_CACHE_MS, 5 s by default, forgotten on SQLite when another connection wrote, as the service
// does) and a list's `total` is the kept count (ListCount). What it does not do: parse GraphQL (it knows
// the bench's queries by a `kind` variable), log requests, check scopes or cost, keep idempotency keys.
// It knows only the benchmark's requests.
//   node baseline.js <sqlite file | postgresql://…?schema=name>  -> prints "listening on http://127.0.0.1:<port>"
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import pg from 'pg';
import { pgSessionOptions } from '../src/db/pg-session.ts';
import { newId } from '../src/lib/ids.ts';
import { formatMoney, formatPercent, moneyNumber } from '../src/lib/money.ts';
import { formatQuantity } from '../src/modules/documents/arithmetic.ts';

const DECIMALS = 2; // the bench organization's currency (USD)
const money = (minor: bigint) => moneyNumber(minor, DECIMALS);
const moneyText = (minor: bigint) => formatMoney(minor, DECIMALS);
const today = () => new Date().toISOString().slice(0, 10);
const iso = (stored: unknown) =>
  new Date(stored instanceof Date ? stored : typeof stored === 'bigint' ? Number(stored) : (stored as string)).toISOString();

const SQL = {
  key:
    'SELECT k."id", k."organizationId", k."secretHash", k."lastUsedAt", k."revokedAt" FROM "ApiKey" k JOIN "Organization" o ON o."id" ' +
    '= k."organizationId" WHERE k."prefix" = ?',
  touchKey: 'UPDATE "ApiKey" SET "lastUsedAt" = ? WHERE "id" = ?',
  invoicePage: 'SELECT * FROM "Invoice" WHERE "organizationId" = ? ORDER BY "issueDate", "id" LIMIT ? OFFSET ?',
  invoiceById: 'SELECT * FROM "Invoice" WHERE "id" = ? AND "organizationId" = ?',
  linesOfInvoice: 'SELECT * FROM "InvoiceLine" WHERE "invoiceId" = ? ORDER BY "lineNo"',
  invoiceCount: 'SELECT "count" AS n FROM "ListCount" WHERE "organizationId" = ? AND "model" = \'Invoice\'',
  dataVersion: 'PRAGMA data_version',
  linesOfPage:
    'SELECT * FROM "InvoiceLine" WHERE "invoiceId" IN (SELECT "id" FROM "Invoice" WHERE "organizationId" = ? ORDER BY "issueDate", ' +
    '"id" LIMIT ? OFFSET ?) ORDER BY "invoiceId", "lineNo"',
  nestedInvoices:
    'SELECT i."id", i."number", i."status", i."total", c."id" AS cid, c."name" AS cname, c."email" AS cemail FROM "Invoice" i JOIN ' +
    '"Customer" c ON c."id" = i."customerId" WHERE i."organizationId" = ? ORDER BY i."issueDate", i."id" LIMIT ?',
  nestedLines:
    'SELECT l."invoiceId", l."description", l."quantityMilli", l."unitPrice", l."amount", p."id" AS pid, p."name" AS pname FROM ' +
    '"InvoiceLine" l LEFT JOIN "Product" p ON p."id" = l."productId" WHERE l."invoiceId" IN (SELECT "id" FROM "Invoice" WHERE ' +
    '"organizationId" = ? ORDER BY "issueDate", "id" LIMIT ?) ORDER BY l."invoiceId", l."lineNo"',
  // From the accounts' daily totals, as the service reads them (every posting keeps them).
  trialBalance:
    'SELECT a."code", a."name", s.debit, s.credit FROM (SELECT "accountId", SUM("debit") AS debit, SUM("credit") AS credit FROM ' +
    '"AccountDailyTotal" WHERE "organizationId" = ? AND "date" <= ? GROUP BY "accountId") s JOIN "Account" a ON a."id" = ' +
    's."accountId" ORDER BY a."code"',
  accounts: 'SELECT "id", "active", "systemRole", "currency" FROM "Account" WHERE "organizationId" = ?',
  lockOrganization:
    'UPDATE "Organization" SET "nextEntryNumber" = "nextEntryNumber" + 1 WHERE "id" = ? RETURNING "nextEntryNumber" - 1 AS number, ' +
    '"lockDate", "baseCurrency"',
  insertEntry:
    'INSERT INTO "JournalEntry" ("id", "organizationId", "number", "date", "description", "reference", "sourceType", "totalAmount", ' +
    '"currency", "createdAt") VALUES (?, ?, ?, ?, ?, ?, \'manual\', ?, ?, ?)',
  insertLine:
    'INSERT INTO "JournalLine" ("id", "organizationId", "entryId", "lineNo", "accountId", "description", "debit", "credit", "date") ' +
    'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  addDailyTotal:
    'INSERT INTO "AccountDailyTotal" ("organizationId", "accountId", "date", "debit", "credit") VALUES (?, ?, ?, ?, ?) ON CONFLICT ' +
    '("organizationId", "accountId", "date") DO UPDATE SET "debit" = "AccountDailyTotal"."debit" + excluded."debit", "credit" = ' +
    '"AccountDailyTotal"."credit" + excluded."credit"',
  // Written as already relayed: the baseline delivers nothing, and the service's relay must not pick its events up.
  insertEvent:
    'INSERT INTO "Event" ("id", "organizationId", "type", "resourceType", "resourceId", "payload", "createdAt", "relayedAt") VALUES ' +
    "(?, ?, 'journal_entry.created', 'journal_entry', ?, ?, ?, ?)",
  // POST /api/v1/invoices: the rows the service writes for an invoice of lines without products or tax (the triggers keep the
  // list count, monthly totals and aging sums for both).
  lockForInvoice:
    'UPDATE "Organization" SET "nextEntryNumber" = "nextEntryNumber" + 1, "nextInvoiceNumber" = "nextInvoiceNumber" + 1 WHERE "id" = ? ' +
    'RETURNING "nextEntryNumber" - 1 AS "entryNumber", "nextInvoiceNumber" - 1 AS "invoiceNumber", "lockDate", "baseCurrency", ' +
    '"defaultPaymentTermsDays"',
  invoiceCustomer: 'SELECT "id", "active", "paymentTermsDays" FROM "Customer" WHERE "id" = ? AND "organizationId" = ?',
  salesAccounts:
    'SELECT "id", "systemRole" FROM "Account" WHERE "organizationId" = ? AND "systemRole" IN (\'accounts_receivable\', \'sales\')',
  insertSourcedEntry:
    'INSERT INTO "JournalEntry" ("id", "organizationId", "number", "date", "description", "reference", "sourceType", "sourceId", ' +
    '"totalAmount", "currency", "createdAt") VALUES (?, ?, ?, ?, ?, ?, \'invoice\', ?, ?, ?, ?)',
  insertPartyLine:
    'INSERT INTO "JournalLine" ("id", "organizationId", "entryId", "lineNo", "accountId", "debit", "credit", "date", "customerId") ' +
    'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  insertInvoice:
    'INSERT INTO "Invoice" ("id", "organizationId", "number", "customerId", "status", "issueDate", "dueDate", "currency", "memo", ' +
    '"reference", "subtotal", "discountTotal", "taxTotal", "total", "amountPaid", "journalEntryId", "createdAt", "updatedAt", ' +
    '"amountCredited", "amountWrittenOff", "publicToken") VALUES (?, ?, ?, ?, \'OPEN\', ?, ?, ?, ?, ?, ?, 0, 0, ?, 0, ?, ?, ?, 0, 0, ?)',
  insertInvoiceLine:
    'INSERT INTO "InvoiceLine" ("id", "organizationId", "invoiceId", "lineNo", "accountId", "description", "quantityMilli", ' +
    '"unitPrice", "discountPpm", "amount", "taxAmount") VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0)',
  addCustomerBalance: 'UPDATE "Customer" SET "balance" = "balance" + ? WHERE "id" = ?',
  insertAgingStep:
    'INSERT INTO "AgingStep" ("documentId", "date", "organizationId", "side", "partyId", "currency", "dueDate", "home", "amount") ' +
    "VALUES (?, ?, ?, 'receivables', ?, ?, ?, ?, ?)",
  insertTypedEvent:
    'INSERT INTO "Event" ("id", "organizationId", "type", "resourceType", "resourceId", "payload", "createdAt", "relayedAt") VALUES ' +
    '(?, ?, ?, ?, ?, ?, ?, ?)',
};
type Statement = keyof typeof SQL;

/** Prepared statements on one driver; `transaction` runs `work` in one transaction. */
interface Store {
  all(statement: Statement, ...params: unknown[]): Promise<any[]>;
  run(statement: Statement, ...params: unknown[]): Promise<void>;
  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T>;
  /** SQLite: whether another connection committed since the last call (PRAGMA data_version). */
  writtenElsewhere?: () => boolean;
}

/**
 * better-sqlite3 is synchronous; its promises resolve at once, so a transaction's statements run one
 * after another in microtasks, with no other request's statement in between (no macrotask can run).
 */
function sqliteStore(file: string): Store {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.defaultSafeIntegers(true); // BIGINT money stays exact
  let seenVersion: unknown;
  const prepared = Object.fromEntries(
    Object.entries(SQL).map(([name, text]) => [name, name === 'dataVersion' ? db.prepare(text).pluck() : db.prepare(text)]),
  ) as Record<Statement, Database.Statement>;
  // Read once a turn of the event loop, as the service reads it (sqliteDataVersion in src/core/api-keys.ts).
  let readThisTurn = false;
  const turnEnded = () => {
    readThisTurn = false;
  };
  const store: Store = {
    writtenElsewhere: () => {
      if (readThisTurn) return false;
      const version = prepared.dataVersion.get();
      const changed = version !== seenVersion;
      seenVersion = version;
      readThisTurn = true;
      setImmediate(turnEnded).unref();
      return changed;
    },
    all: async (statement, ...params) => prepared[statement].all(...params),
    run: async (statement, ...params) => void prepared[statement].run(...params),
    async transaction(work) {
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(store);
        db.exec('COMMIT');
        return result;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
  };
  return store;
}

/** pg with named (server-side prepared) statements, a pool as large as the service's. */
function postgresStore(url: string): Store {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? 'public';
  parsed.searchParams.delete('schema');
  // BIGINT and SUM(BIGINT) exact, timestamps read as the UTC Prisma writes.
  const types = {
    getTypeParser: (oid: number, format?: any) =>
      oid === 20 || oid === 1700
        ? (v: string) => BigInt(v)
        : oid === 1114
          ? (v: string) => new Date(`${v.replace(' ', 'T')}Z`)
          : pg.types.getTypeParser(oid, format),
  };
  const pool = new pg.Pool({ connectionString: parsed.toString(), options: pgSessionOptions(schema), max: 10, types });
  const texts = Object.fromEntries(
    Object.entries(SQL)
      .filter(([name]) => name !== 'dataVersion')
      .map(([name, text]) => [
        name,
        text.replace(
          /\?/g,
          (() => {
            let n = 0;
            return () => `$${++n}`;
          })(),
        ),
      ]),
  ) as Record<Statement, string>;
  const query = (client: pg.Pool | pg.PoolClient, statement: Statement, params: unknown[]) =>
    client.query({ name: statement, text: texts[statement], values: params.map((p) => (typeof p === 'bigint' ? p.toString() : p)) });
  const on = (client: pg.Pool | pg.PoolClient): Store => ({
    all: async (statement, ...params) => (await query(client, statement, params)).rows,
    run: async (statement, ...params) => void (await query(client, statement, params)),
    async transaction(work) {
      const tx = await pool.connect();
      try {
        await tx.query('BEGIN');
        const result = await work(on(tx));
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        await tx.query('ROLLBACK');
        throw error;
      } finally {
        tx.release();
      }
    },
  });
  return on(pool);
}

const target = process.argv[2]!;
const store = /^postgres(ql)?:\/\//.test(target) ? postgresStore(target) : sqliteStore(target);

/**
 * Requests a key may make a minute (the service's RATE_LIMIT_PER_MINUTE; the bench sets both alike), counted
 * in fixed windows per key as the service's limiter does, and reported in the same headers.
 */
const RATE_LIMIT = Number(process.env.RATE_LIMIT_PER_MINUTE ?? 100);
const WINDOW_MS = 60_000;
const windows = new Map<string, { count: number; resetsAt: number }>();

/** The answer's headers besides its body's: the request id, the service's security headers and the key's quota. */
function responseHeaders(keyId: string, now: number): { allowed: boolean; headers: Record<string, string> } {
  let window = windows.get(keyId);
  if (!window || window.resetsAt <= now) windows.set(keyId, (window = { count: 0, resetsAt: now + WINDOW_MS }));
  window.count++;
  const remaining = Math.max(0, RATE_LIMIT - window.count);
  const reset = String(Math.ceil((window.resetsAt - now) / 1000));
  const allowed = window.count <= RATE_LIMIT;
  const headers: Record<string, string> = {
    'x-request-id': randomUUID(),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-ratelimit-limit': String(RATE_LIMIT),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': reset,
    'ratelimit-policy': `${RATE_LIMIT};w=60`,
    ratelimit: `limit=${RATE_LIMIT}, remaining=${remaining}, reset=${reset}`,
  };
  // A refused request is told when to come back, as the service tells it.
  if (!allowed) headers['retry-after'] = reset;
  return { allowed, headers };
}

/** Rows grouped by their invoice (Map.groupBy needs Node 21). */
function byInvoiceId(rows: any[]): Map<string, any[]> {
  const groups = new Map<string, any[]>();
  for (const row of rows) {
    const group = groups.get(row.invoiceId);
    if (group) group.push(row);
    else groups.set(row.invoiceId, [row]);
  }
  return groups;
}

/** Verified keys by the token's SHA-256, for as long as the service remembers them (API_KEY_CACHE_MS). */
const KEY_MEMORY_MS = Number(process.env.API_KEY_CACHE_MS ?? 5_000);
const remembered = new Map<string, { id: string; organizationId: string; lastUsedAt: number; until: number }>();

async function authenticate(req: IncomingMessage): Promise<{ organizationId: string; keyId: string } | undefined> {
  const token = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : '';
  if (store.writtenElsewhere?.()) remembered.clear();
  const digest = createHash('sha256').update(token).digest('base64');
  const now = Date.now();
  const known = remembered.get(digest);
  if (known && known.until > now && now - known.lastUsedAt <= 60_000) {
    return { organizationId: known.organizationId, keyId: known.id };
  }
  const match = /^ak_([0-9a-z]{12})_([0-9A-Za-z]{32})$/.exec(token);
  if (!match) return undefined;
  const [key] = (await store.all('key', match[1])) as {
    id: string;
    organizationId: string;
    secretHash: string;
    lastUsedAt: unknown;
    revokedAt: unknown;
  }[];
  if (!key || (key.revokedAt !== null && key.revokedAt !== undefined)) return undefined;
  const expected = Buffer.from(key.secretHash, 'hex');
  const actual = createHash('sha256').update(match[2]).digest();
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  let lastUsedAt = key.lastUsedAt ? Date.parse(iso(key.lastUsedAt)) : 0;
  if (now - lastUsedAt > 60_000) {
    await store.run('touchKey', new Date(now).toISOString(), key.id);
    lastUsedAt = now;
  }
  if (KEY_MEMORY_MS > 0) remembered.set(digest, { id: key.id, organizationId: key.organizationId, lastUsedAt, until: now + KEY_MEMORY_MS });
  return { organizationId: key.organizationId, keyId: key.id };
}

/**
 * Written out by hand rather than calling invoices.public.ts: the baseline shares no code path with what it measures; the bench checks
 * the JSON matches.
 */
function renderInvoice(i: any, lines: any[]) {
  const status = String(i.status);
  const amountDue =
    status === 'VOID' ? 0n : (i.total as bigint) - (i.amountPaid as bigint) - (i.amountCredited as bigint) - (i.amountWrittenOff as bigint);
  return {
    id: i.id,
    number: i.number,
    status: status.toLowerCase(),
    customerId: i.customerId,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    currency: i.currency,
    memo: i.memo,
    reference: i.reference,
    subtotal: money(i.subtotal),
    discountTotal: money(i.discountTotal),
    taxTotal: money(i.taxTotal),
    total: money(i.total),
    amountPaid: money(i.amountPaid),
    amountDue: money(amountDue),
    isOverdue: (status === 'OPEN' || status === 'PARTIALLY_PAID') && i.dueDate < today(),
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: Number(l.lineNo),
      productId: l.productId,
      accountId: l.accountId,
      description: l.description,
      quantity: Number(formatQuantity(l.quantityMilli)),
      unitPrice: money(l.unitPrice),
      discountPercent: Number(formatPercent(Number(l.discountPpm))),
      taxRate: l.taxRatePpm === null ? null : Number(formatPercent(Number(l.taxRatePpm))),
      taxRateId: l.taxRateId,
      amount: money(l.amount),
      taxAmount: money(l.taxAmount),
    })),
    journalEntryId: i.journalEntryId,
    voidedAt: i.voidedAt === null ? null : iso(i.voidedAt),
    voidDate: status === 'VOID' ? i.settledOn : null,
    createdAt: iso(i.createdAt),
    updatedAt: iso(i.updatedAt),
    amountCredited: money(i.amountCredited),
    amountWrittenOff: money(i.amountWrittenOff),
    // Left out of the JSON when undefined, as the service does.
    hostedUrl: i.publicToken ? `/i/${i.publicToken}` : undefined,
    sentAt: i.sentAt === null ? undefined : iso(i.sentAt),
    sentTo: i.sentTo ? String(i.sentTo).split(',') : undefined,
    recurringScheduleId: i.recurringScheduleId ?? undefined,
    estimateId: i.estimateId ?? undefined,
  };
}

async function listInvoices(organizationId: string, url: URL) {
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const page = Number(url.searchParams.get('page') ?? 1);
  const offset = (page - 1) * limit;
  const invoices = await store.all('invoicePage', organizationId, limit, offset);
  const lines = await store.all('linesOfPage', organizationId, limit, offset);
  const byInvoice = byInvoiceId(lines);
  const total = Number(((await store.all('invoiceCount', organizationId))[0] as { n: bigint }).n);
  return { data: invoices.map((i) => renderInvoice(i, byInvoice.get(i.id) ?? [])), total, page, limit, pages: Math.ceil(total / limit) };
}

async function getInvoice(organizationId: string, id: string) {
  const [invoice] = await store.all('invoiceById', id, organizationId);
  return invoice && renderInvoice(invoice, await store.all('linesOfInvoice', id));
}

/** The bench's nested GraphQL query, answered with the bytes the service sends (extensions.cost included). */
async function nestedInvoices(organizationId: string, first: number, cost: number) {
  const invoices = await store.all('nestedInvoices', organizationId, first);
  const byInvoice = byInvoiceId(await store.all('nestedLines', organizationId, first));
  const edges = invoices.map((i) => ({
    node: {
      id: i.id,
      number: i.number,
      status: i.status,
      total: moneyText(i.total),
      customer: { id: i.cid, name: i.cname, email: i.cemail },
      lines: (byInvoice.get(i.id) ?? []).map((l: any) => ({
        description: l.description,
        quantity: formatQuantity(l.quantityMilli),
        unitPrice: moneyText(l.unitPrice),
        amount: moneyText(l.amount),
        product: l.pid === null ? null : { id: l.pid, name: l.pname },
      })),
    },
  }));
  return { data: { invoices: { edges } }, extensions: { cost: { requestedQueryCost: cost, maximumAvailable: 5000 } } };
}

async function trialBalance(organizationId: string, asOf: string, cost: number) {
  const rows = (await store.all('trialBalance', organizationId, asOf))
    .map((r) => {
      const net = (r.debit as bigint) - (r.credit as bigint);
      return { account: { code: r.code as string, name: r.name as string }, debit: net > 0n ? net : 0n, credit: net < 0n ? -net : 0n };
    })
    .filter((r) => r.debit !== 0n || r.credit !== 0n);
  const totalDebit = rows.reduce((t, r) => t + r.debit, 0n);
  const totalCredit = rows.reduce((t, r) => t + r.credit, 0n);
  return {
    data: {
      trialBalance: {
        totalDebit: moneyText(totalDebit),
        totalCredit: moneyText(totalCredit),
        rows: rows.map((r) => ({ account: r.account, debit: moneyText(r.debit), credit: moneyText(r.credit) })),
      },
    },
    extensions: { cost: { requestedQueryCost: cost, maximumAvailable: 5000 } },
  };
}

const toMinor = (value: unknown) => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || Math.round(value * 100) !== value * 100)
    throw new Error('amount');
  return BigInt(Math.round(value * 100));
};

/** POST /api/v1/journal-entries: checks as the service does, then one transaction. */
const postEntry = (organizationId: string, body: any) =>
  store.transaction(async (tx) => {
    const lines = body.lines.map((l: any) => ({
      accountId: String(l.accountId),
      debit: toMinor(l.debit),
      credit: toMinor(l.credit),
      description: l.description ?? null,
    }));
    if (lines.length < 2 || lines.some((l: any) => l.debit > 0n === l.credit > 0n)) throw new Error('lines');
    const totalDebit = lines.reduce((t: bigint, l: any) => t + l.debit, 0n);
    if (totalDebit !== lines.reduce((t: bigint, l: any) => t + l.credit, 0n)) throw new Error('unbalanced');
    const [organization] = (await tx.all('lockOrganization', organizationId)) as {
      number: bigint;
      lockDate: string | null;
      baseCurrency: string;
    }[];
    if (organization.lockDate && body.date <= organization.lockDate) throw new Error('locked');
    const accounts = new Map((await tx.all('accounts', organizationId)).map((a) => [a.id, a]));
    for (const l of lines) {
      const account = accounts.get(l.accountId);
      if (
        !account ||
        !account.active ||
        account.systemRole === 'accounts_receivable' ||
        account.systemRole === 'accounts_payable' ||
        account.currency !== null
      )
        throw new Error('account');
    }
    const id = newId('JournalEntry');
    const createdAt = new Date().toISOString();
    await tx.run(
      'insertEntry',
      id,
      organizationId,
      organization.number,
      body.date,
      body.description,
      body.reference ?? null,
      totalDebit,
      organization.baseCurrency,
      createdAt,
    );
    const rendered = [];
    for (const [i, l] of lines.entries()) {
      const lineId = newId('JournalLine');
      await tx.run('insertLine', lineId, organizationId, id, i + 1, l.accountId, l.description, l.debit, l.credit, body.date);
      await tx.run('addDailyTotal', organizationId, l.accountId, body.date, l.debit, l.credit);
      rendered.push({
        id: lineId,
        lineNo: i + 1,
        accountId: l.accountId,
        debit: money(l.debit),
        credit: money(l.credit),
        description: l.description,
        customerId: null,
        vendorId: null,
      });
    }
    const object = {
      id,
      number: Number(organization.number),
      date: body.date,
      description: body.description,
      reference: body.reference ?? null,
      status: 'posted',
      sourceType: 'manual',
      sourceId: null,
      totalAmount: money(totalDebit),
      currency: organization.baseCurrency,
      reversalOfId: null,
      reversedById: null,
      lines: rendered,
      createdAt,
    };
    await tx.run('insertEvent', newId('Event'), organizationId, id, JSON.stringify({ object }), createdAt, createdAt);
    return object;
  });

/** A quantity in thousandths from its JSON number (the bench sends at most three decimals). */
const toMilli = (value: unknown) => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || Math.round(value * 1000) !== value * 1000)
    throw new Error('quantity');
  return BigInt(Math.round(value * 1000));
};
const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);

/** POST /api/v1/invoices (lines with a description, quantity and unit price): checks as the service does, then one transaction. */
const postInvoice = (organizationId: string, body: any) =>
  store.transaction(async (tx) => {
    if (typeof body.customerId !== 'string' || !Array.isArray(body.lines) || body.lines.length === 0) throw new Error('invoice');
    const issueDate = typeof body.issueDate === 'string' ? body.issueDate : today();
    const planned = body.lines.map((l: any, i: number) => {
      if (typeof l.description !== 'string' || !l.description) throw new Error('description');
      const quantityMilli = toMilli(l.quantity ?? 1);
      const unitPrice = toMinor(l.unitPrice);
      return { lineNo: i + 1, description: l.description, quantityMilli, unitPrice, amount: (quantityMilli * unitPrice + 500n) / 1000n };
    });
    const total = planned.reduce((t: bigint, l: any) => t + l.amount, 0n);
    const [organization] = (await tx.all('lockForInvoice', organizationId)) as {
      entryNumber: bigint;
      invoiceNumber: bigint;
      lockDate: string | null;
      baseCurrency: string;
      defaultPaymentTermsDays: unknown;
    }[];
    if (organization.lockDate && issueDate <= organization.lockDate) throw new Error('locked');
    const [customer] = await tx.all('invoiceCustomer', body.customerId, organizationId);
    if (!customer?.active) throw new Error('customer');
    const roles = new Map((await tx.all('salesAccounts', organizationId)).map((a) => [a.systemRole, a.id as string]));
    const [receivable, sales] = [roles.get('accounts_receivable')!, roles.get('sales')!];
    const dueDate = addDays(issueDate, Number(customer.paymentTermsDays ?? organization.defaultPaymentTermsDays));
    const number = `INV-${String(organization.invoiceNumber).padStart(4, '0')}`;
    const [id, entryId] = [newId('Invoice'), newId('JournalEntry')];
    const createdAt = new Date().toISOString();
    const currency = organization.baseCurrency;
    await tx.run(
      'insertSourcedEntry',
      entryId,
      organizationId,
      organization.entryNumber,
      issueDate,
      `Invoice ${number}`,
      number,
      id,
      total,
      currency,
      createdAt,
    );
    const entryLines = [
      { id: newId('JournalLine'), lineNo: 1, accountId: receivable, debit: total, credit: 0n },
      { id: newId('JournalLine'), lineNo: 2, accountId: sales, debit: 0n, credit: total },
    ];
    for (const l of entryLines) {
      await tx.run('insertPartyLine', l.id, organizationId, entryId, l.lineNo, l.accountId, l.debit, l.credit, issueDate, customer.id);
      await tx.run('addDailyTotal', organizationId, l.accountId, issueDate, l.debit, l.credit);
    }
    const publicToken = randomBytes(16).toString('hex');
    await tx.run(
      'insertInvoice',
      id,
      organizationId,
      number,
      customer.id,
      issueDate,
      dueDate,
      currency,
      body.memo ?? null,
      body.reference ?? null,
      total,
      total,
      entryId,
      createdAt,
      createdAt,
      publicToken,
    );
    const lines = planned.map((l: any) => ({
      ...l,
      id: newId('InvoiceLine'),
      productId: null,
      accountId: sales,
      discountPpm: 0,
      taxRatePpm: null,
      taxRateId: null,
      taxAmount: 0n,
    }));
    for (const l of lines)
      await tx.run(
        'insertInvoiceLine',
        l.id,
        organizationId,
        id,
        l.lineNo,
        l.accountId,
        l.description,
        l.quantityMilli,
        l.unitPrice,
        l.amount,
      );
    await tx.run('addCustomerBalance', total, customer.id);
    await tx.run('insertAgingStep', id, issueDate, organizationId, customer.id, currency, dueDate, total, total);
    const invoice = renderInvoice(
      {
        id,
        number,
        status: 'OPEN',
        customerId: customer.id,
        issueDate,
        dueDate,
        currency,
        memo: body.memo ?? null,
        reference: body.reference ?? null,
        subtotal: total,
        discountTotal: 0n,
        taxTotal: 0n,
        total,
        amountPaid: 0n,
        amountCredited: 0n,
        amountWrittenOff: 0n,
        journalEntryId: entryId,
        voidedAt: null,
        settledOn: null,
        createdAt,
        updatedAt: createdAt,
        publicToken,
        sentAt: null,
        sentTo: null,
      },
      lines,
    );
    const entry = {
      id: entryId,
      number: Number(organization.entryNumber),
      date: issueDate,
      description: `Invoice ${number}`,
      reference: number,
      status: 'posted',
      sourceType: 'invoice',
      sourceId: id,
      totalAmount: money(total),
      currency,
      reversalOfId: null,
      reversedById: null,
      lines: entryLines.map((l) => ({
        id: l.id,
        lineNo: l.lineNo,
        accountId: l.accountId,
        debit: money(l.debit),
        credit: money(l.credit),
        description: null,
        customerId: customer.id,
        vendorId: null,
      })),
      createdAt,
    };
    await tx.run(
      'insertTypedEvent',
      newId('Event'),
      organizationId,
      'invoice.created',
      'invoice',
      id,
      JSON.stringify({ object: invoice }),
      createdAt,
      createdAt,
    );
    await tx.run(
      'insertTypedEvent',
      newId('Event'),
      organizationId,
      'journal_entry.created',
      'journal_entry',
      entryId,
      JSON.stringify({ object: entry }),
      createdAt,
      createdAt,
    );
    return invoice;
  });

const sendJson = (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => {
  const text = JSON.stringify(body);
  res
    .writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
    .end(text);
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });

const server = createServer(async (req, res) => {
  let headers: Record<string, string> | undefined;
  const send = (status: number, body: unknown) => sendJson(res, status, body, headers);
  try {
    const caller = await authenticate(req);
    if (!caller) return send(401, { code: 'UNAUTHENTICATED' });
    const { organizationId } = caller;
    const quota = responseHeaders(caller.keyId, Date.now());
    headers = quota.headers;
    if (!quota.allowed) return send(429, { code: 'RATE_LIMITED' });
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/api/v1/invoices') return send(200, await listInvoices(organizationId, url));
    const invoiceId = /^\/api\/v1\/invoices\/(inv_[0-9a-z]+)$/.exec(url.pathname)?.[1];
    if (req.method === 'GET' && invoiceId) {
      const invoice = await getInvoice(organizationId, invoiceId);
      return invoice ? send(200, invoice) : send(404, { code: 'NOT_FOUND' });
    }
    if (req.method === 'POST' && (url.pathname === '/api/v1/invoices' || url.pathname === '/api/v1/journal-entries')) {
      const post = url.pathname === '/api/v1/invoices' ? postInvoice : postEntry;
      const created = await post(organizationId, JSON.parse(await readBody(req)));
      headers.location = `${url.pathname}/${created.id}`;
      return send(201, created);
    }
    if (req.method === 'POST' && url.pathname === '/graphql') {
      const { variables } = JSON.parse(await readBody(req));
      if (variables.kind === 'nested') return send(200, await nestedInvoices(organizationId, variables.first, variables.cost));
      if (variables.kind === 'trialBalance') return send(200, await trialBalance(organizationId, variables.asOf, variables.cost));
    }
    send(404, { code: 'NOT_FOUND' });
  } catch (error) {
    send(400, { code: 'VALIDATION_FAILED', message: (error as Error).message });
  }
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`));
// Exits rather than dies on SIGTERM, so a CPU profile (--cpu-prof) is written.
process.on('SIGTERM', () => process.exit(0));
