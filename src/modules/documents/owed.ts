// Documents that are owed: an invoice (the customer owes us) and a bill (we owe the vendor). One
// description each (OwedDocumentType, kinds.ts); the life is the same: created as a draft or posted at
// once (here), finalized (here), paid in parts (owed-payments.ts), written off (write-offs.ts), voided
// while unpaid (here); drafts edited or deleted (owed-drafts.ts). Posting one posts its side's rule
// (posting.ts) against receivables or payables, moves the party's kept balance, and raises
// `<resource>.created`, `.finalized`, `.payment_recorded`, `.paid` and `.voided`. Posted documents are
// never edited; these actions replace editing.
import { insertStatement, quoted } from '../../db/insert.ts';
import { insertModelRow, selectModelRows, selectOrganizationRow, updateModelRow } from '../../db/model-rows.ts';
import { writeAll } from '../../db/sql.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import { rawSqlOf, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { addDays, today } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { newId, newPublicToken } from '../../lib/ids.ts';
import type { SearchProvider } from '../../lib/search.ts';
import { Checker } from '../../lib/validate.ts';
import { systemAccounts } from '../accounts/accounts.service.ts';
import { assertOpenPeriod, writePosting } from '../journal/journal.service.ts';
import type { EventType } from '../../events/catalogue.ts';
import { taxRatesFor } from '../tax-rates/tax-rates.service.ts';
import { invoiceTotals } from './arithmetic.ts';
import { type LineInput, lineColumns, lineRows, recordTaxAccounts, SIDE_ACCOUNTS, taxAccountsAtPosting } from './lines.ts';
import { type DocumentFilter, documentWhere } from './lists.ts';
import { type CurrencyInput, checkDocumentCurrency, homeCurrency, homeTotalOf, partyCurrency, rateFor, toHome } from './currency.ts';
import { documentPostingLines, type PostedLine, voidPosting } from './posting.ts';
import { OPEN_STATUSES, statusWords } from './settlement.ts';
import { keepAging, newDocumentAgingStatements, owedAgingSource } from './aging.ts';
import {
  articled,
  checkPartyAndLineCount,
  checkSideLines,
  delegate,
  movePartyBalance,
  nextDocumentNumber,
  partyBalanceStatement,
  partyRef,
  readParty,
} from './common.ts';
import type { OwedDocumentRow, OwedDocumentType } from './kinds.ts';

export interface OwedDocumentInput extends CurrencyInput {
  customerId?: string | null;
  vendorId?: string | null;
  issueDate?: string | null;
  dueDate?: string | null;
  paymentTermsDays?: number | null;
  memo?: string | null;
  reference?: string | null;
  draft?: boolean | null;
  lines?: LineInput[] | null;
}

/** What an owed document's list filters on (documents/lists.ts): a receipt's kind aside, every document filter. */
export type OwedDocumentFilter = Omit<DocumentFilter, 'kind'>;

/** The event of `type` an action raises: `invoice` + `paid` → `invoice.paid` (the catalogue lists each). */
export const eventOf = (
  type: { resource: string },
  action:
    | 'created'
    | 'updated'
    | 'deleted'
    | 'written_off'
    | 'write_off_voided'
    | 'finalized'
    | 'payment_recorded'
    | 'payment_voided'
    | 'paid'
    | 'voided',
) => `${type.resource}.${action}` as EventType;

/** The rows of an organization's documents of `type` a list's filter selects. */
export const owedDocumentWhere = (
  type: OwedDocumentType,
  organizationId: string,
  filter: OwedDocumentFilter,
  provider: SearchProvider,
  asOf = today(),
) =>
  documentWhere(
    { partyKey: type.party.key, partyRelation: type.party.relation, dateColumn: 'issueDate' },
    organizationId,
    filter,
    provider,
    asOf,
  );

/** Checks the input and computes every line; reads only. */
export async function checkOwedDocument(
  type: OwedDocumentType,
  tenant: WriteScope,
  input: OwedDocumentInput,
  /** A draft being edited: its own reference is no duplicate, and its own party may since have become inactive. */
  editing?: { id: string; partyId: string },
) {
  const check = new Checker();
  const issueDate = check.date('issueDate', input.issueDate) ?? today(tenant.now);
  const explicitDue = check.date('dueDate', input.dueDate);
  const terms = check.integer('paymentTermsDays', input.paymentTermsDays, 0, 365);
  const memo = check.text('memo', input.memo, { max: 2000 });
  const reference = check.text('reference', input.reference, { max: 100 });
  const partyKey = type.party.key;
  const { partyId, inputLines } = checkPartyAndLineCount(check, type, input);
  const sideAccounts = SIDE_ACCOUNTS[type.side];
  // The lines are checked apart and their failures listed after the party's, as the fields come in a body.
  // They are checked in the home currency alongside reading the party (one round trip, as most parties
  // deal in it), and again in the party's currency when it deals in another: its prices are in that one.
  type Party = { id: string; active: boolean; paymentTermsDays: number | null; currency: string | null };
  let lineCheck = new Checker();
  const [party, homeLines, referenceRefusal] = await Promise.all([
    readParty<Party>(tenant, type, partyId),
    checkSideLines(tenant, lineCheck, type, inputLines),
    reference && partyId && type.checkReference ? type.checkReference(tenant, partyId, reference, editing?.id) : undefined,
  ]);
  const currency = partyCurrency(tenant, party);
  const exchangeRate = checkDocumentCurrency(check, tenant, party ? currency : undefined, input);
  let checkedLines = homeLines;
  if (currency !== homeCurrency(tenant)) {
    lineCheck = new Checker();
    checkedLines = await checkSideLines(tenant, lineCheck, type, inputLines, currency);
  }
  if (partyId && !party) check.fail(partyKey, `no ${type.party.model} with id "${partyId}"`);
  else if (party && !party.active && party.id !== editing?.partyId) check.fail(partyKey, `is an inactive ${type.party.model}`);
  if (referenceRefusal) check.fail('reference', referenceRefusal);
  check.errors.push(...lineCheck.errors);
  const termsDays = terms ?? party?.paymentTermsDays ?? tenant.organization.defaultPaymentTermsDays;
  const dueDate = explicitDue ?? addDays(issueDate, termsDays);
  if (dueDate < issueDate) check.fail('dueDate', `must not be before issueDate ${issueDate}`);
  check.done();
  const { lines, system } = checkedLines;
  const totals = invoiceTotals(lines.map((l) => l.figures));
  if (totals.total <= 0n) throw validationError([{ path: 'lines', message: `the ${type.label.toLowerCase()} must total more than 0` }]);
  const roles = system as Record<string, string>;
  const accounts = { counterAccountId: roles[sideAccounts.control]!, taxAccountId: roles[sideAccounts.tax]! };
  return { partyId: party!.id, issueDate, dueDate, memo, reference, lines, totals, accounts, currency, exchangeRate };
}

/** Posts an owed document: its side's rule against receivables or payables, dated its issue date. */
function postDocument(
  scope: WriteScope,
  type: OwedDocumentType,
  document: {
    id: string;
    number: string;
    issueDate: string;
    partyId: string;
    total: bigint;
    homeTotal: bigint | null;
    lines: PostedLine[];
  },
  accounts: { counterAccountId: string; taxAccountId: string },
) {
  return writePosting(scope, {
    date: document.issueDate,
    description: `${type.label} ${document.number}`,
    reference: document.number,
    sourceType: type.sourceTypes.posting,
    sourceId: document.id,
    lines: documentPostingLines(type.side, document, accounts, partyRef(type, document.partyId)),
  });
}

export const partyIdOf = (type: OwedDocumentType, row: OwedDocumentRow) => row[type.party.key]!;

/** Checks a new document's input as creating it would, writing nothing (a recurring schedule's template). */
export const checkOwedDocumentInput = (scope: WriteScope, type: OwedDocumentType, input: OwedDocumentInput) =>
  checkOwedDocument(type, scope, input);

/**
 * Creates an owed document; unless it is a draft, posts it (the entry first, so the document is written
 * once). `links` are columns naming where it came from (the recurring schedule, the estimate).
 */
export async function createOwedDocument<Row extends OwedDocumentRow>(
  scope: WriteScope,
  type: OwedDocumentType,
  input: OwedDocumentInput,
  links: Record<string, string> = {},
) {
  const checked = await checkOwedDocument(type, scope, input);
  const draft = input.draft === true;
  if (!draft) assertOpenPeriod(scope, checked.issueDate, 'issueDate');
  const { currency } = checked;
  // A foreign-currency document is converted when posted: at its own rate, else the table's on its date.
  const exchangeRate = draft
    ? (checked.exchangeRate ?? null)
    : await rateFor(scope, currency, checked.issueDate, checked.exchangeRate, 'exchangeRate');
  const id = newId(type.idType);
  const number = nextDocumentNumber(scope, type.number);
  const lines = lineRows(scope, type.lineIdType, type.parentKey, id, checked.lines, { draft, currency, rate: exchangeRate });
  const homeTotal = draft ? null : homeTotalOf(lines);
  const events: EventDraft[] = [];
  let journalEntryId: string | null = null;
  if (!draft) {
    const posted = await postDocument(
      scope,
      type,
      { id, number, issueDate: checked.issueDate, partyId: checked.partyId, ...checked.totals, homeTotal, lines },
      checked.accounts,
    );
    journalEntryId = posted.entry.id;
    events.push(posted.event);
  }
  const document: Record<string, unknown> = {
    id,
    organizationId: scope.organizationId,
    number,
    [type.party.key]: checked.partyId,
    status: draft ? 'DRAFT' : 'OPEN',
    issueDate: checked.issueDate,
    dueDate: checked.dueDate,
    currency,
    memo: checked.memo ?? null,
    reference: checked.reference ?? null,
    ...checked.totals,
    journalEntryId,
    exchangeRate,
    homeTotal,
    createdAt: scope.now,
    updatedAt: scope.now,
    ...(type.publicLink && !draft ? { publicToken: newPublicToken() } : {}),
    ...links,
  };
  const written = await insertModelRow<Omit<Row, 'lines'>>(scope.sql, type.typename, document);
  // The lines, and a posted document's party balance and aging: one round trip on PostgreSQL.
  await writeAll(scope.sql, [
    ...(lines.length ? [insertStatement(type.lineTable, lineColumns(type.parentKey), lines)] : []),
    ...(draft
      ? []
      : [
          ...(written.total !== 0n ? [partyBalanceStatement(type.party.table, checked.partyId, written.total)] : []),
          ...newDocumentAgingStatements(scope, owedAgingSource(type), { ...written, partyId: checked.partyId, settledOn: null }),
        ]),
  ]);
  const row = { ...written, lines } as unknown as Row;
  return change(type.resource, row, [{ type: eventOf(type, 'created'), resource: { type: type.resource, id, row } }, ...events]);
}

/** Reads one document of `type` of the organization with its lines in order, or answers 404. */
export async function loadOwedDocument<Row extends OwedDocumentRow>(tenant: Tenant, type: OwedDocumentType, id: string): Promise<Row> {
  const row = await findOwedDocument<Row>(tenant, type, id);
  if (!row) throw notFound(type.label.toLowerCase(), id);
  return row;
}

/** Sets `data`'s columns of the document and answers its row (raw: src/db/model-rows.ts). */
export const updateRow = <Row extends OwedDocumentRow>(scope: WriteScope, type: OwedDocumentType, id: string, data: object) =>
  updateModelRow<Omit<Row, 'lines'>>(scope.sql, type.typename, id, data as Record<string, unknown>);

/** Turns a draft into an open document and posts it; its tax posts to its rates' accounts as they are now. */
export async function finalizeOwedDocument<Row extends OwedDocumentRow>(scope: WriteScope, type: OwedDocumentType, id: string) {
  const document = await loadOwedDocument<Row>(scope, type, id);
  if (document.status !== 'DRAFT')
    throw new AppError('INVALID_STATE', `${type.label} ${document.number} is ${statusWords(document.status)}, not a draft`);
  assertOpenPeriod(scope, document.issueDate, 'issueDate');
  const sideAccounts = SIDE_ACCOUNTS[type.side];
  const [system, rates] = await Promise.all([
    systemAccounts(scope, [sideAccounts.control, sideAccounts.tax]),
    taxRatesFor(
      scope,
      document.lines.map((l) => l.taxRateId),
    ),
  ]);
  const accounts = { counterAccountId: system[sideAccounts.control], taxAccountId: system[sideAccounts.tax] };
  const taxed = taxAccountsAtPosting(document.lines, new Map(rates.map((r) => [r.id, r[sideAccounts.rateAccount]])), accounts.taxAccountId);
  const exchangeRate = await rateFor(scope, document.currency, document.issueDate, document.exchangeRate, 'exchangeRate');
  const lines = taxed.map((l) =>
    exchangeRate === null
      ? l
      : {
          ...l,
          homeAmount: toHome(scope, l.amount, document.currency, exchangeRate),
          homeTaxAmount: toHome(scope, l.taxAmount, document.currency, exchangeRate),
        },
  );
  const homeTotal = homeTotalOf(lines);
  const partyId = partyIdOf(type, document);
  const posted = await postDocument(scope, type, { ...document, partyId, homeTotal, lines }, accounts);
  await recordTaxAccounts(
    (ids, taxAccountId) => delegate(scope, type.lineModel).updateMany({ where: { id: { in: ids } }, data: { taxAccountId } }),
    lines,
  );
  // A foreign draft's lines learn their home amounts now, at the rate it is posted at.
  if (exchangeRate !== null)
    for (const l of lines)
      await delegate(scope, type.lineModel).update({
        where: { id: l.id },
        data: { homeAmount: l.homeAmount, homeTaxAmount: l.homeTaxAmount },
      });
  const written = await updateRow<Row>(scope, type, id, {
    status: 'OPEN',
    journalEntryId: posted.entry.id,
    exchangeRate,
    homeTotal,
    updatedAt: scope.now,
    ...(type.publicLink ? { publicToken: newPublicToken() } : {}),
  });
  const row = { ...written, lines } as Row;
  await movePartyBalance(scope, type.party.table, partyId, document.total);
  await writeAll(scope.sql, newDocumentAgingStatements(scope, owedAgingSource(type), { ...written, partyId, settledOn: null }));
  return change(type.resource, row, [{ type: eventOf(type, 'finalized'), resource: { type: type.resource, id, row } }, posted.event]);
}

/** Reads one document of `type` of the organization with its lines in order (null: none). */
export async function findOwedDocument<Row extends OwedDocumentRow>(
  tenant: Tenant,
  type: OwedDocumentType,
  id: string,
): Promise<Row | null> {
  // Raw (src/db/model-rows.ts), so a write that reads the document it settles stays on its direct transaction.
  const sql = rawSqlOf(tenant);
  const document = await selectOrganizationRow<Omit<Row, 'lines'>>(sql, type.typename, tenant.organizationId, id);
  if (!document) return null;
  const lines = await selectModelRows(sql, type.lineTable, Prisma.sql`${Prisma.raw(quoted(type.parentKey))} = ${id}`, {
    orderBy: 'lineNo',
  });
  return { ...document, lines } as unknown as Row;
}

/** Voids a document without payments: posts the reversal of its entry. A draft is simply voided. */
export async function voidOwedDocument<Row extends OwedDocumentRow>(
  scope: WriteScope,
  type: OwedDocumentType,
  id: string,
  input: { date?: string | null; reason?: string | null } = {},
) {
  const document = await loadOwedDocument<Row>(scope, type, id);
  const voided = await voidPosting(scope, type.label, document, type.sourceTypes.void, input);
  const written = await updateRow<Row>(scope, type, id, {
    status: 'VOID',
    voidJournalEntryId: voided.voidJournalEntryId,
    voidedAt: scope.now,
    settledOn: voided.settledOn,
    updatedAt: scope.now,
  });
  const row = { ...written, lines: document.lines } as Row;
  // A posted document without payments owed its whole total; a draft owed nothing.
  if (OPEN_STATUSES.includes(document.status)) await movePartyBalance(scope, type.party.table, partyIdOf(type, document), -document.total);
  await keepAging(scope, owedAgingSource(type), [id]);
  return change(type.resource, row, [{ type: eventOf(type, 'voided'), resource: { type: type.resource, id, row } }, ...voided.events]);
}

/**
 * Replaces a posted document's public page link with a new one (`rotate`), or takes it away (`revoke`):
 * the old link then finds nothing. A draft has no page.
 */
export async function changePublicLink<Row extends OwedDocumentRow>(
  scope: WriteScope,
  type: OwedDocumentType,
  id: string,
  rotate: boolean,
) {
  const document = await loadOwedDocument<Row>(scope, type, id);
  if (!type.publicLink) throw new AppError('INVALID_STATE', `${articled(type.label)} has no public page`);
  if (document.status === 'DRAFT')
    throw new AppError('INVALID_STATE', `${type.label} ${document.number} is a draft: its page exists once it is finalized`);
  const written = await updateRow<Row>(scope, type, id, { publicToken: rotate ? newPublicToken() : null, updatedAt: scope.now });
  const row = { ...written, lines: document.lines } as Row;
  return change(type.resource, row, [{ type: eventOf(type, 'updated'), resource: { type: type.resource, id, row }, before: document }]);
}
