// Documents that are owed: an invoice (the customer owes us) and a bill (we owe the vendor). One
// description each (OwedDocumentType); the life is the same: created as a draft or posted at once,
// finalized, paid in parts, voided while unpaid. Posting one posts its side's rule (posting.ts) against
// receivables or payables, moves the party's kept balance, and raises `<resource>.created`,
// `.finalized`, `.payment_recorded`, `.paid` and `.voided`. Posted documents are never edited; these
// actions replace editing.
import { insertRows, insertStatement, quoted } from '../../db/insert.ts';
import { insertModelRow, selectModelRows, selectOrganizationRow, updateModelRow } from '../../db/model-rows.ts';
import { writeAll } from '../../db/sql.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import { rawSqlOf, type SequenceName, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { addDays, today } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { type IdType, newId, newPublicToken } from '../../lib/ids.ts';
import type { SearchProvider } from '../../lib/search.ts';
import { currencyDecimals, formatMoney, formatPercent } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { CASH_ACCOUNT, checkAccountRefs, PURCHASE_PAYMENT_ACCOUNT, systemAccounts } from '../accounts/accounts.service.ts';
import { assertOpenPeriod, writePosting } from '../journal/journal.service.ts';
import type { SourceType } from '../journal/journal.public.ts';
import type { EventType } from '../../events/catalogue.ts';
import { taxRatesFor } from '../tax-rates/tax-rates.service.ts';
import { divRoundHalfUp, formatQuantity, invoiceTotals } from './arithmetic.ts';
import {
  checkPurchaseLines,
  checkSaleLines,
  type LineInput,
  lineColumns,
  lineRows,
  recordTaxAccounts,
  SIDE_ACCOUNTS,
  type Side,
  taxAccountsAtPosting,
} from './lines.ts';
import { type DocumentFilter, documentWhere } from './lists.ts';
import { creditAllocationModels } from './credits.ts';
import { keepAging, newDocumentAgingStatements, owedAgingSource } from './aging.ts';
import {
  accountCurrency,
  type CurrencyInput,
  checkDocumentCurrency,
  exchangeAccountId,
  homeCurrency,
  homeTotalOf,
  partyCurrency,
  rateFor,
  toHome,
} from './currency.ts';
import { assertExcessUnused, excessCreditType, keepPaymentExcess, paymentExcessCredit, voidPaymentExcess } from './prepayments.ts';
import { documentPostingLines, type PartyRef, type PostedLine, postReversal, reversalDate, voidPosting } from './posting.ts';
import {
  amountDueOf,
  checkPaymentFields,
  type DocumentLabel,
  OPEN_STATUSES,
  type PaymentInput,
  type SettledDocument,
  settledApartFromPayments,
  statusAfterPayment,
  statusWords,
} from './settlement.ts';

type PartyKey = 'customerId' | 'vendorId';

/** How a document's rows name its party: its `<party>Id` column, `<party>` relation and model, and the party's table. */
export interface PartyNames {
  key: PartyKey;
  model: 'customer' | 'vendor';
  relation: string;
  table: 'Customer' | 'Vendor';
}

export const partyNames = (party: 'customer' | 'vendor'): PartyNames => ({
  key: `${party}Id`,
  model: party,
  relation: party,
  table: party === 'customer' ? 'Customer' : 'Vendor',
});

/** A document's number: the prefix and the next number of its series, at least four digits (INV-0001). */
export const nextDocumentNumber = (scope: WriteScope, numbering: { prefix: string; sequence: SequenceName }) =>
  `${numbering.prefix}-${String(scope.nextNumber(numbering.sequence)).padStart(4, '0')}`;

/** An owed document as its module describes it; the kernel derives the rest (OwedDocumentType). */
export interface OwedDocumentDescription {
  /** How messages name it: `Invoice INV-0001 is already void`. */
  label: DocumentLabel;
  /** Its representation's type and its events' prefix (`invoice` → `invoice.paid`). */
  resource: string;
  side: Side;
  /**
   * Its Prisma model, GraphQL type and id type (`Invoice`); its lines are `<typename>Line`, and they and
   * its payments name it by `<typename, first letter lower case>Id`.
   */
  typename: IdType;
  /** Its numbers: `<prefix>-0001` from the organization's `sequence`. */
  number: { prefix: string; sequence: SequenceName };
  /** Who it is with: its `<party>Id` column and `<party>` relation name the customer or the vendor. */
  party: 'customer' | 'vendor';
  sourceTypes: { posting: SourceType; void: SourceType };
  payment: {
    resource: string;
    /** Its Prisma model and id type (`Payment`, `BillPayment`). */
    typename: IdType;
    /** The column naming the bank or cash account the money went into or left. */
    accountKey: string;
    sourceType: SourceType;
    /** The source type of a voided payment's reversal. */
    voidSourceType: SourceType;
    describe: (number: string) => string;
  };
  /**
   * The models (keyed by the document's id column) whose dates count towards when it was settled besides
   * credit applied (found from the credit documents): payments, write-offs; a `voidable` one's voided
   * rows settle nothing.
   */
  settledBy: { model: string; voidable?: boolean }[];
  /** Whether what is left on it can be written off as bad debt, and the source types of a write-off and its void. */
  writeOff?: { sourceType: SourceType; voidSourceType: SourceType };
  /** Its lines in order, for reads of several documents' lines at once (the (parent, lineNo) index's order). */
  linesInOrder: object[];
  /** Whether, once posted, it has a public page its party opens without a key (invoices: `/i/<token>`). */
  publicLink?: boolean;
  /** A further check of the reference against the party's other documents; answers a refusal or nothing. */
  checkReference?: (tenant: Tenant, partyId: string, reference: string, exceptId?: string) => Promise<string | undefined>;
}

/** One owed document type: its description and the names derived from its typename, all the kernel needs to run its life. */
export interface OwedDocumentType extends Omit<OwedDocumentDescription, 'party'> {
  party: PartyNames;
  /** Its Prisma delegate (`invoice`), its lines' delegate and table, and the column its lines and payments name it by. */
  model: string;
  lineModel: string;
  lineTable: string;
  parentKey: string;
  idType: IdType;
  lineIdType: IdType;
  payment: OwedDocumentDescription['payment'] & { model: string; idType: IdType; label: string };
}

/** Prisma's delegate of a model: `CreditNoteAllocation` → `creditNoteAllocation`. */
export const delegateName = (typename: string) => `${typename.charAt(0).toLowerCase()}${typename.slice(1)}`;

const OWED_TYPES = new Map<string, OwedDocumentType>();

/** Declares an owed document type to the kernel, where documents that act on it (credit notes on invoices) find it by name. */
export function defineOwedDocument(description: OwedDocumentDescription): OwedDocumentType {
  const model = delegateName(description.typename);
  const type: OwedDocumentType = {
    ...description,
    model,
    lineModel: `${model}Line`,
    lineTable: `${description.typename}Line`,
    parentKey: `${model}Id`,
    idType: description.typename,
    lineIdType: `${description.typename}Line` as IdType,
    payment: {
      ...description.payment,
      model: delegateName(description.payment.typename),
      idType: description.payment.typename,
      label: `${description.payment.resource.charAt(0).toUpperCase()}${description.payment.resource.slice(1).replaceAll('_', ' ')}`,
    },
    party: partyNames(description.party),
  };
  OWED_TYPES.set(type.resource, type);
  return type;
}

/** Every owed document type declared (aging keeps what each owes). */
export const owedDocumentTypes = () => [...OWED_TYPES.values()];

/** The owed document type declared under `resource` (`invoice`, `bill`). */
export function owedDocumentType(resource: string): OwedDocumentType {
  const type = OWED_TYPES.get(resource);
  if (!type) throw new Error(`no owed document type "${resource}" is declared`);
  return type;
}

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

/** An owed document's row as the kernel reads and writes it (the invoice's and bill's columns in common). */
export interface OwedDocumentRow extends SettledDocument {
  id: string;
  organizationId: string;
  customerId?: string;
  vendorId?: string;
  dueDate: string;
  currency: string;
  /** Set on a posted foreign-currency document: the rate it was posted at, and its total in home currency. */
  exchangeRate: string | null;
  homeTotal: bigint | null;
  subtotal: bigint;
  discountTotal: bigint;
  taxTotal: bigint;
  journalEntryId: string | null;
  lines: LineRow[];
}

/** What the kernel reads of a document's line. */
export interface LineRow {
  id: string;
  lineNo: number;
  accountId: string;
  amount: bigint;
  taxAmount: bigint;
  taxRateId: string | null;
  taxRatePpm: number | null;
  taxAccountId: string | null;
  currency: string | null;
  homeAmount: bigint | null;
  homeTaxAmount: bigint | null;
}

/**
 * Prisma's delegates differ by model only in their types; the kernel reaches a description's models by
 * name through this one shape (each document's module keeps its typed rows for its readers).
 */
interface Delegate {
  findFirst(args: object): Promise<unknown>;
  findMany(args: object): Promise<unknown[]>;
  deleteMany(args: object): Promise<unknown>;
  createMany(args: object): Promise<unknown>;
  create(args: object): Promise<unknown>;
  update(args: object): Promise<unknown>;
  updateMany(args: object): Promise<unknown>;
  aggregate(args: { where: object; _max: { date: true } }): Promise<{ _max: { date: string | null } }>;
}
export const delegate = (tenant: Tenant, model: string) => (tenant.prisma as unknown as Record<string, Delegate>)[model]!;

/** A delegate's model (and table): `creditNoteAllocation` → `CreditNoteAllocation`. */
const tableOf = (model: string) => `${model.charAt(0).toUpperCase()}${model.slice(1)}`;

/** The event of `type` an action raises: `invoice` + `paid` → `invoice.paid` (the catalogue lists each). */
const eventOf = (
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

export const articled = (label: string) => `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label.toLowerCase()}`;

/** The party a row names, as its posting lines name it. */
export const partyRef = (type: { party: PartyNames }, partyId: string): PartyRef =>
  type.party.key === 'customerId' ? { customerId: partyId } : { vendorId: partyId };

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

/**
 * The party and lines every document's input names: the party is required, the lines 1 to 200; answers
 * the party's id and the lines to check.
 */
export function checkPartyAndLineCount<Line>(
  check: Checker,
  type: { label: string; party: PartyNames },
  input: { customerId?: string | null; vendorId?: string | null; lines?: Line[] | null },
) {
  const partyId = input[type.party.key];
  if (!partyId) check.fail(type.party.key, 'is required');
  const inputLines = input.lines ?? [];
  const named = articled(type.label);
  if (inputLines.length === 0) check.fail('lines', `${named} needs at least one line`);
  if (inputLines.length > 200) check.fail('lines', `${named} may have at most 200 lines`);
  return { partyId, inputLines };
}

/** Reads the party a document names (null: none of the organization's); its whole row, raw (src/db/model-rows.ts). */
export async function readParty<Party>(tenant: Tenant, type: { party: PartyNames }, partyId: string | null | undefined) {
  if (!partyId) return null;
  return (await selectOrganizationRow<Party>(rawSqlOf(tenant), type.party.table, tenant.organizationId, partyId)) ?? null;
}

/** Checks a document's lines by its side's rule, their prices in `currency` (default home). */
export function checkSideLines(tenant: Tenant, check: Checker, type: { side: Side }, inputLines: LineInput[], currency?: string) {
  const sideAccounts = SIDE_ACCOUNTS[type.side];
  return type.side === 'sale'
    ? checkSaleLines(tenant, check, inputLines, [sideAccounts.control], { currency })
    : checkPurchaseLines(tenant, check, inputLines, [sideAccounts.control], { currency });
}

/** Reads the party a document names (null: none of the organization's), and checks its lines by its side's rule. */
export function partyAndLines<Party>(
  tenant: Tenant,
  check: Checker,
  type: { side: Side; party: PartyNames },
  partyId: string | null | undefined,
  inputLines: LineInput[],
) {
  return Promise.all([readParty<Party>(tenant, type, partyId), checkSideLines(tenant, check, type, inputLines)]);
}

/** Checks the input and computes every line; reads only. */
async function checkOwedDocument(
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

/**
 * Moves a party's kept balance (what a customer owes on open invoices, what we owe a vendor on open
 * bills) by `delta`: every write that changes an amount due calls it, in its transaction. Not an event
 * of its own: a derived figure.
 */
export async function movePartyBalance(scope: WriteScope, table: 'Customer' | 'Vendor', partyId: string, delta: bigint) {
  if (delta !== 0n) await scope.sql.$executeRaw(partyBalanceStatement(table, partyId, delta));
}

const partyBalanceStatement = (table: 'Customer' | 'Vendor', partyId: string, delta: bigint) =>
  Prisma.sql`UPDATE ${Prisma.raw(`"${table}"`)} SET "balance" = "balance" + ${delta} WHERE "id" = ${partyId}`;

const partyIdOf = (type: OwedDocumentType, row: OwedDocumentRow) => row[type.party.key]!;

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
const updateRow = <Row extends OwedDocumentRow>(scope: WriteScope, type: OwedDocumentType, id: string, data: object) =>
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

/**
 * The date from which a document stays settled as its settlements stand (null: none): the latest date of
 * its payments, credit applied and write-offs, and of the voids of those undone. A settlement undone from
 * a date after the last one left the document settled twice over until then (a payment voided on 10 July
 * and paid again on 30 June), so aging as at a date in between must still see it.
 */
export async function latestSettlement(scope: WriteScope, type: OwedDocumentType, id: string): Promise<string | null> {
  // Credit applied counts too (credit documents declare which documents they apply to).
  const credits = creditAllocationModels(type.resource).map((model) => ({ model, voidable: true }));
  const dates = await Promise.all(
    [...type.settledBy, ...credits].map(async ({ model, voidable }) => {
      // A row's void date is never before its date: the latest of both is the later of the two maxima.
      const [latest] = await scope.sql.$queryRaw<{ date: string | null; voidDate: string | null }[]>(
        Prisma.sql`SELECT max("date") AS "date", ${voidable ? Prisma.sql`max("voidDate")` : Prisma.sql`NULL`} AS "voidDate"
          FROM ${Prisma.raw(quoted(tableOf(model)))} WHERE ${Prisma.raw(quoted(type.parentKey))} = ${id}`,
      );
      return [latest?.date ?? null, latest?.voidDate ?? null];
    }),
  );
  return latestOf(dates.flat());
}

/** The latest of some dates (null: none). */
export const latestOf = (dates: (string | null | undefined)[]) =>
  dates
    .filter((d): d is string => !!d)
    .sort()
    .at(-1) ?? null;

/**
 * A payment's fields, with the document it pays under the type's `parentKey` and its account under
 * `payment.accountKey`; `keepExcessAsCredit` keeps what it pays beyond the amount due as the party's credit.
 */
export type OwedPaymentInput = PaymentInput & { keepExcessAsCredit?: boolean | null; exchangeRate?: string | number | null };

/**
 * Records (part of) the payment of an open document: money in (a sale: Dr the bank, Cr receivables) or
 * out (a purchase: Dr payables, Cr the bank), into or from the account the input names (default the bank).
 * Asked to, it keeps what is paid beyond the amount due as the party's credit (an overpayment, posted in
 * the same entry: the bank moved once); the payment itself pays the amount due.
 */
export async function recordOwedPayment<Row extends OwedDocumentRow, Payment extends { id: string }>(
  scope: WriteScope,
  type: OwedDocumentType,
  input: OwedPaymentInput,
) {
  const { accountKey } = type.payment;
  const check = new Checker();
  const named = input as Record<string, string | null | undefined>;
  const documentId = named[type.parentKey];
  // The document first: the amount is in its currency.
  const document = documentId ? await findOwedDocument<Row>(scope, type, documentId) : null;
  const currency = document?.currency ?? homeCurrency(scope);
  const { amount, date, method, reference } = checkPaymentFields(scope, input, check, currencyDecimals(currency));
  if (!documentId) check.fail(type.parentKey, 'is required');
  const givenRate = document ? checkDocumentCurrency(check, scope, currency, { exchangeRate: input.exchangeRate }) : undefined;
  const accountId = named[accountKey];
  const paidFrom = type.side === 'purchase' ? PURCHASE_PAYMENT_ACCOUNT : CASH_ACCOUNT;
  await checkAccountRefs(scope, check, [{ path: accountKey, id: accountId, ...paidFrom, currency }]);
  check.done();
  if (!document) throw notFound(type.label.toLowerCase(), documentId!);
  const foreign = currency !== homeCurrency(scope);
  const due = amountDueOf(document);
  const excessType =
    OPEN_STATUSES.includes(document.status) && amount > due
      ? excessCreditType(scope, type, due, amount, input.keepExcessAsCredit, currencyDecimals(currency))
      : null;
  const applied = excessType ? due : amount;
  const status = statusAfterPayment(scope, type.label, document, applied, date);
  const control = SIDE_ACCOUNTS[type.side].control;
  const system = await systemAccounts(scope, ['bank', control]);
  const cashAccountId = accountId ?? system.bank;
  // Into or out of an account in the payment's currency (checked above), the bank line remembers the foreign amount too.
  const cashCurrency = foreign && accountId ? await cashAccountCurrency(scope, cashAccountId) : homeCurrency(scope);
  const partyId = partyIdOf(type, document);
  const party = partyRef(type, partyId);
  const paymentId = newId(type.payment.idType);
  const exchange = foreign ? await exchangeOfPayment(scope, type, document, amount, applied, date, givenRate, status === 'PAID') : null;
  // The bank moved the whole amount; receivables (payables) take what the document cleared and the excess kept as credit.
  const cash = {
    accountId: cashAccountId,
    amount: exchange ? exchange.homeAmount + exchange.excessHome : amount,
    ...(cashCurrency === currency && foreign ? { currency, foreignAmount: amount } : {}),
  };
  const cleared = {
    accountId: system[control],
    amount: exchange ? exchange.homeSettled + exchange.excessHome : amount,
    ...(foreign ? { currency, foreignAmount: amount } : {}),
  };
  const posted = await writePosting(scope, {
    date,
    description: type.payment.describe(document.number),
    reference: reference ?? document.number,
    sourceType: type.payment.sourceType,
    sourceId: paymentId,
    lines: paymentLines(type.side, cash, cleared, exchange && (await exchangeDifferenceLine(scope, type.side, exchange)), party),
  });
  const settledOn = status === 'PAID' ? latestOf([date, await latestSettlement(scope, type, document.id)]) : null;
  const written = await updateRow<Row>(scope, type, document.id, {
    amountPaid: document.amountPaid + applied,
    status,
    settledOn,
    updatedAt: scope.now,
  });
  const row = { ...written, lines: document.lines } as Row;
  await movePartyBalance(scope, type.party.table, partyId, -amount);
  const paymentRow: Record<string, unknown> = {
    id: paymentId,
    organizationId: scope.organizationId,
    [type.parentKey]: document.id,
    amount: applied,
    date,
    [accountKey]: cashAccountId,
    method,
    reference,
    journalEntryId: posted.entry.id,
    createdAt: scope.now,
    ...(exchange ? { currency, exchangeRate: exchange.rate, homeAmount: exchange.homeAmount, homeSettled: exchange.homeSettled } : {}),
  };
  const payment = await insertModelRow(scope.sql, type.payment.typename, paymentRow);
  await keepAging(scope, owedAgingSource(type), [document.id]);
  const documentRef = { type: type.resource, id: document.id, row };
  const events: EventDraft[] = [{ type: eventOf(type, 'payment_recorded'), resource: documentRef }];
  if (status === 'PAID') events.push({ type: eventOf(type, 'paid'), resource: documentRef });
  const excess = excessType
    ? await keepPaymentExcess(scope, excessType, {
        partyId,
        amount: amount - applied,
        date,
        accountId: cashAccountId,
        method,
        reference,
        paymentId,
        journalEntryId: posted.entry.id,
        ...(exchange ? { currency, exchangeRate: exchange.rate, homeTotal: exchange.excessHome } : {}),
      })
    : null;
  if (excess) events.push(excess.event);
  const excessCredit = excess ? { id: excess.id, total: excess.amount } : null;
  return change(type.payment.resource, { ...payment, [type.model]: row, excessCredit } as unknown as Payment, [...events, posted.event]);
}

/** Reads one document of `type` of the organization with its lines in order (null: none). */
async function findOwedDocument<Row extends OwedDocumentRow>(tenant: Tenant, type: OwedDocumentType, id: string): Promise<Row | null> {
  // Raw (src/db/model-rows.ts), so a write that reads the document it settles stays on its direct transaction.
  const sql = rawSqlOf(tenant);
  const document = await selectOrganizationRow<Omit<Row, 'lines'>>(sql, type.typename, tenant.organizationId, id);
  if (!document) return null;
  const lines = await selectModelRows(sql, type.lineTable, Prisma.sql`${Prisma.raw(quoted(type.parentKey))} = ${id}`, {
    orderBy: 'lineNo',
  });
  return { ...document, lines } as unknown as Row;
}

/** The currency a bank or cash account holds. */
export async function cashAccountCurrency(scope: WriteScope, accountId: string) {
  const account = await scope.prisma.account.findFirst({ where: { id: accountId, organizationId: scope.organizationId } });
  return accountCurrency(scope, account ?? {});
}

/**
 * What the settlements of a foreign document have cleared in home currency so far: its standing payments,
 * write-offs and credit applied.
 */
export async function homeSettledSoFar(scope: WriteScope, type: OwedDocumentType, documentId: string) {
  const standing = { [type.parentKey]: documentId, voidJournalEntryId: null };
  const applied = { [type.parentKey]: documentId, voidDate: null };
  const sums = await Promise.all(
    [
      ...[type.payment.model, ...(type.writeOff ? [writeOffModel(type)] : [])].map((model) => [model, standing] as const),
      ...creditAllocationModels(type.resource).map((model) => [model, applied] as const),
    ].map(
      async ([model, where]) =>
        (
          (await delegate(scope, model).aggregate({ where, _sum: { homeSettled: true } } as never)) as unknown as {
            _sum: { homeSettled: bigint | null };
          }
        )._sum.homeSettled ?? 0n,
    ),
  );
  return sums.reduce((t, x) => t + x, 0n);
}

/**
 * A foreign document's payment in home currency: the amount at the payment's rate (its own, else the
 * table's on its date), and what it clears from receivables or payables at the document's rate; the
 * payment that settles the document clears all that is left of its home total, so no rounding remains.
 * An excess kept as credit is worth its amount at the payment's rate (`excessHome`); the payment's own
 * home amount is the rest of what the bank moved, so its exchange gain is all the entry posts.
 */
async function exchangeOfPayment(
  scope: WriteScope,
  type: OwedDocumentType,
  document: OwedDocumentRow,
  amount: bigint,
  applied: bigint,
  date: string,
  givenRate: string | undefined,
  settles: boolean,
) {
  const rate = (await rateFor(scope, document.currency, date, givenRate, 'exchangeRate'))!;
  const excessHome = toHome(scope, amount - applied, document.currency, rate);
  const homeAmount = toHome(scope, amount, document.currency, rate) - excessHome;
  const homeSettled = settles
    ? document.homeTotal! - (await homeSettledSoFar(scope, type, document.id))
    : toHome(scope, applied, document.currency, document.exchangeRate);
  return { rate, homeAmount, homeSettled, excessHome };
}

/**
 * The exchange difference of a foreign payment, as a posting line to the exchange gains and losses account:
 * a sale that brings in more home currency than it clears gains (a credit), a purchase that pays more loses
 * (a debit); null when there is none.
 */
export async function exchangeDifferenceLine(scope: WriteScope, side: Side, exchange: { homeAmount: bigint; homeSettled: bigint }) {
  const difference = exchange.homeAmount - exchange.homeSettled;
  if (difference === 0n) return null;
  const accountId = await exchangeAccountId(scope);
  const gain = side === 'sale' ? difference > 0n : difference < 0n;
  const amount = difference < 0n ? -difference : difference;
  return gain ? { accountId, debit: 0n, credit: amount } : { accountId, debit: amount, credit: 0n };
}

/**
 * A payment's posting: money in (a sale: Dr the bank, Cr receivables) or out (Dr payables, Cr the bank),
 * with any exchange difference; debits first.
 */
export function paymentLines(
  side: Side,
  cash: { accountId: string; amount: bigint; currency?: string; foreignAmount?: bigint },
  cleared: { accountId: string; amount: bigint; currency?: string; foreignAmount?: bigint },
  difference: { accountId: string; debit: bigint; credit: bigint } | null,
  party: PartyRef,
) {
  const line = ({ amount, ...rest }: typeof cash, debit: boolean) => ({
    ...rest,
    debit: debit ? amount : 0n,
    credit: debit ? 0n : amount,
    ...party,
  });
  const [into, outOf] = side === 'sale' ? [line(cash, true), line(cleared, false)] : [line(cleared, true), line(cash, false)];
  const extra = difference ? [{ ...difference, ...party }] : [];
  const lines = [into, ...extra.filter((l) => l.debit > 0n), outOf, ...extra.filter((l) => l.credit > 0n)];
  return lines.filter((l) => l.debit > 0n || l.credit > 0n);
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
 * The payments of an organization's documents of `type` a list's filter selects: by the document, its
 * party and the bank or cash account (each under the type's column name), and by dates.
 */
export function owedPaymentWhere(type: OwedDocumentType, organizationId: string, given: { from?: string | null; to?: string | null }) {
  const filter = given as Record<string, string | null | undefined>;
  const and: object[] = [];
  const documentId = filter[type.parentKey];
  if (documentId) and.push({ [type.parentKey]: documentId });
  const partyId = filter[type.party.key];
  if (partyId) and.push({ [type.model]: { [type.party.key]: partyId } });
  const accountId = filter[type.payment.accountKey];
  if (accountId) and.push({ [type.payment.accountKey]: accountId });
  if (filter.from) and.push({ date: { gte: filter.from } });
  if (filter.to) and.push({ date: { lte: filter.to } });
  return { organizationId, ...(and.length ? { AND: and } : {}) };
}

/** A payment as its void reads it. */
interface PaymentRow {
  id: string;
  amount: bigint;
  date: string;
  journalEntryId: string;
  voidJournalEntryId: string | null;
}

/**
 * Voids a payment: posts the reversal of its posting (dated `date`: default today, or the payment's date
 * if later; never before it, never in a locked period) and gives back to its document what it paid: the
 * amount due rises again and a paid document is partly paid or open again. The payment stays, void,
 * with its void date; the party's balance moves back.
 */
export async function voidOwedPayment<Row extends OwedDocumentRow, Payment extends { id: string }>(
  scope: WriteScope,
  type: OwedDocumentType,
  id: string,
  input: { date?: string | null; reason?: string | null } = {},
) {
  const label = type.payment.label;
  const check = new Checker();
  const requestedDate = check.date('date', input.date);
  const reason = check.text('reason', input.reason, { max: 500 });
  check.done();
  const payment = (await delegate(scope, type.payment.model).findFirst({
    where: { id, organizationId: scope.organizationId },
  })) as (PaymentRow & Record<string, unknown>) | null;
  if (!payment) throw notFound(label.toLowerCase(), id);
  const document = await loadOwedDocument<Row>(scope, type, payment[type.parentKey] as string);
  const named = `${label.toLowerCase()} of ${type.label.toLowerCase()} ${document.number}`;
  if (payment.voidJournalEntryId) throw new AppError('INVALID_STATE', `The ${named} dated ${payment.date} is already void`);
  const date = reversalDate(scope, requestedDate, payment.date, "the payment's date");
  const excess = await paymentExcessCredit(scope, type, payment.id);
  if (excess) assertExcessUnused(scope, excess);
  const posted = await postReversal(scope, payment.journalEntryId, {
    date,
    named,
    reason,
    reference: document.number,
    sourceType: type.payment.voidSourceType,
    sourceId: payment.id,
  });
  const amountPaid = document.amountPaid - payment.amount;
  const written = await updateRow<Row>(scope, type, document.id, {
    amountPaid,
    status: amountPaid + settledApartFromPayments(document) === 0n ? 'OPEN' : 'PARTIALLY_PAID',
    settledOn: null,
    updatedAt: scope.now,
  });
  const row = { ...written, lines: document.lines } as Row;
  await movePartyBalance(scope, type.party.table, partyIdOf(type, document), payment.amount);
  const voided = (await delegate(scope, type.payment.model).update({
    where: { id: payment.id },
    data: { voidJournalEntryId: posted.entry.id, voidedAt: scope.now, voidDate: date },
  })) as Record<string, unknown>;
  await keepAging(scope, owedAgingSource(type), [document.id]);
  const excessVoided = excess ? await voidPaymentExcess(scope, excess, posted.entry.id, date) : null;
  const excessCredit = excess ? { id: excess.credit.id, total: excess.credit.total } : null;
  const paymentRow = { ...voided, [type.model]: row, excessCredit } as unknown as Payment;
  return change(type.payment.resource, paymentRow, [
    { type: eventOf(type.payment, 'voided'), resource: { type: type.payment.resource, id: payment.id, row: paymentRow } },
    { type: eventOf(type, 'payment_voided'), resource: { type: type.resource, id: document.id, row } },
    ...(excessVoided ? [excessVoided] : []),
    posted.event,
  ]);
}

/** What an edit of a draft may change (a new document's fields): what is left out stays as it is (null clears memo and reference). */
export type OwedDraftChanges = Omit<OwedDocumentInput, 'draft'>;

export type DraftLineRow = LineRow & {
  productId: string | null;
  description: string;
  quantityMilli: bigint;
  unitPrice: bigint;
  discountPpm: number;
};

/** A stored line as the input that makes it again (a draft's lines, checked again with its other changes). */
export function lineInputOf(line: DraftLineRow, decimals: number): LineInput {
  return {
    productId: line.productId,
    description: line.description,
    quantity: formatQuantity(line.quantityMilli),
    unitPrice: formatMoney(line.unitPrice, decimals),
    discountPercent: formatPercent(line.discountPpm),
    ...(line.taxRateId ? { taxRateId: line.taxRateId } : line.taxRatePpm === null ? {} : { taxRate: formatPercent(line.taxRatePpm) }),
    accountId: line.accountId,
  };
}

const HEAD_COLUMNS = ['issueDate', 'dueDate', 'memo', 'reference', 'currency', 'exchangeRate'] as const;

/**
 * Edits a draft (QuickBooks and Xero edit drafts freely; a posted document is only voided): its party,
 * dates, memo, reference and, given `lines`, the whole list of lines, checked as a new document's are.
 * The due date stays unless given, or recomputed when payment terms are given. Raises `<resource>.updated`
 * with the attributes it changed, or nothing when nothing changed.
 */
export async function updateOwedDraft<Row extends OwedDocumentRow>(
  scope: WriteScope,
  type: OwedDocumentType,
  id: string,
  changes: OwedDraftChanges,
) {
  type Draft = Row & { memo: string | null; reference: string | null; lines: DraftLineRow[] };
  const document = await loadOwedDocument<Draft>(scope, type, id);
  if (document.status !== 'DRAFT')
    throw new AppError(
      'INVALID_STATE',
      `${type.label} ${document.number} is ${statusWords(document.status)}; only a draft can be edited (void a posted ` +
        `${type.label.toLowerCase()} and enter it again)`,
    );
  const partyKey = type.party.key;
  const partyId = partyIdOf(type, document);
  const decimals = currencyDecimals(document.currency);
  const linesGiven = changes.lines !== undefined && changes.lines !== null;
  const termsGiven = changes.paymentTermsDays !== undefined && changes.paymentTermsDays !== null;
  const checked = await checkOwedDocument(
    type,
    scope,
    {
      [partyKey]: changes[partyKey] ?? partyId,
      issueDate: changes.issueDate ?? document.issueDate,
      dueDate: changes.dueDate ?? (termsGiven ? null : document.dueDate),
      paymentTermsDays: changes.paymentTermsDays,
      memo: changes.memo === undefined ? document.memo : changes.memo,
      reference: changes.reference === undefined ? document.reference : changes.reference,
      lines: linesGiven ? changes.lines : (document.lines as DraftLineRow[]).map((l) => lineInputOf(l, decimals)),
      currency: changes.currency,
      exchangeRate: changes.exchangeRate === undefined ? document.exchangeRate : changes.exchangeRate,
    },
    { id, partyId },
  );
  const head = {
    issueDate: checked.issueDate,
    dueDate: checked.dueDate,
    memo: checked.memo ?? null,
    reference: checked.reference ?? null,
    currency: checked.currency,
    exchangeRate: checked.exchangeRate ?? null,
  };
  const headChanged = HEAD_COLUMNS.some((c) => head[c] !== document[c]) || checked.partyId !== partyId;
  // A new party in another currency puts every line in it.
  const rewriteLines = linesGiven || head.currency !== document.currency;
  if (!headChanged && !rewriteLines) return change(type.resource, document as Row);
  let lines: unknown[] = document.lines;
  if (rewriteLines) {
    await delegate(scope, type.lineModel).deleteMany({ where: { [type.parentKey]: id } });
    const rows = lineRows(scope, type.lineIdType, type.parentKey, id, checked.lines, { draft: true, currency: head.currency });
    await insertRows(scope.sql, type.lineTable, lineColumns(type.parentKey), rows);
    lines = rows;
  }
  const written = await updateRow<Row>(scope, type, id, {
    ...head,
    [partyKey]: checked.partyId,
    ...(rewriteLines ? checked.totals : {}),
    updatedAt: scope.now,
  });
  const row = { ...written, lines } as Row;
  return change(type.resource, row, [{ type: eventOf(type, 'updated'), resource: { type: type.resource, id, row }, before: document }]);
}

/**
 * Deletes a draft and its lines (nothing was posted; its number is not reused, as QuickBooks and Xero
 * leave the gap). A posted document is voided instead. Raises `<resource>.deleted` with the draft as it was.
 */
export async function deleteOwedDraft<Row extends OwedDocumentRow>(scope: WriteScope, type: OwedDocumentType, id: string) {
  const document = await loadOwedDocument<Row>(scope, type, id);
  if (document.status !== 'DRAFT')
    throw new AppError(
      'INVALID_STATE',
      `${type.label} ${document.number} is ${statusWords(document.status)}; only a draft can be deleted (void a posted ` +
        `${type.label.toLowerCase()} instead)`,
    );
  await delegate(scope, type.lineModel).deleteMany({ where: { [type.parentKey]: id } });
  await delegate(scope, type.model).deleteMany({ where: { id, organizationId: scope.organizationId } });
  return change(type.resource, document, [{ type: eventOf(type, 'deleted'), resource: { type: type.resource, id, row: document } }]);
}

/** A write-off as its void reads it. */
interface WriteOffRow {
  id: string;
  amount: bigint;
  date: string;
  journalEntryId: string;
}

const writeOffModel = (type: OwedDocumentType) => `${type.model}WriteOff`;

/** The type's write-off source types, or a refusal when its documents are not written off. */
function writeOffOf(type: OwedDocumentType) {
  if (!type.writeOff) throw new AppError('INVALID_STATE', `${type.label}s are not written off`);
  return type.writeOff;
}

/**
 * Writes off what is left on an open document as bad debt (QuickBooks' and Xero's bad-debt write-off):
 * Dr the bad-debt expense account (or the expense account given), Cr receivables, for the amount due,
 * on `date` (default today, not before the document, not in a locked period). Revenue and tax stay as
 * posted. The document is settled (status paid, `amountWrittenOff`), the party's balance falls; voiding
 * the write-off undoes it.
 */
export async function writeOffOwedDocument<Row extends OwedDocumentRow>(
  scope: WriteScope,
  type: OwedDocumentType,
  id: string,
  input: { date?: string | null; accountId?: string | null; reason?: string | null } = {},
) {
  const sources = writeOffOf(type);
  const check = new Checker();
  const requestedDate = check.date('date', input.date);
  const reason = check.text('reason', input.reason, { max: 500 }) ?? null;
  await checkAccountRefs(scope, check, [{ path: 'accountId', id: input.accountId, types: ['EXPENSE'] }]);
  check.done();
  const document = await loadOwedDocument<Row>(scope, type, id);
  if (!OPEN_STATUSES.includes(document.status)) {
    const hint = document.status === 'DRAFT' ? '; a draft is deleted or voided instead' : '';
    throw new AppError(
      'INVALID_STATE',
      `${type.label} ${document.number} is ${statusWords(document.status)}; nothing is owed on it to write off${hint}`,
    );
  }
  const date = reversalDate(scope, requestedDate, document.issueDate, `the ${type.label.toLowerCase()} date`);
  const amount = amountDueOf(document);
  const { control, tax } = SIDE_ACCOUNTS[type.side];
  const system = await systemAccounts(scope, ['bad_debts', control, tax]);
  const accountId = input.accountId ?? system.bad_debts;
  const partyId = partyIdOf(type, document);
  const party = partyRef(type, partyId);
  const writeOffId = newId(`${type.typename}WriteOff` as IdType);
  // A foreign invoice's write-off clears what is left of its home total (it settles it in full); the
  // relieved tax is reported in home currency, at the invoice's rate.
  const foreign = document.currency !== homeCurrency(scope);
  const homeSettled = foreign ? document.homeTotal! - (await homeSettledSoFar(scope, type, document.id)) : amount;
  const relieved = (
    scope.organization.badDebtTaxRelief === 'ON_WRITE_OFF' ? taxInWriteOff(document, amount, system[tax], writeOffId, scope) : []
  ).map((l) =>
    foreign
      ? {
          ...l,
          amount: toHome(scope, l.amount, document.currency, document.exchangeRate),
          taxAmount: toHome(scope, l.taxAmount, document.currency, document.exchangeRate),
        }
      : l,
  );
  const taxRelieved = relieved.reduce((sum, l) => sum + l.taxAmount, 0n);
  const foreignAmount = foreign ? { currency: document.currency, foreignAmount: amount } : {};
  const posted = await writePosting(scope, {
    date,
    description: reason
      ? `Bad debt written off: ${type.label.toLowerCase()} ${document.number}: ${reason}`
      : `Bad debt written off: ${type.label.toLowerCase()} ${document.number}`,
    reference: document.number,
    sourceType: sources.sourceType,
    sourceId: writeOffId,
    lines: [
      { accountId, debit: homeSettled - taxRelieved, credit: 0n, ...party },
      ...[
        ...sumBy(
          relieved,
          (l) => l.taxAccountId,
          (l) => l.taxAmount,
        ),
      ].map(([taxAccountId, relief]) => ({
        accountId: taxAccountId,
        debit: relief,
        credit: 0n,
        ...party,
      })),
      { accountId: system[control], debit: 0n, credit: homeSettled, ...party, ...foreignAmount },
    ].filter((l) => l.debit > 0n || l.credit > 0n),
  });
  await delegate(scope, writeOffModel(type)).create({
    data: {
      id: writeOffId,
      organizationId: scope.organizationId,
      [type.parentKey]: document.id,
      amount,
      date,
      accountId,
      reason,
      taxRelieved,
      journalEntryId: posted.entry.id,
      createdAt: scope.now,
      ...(foreign ? { currency: document.currency, homeSettled } : {}),
    },
  });
  if (relieved.length) await delegate(scope, `${writeOffModel(type)}Tax`).createMany({ data: relieved });
  const settledOn = latestOf([date, await latestSettlement(scope, type, document.id)])!;
  const written = await updateRow<Row>(scope, type, id, {
    amountWrittenOff: (document.amountWrittenOff ?? 0n) + amount,
    status: 'PAID',
    settledOn,
    updatedAt: scope.now,
  });
  const row = { ...written, lines: document.lines } as Row;
  await movePartyBalance(scope, type.party.table, partyId, -amount);
  await keepAging(scope, owedAgingSource(type), [id]);
  return change(type.resource, row, [{ type: eventOf(type, 'written_off'), resource: { type: type.resource, id, row } }, posted.event]);
}

/**
 * The tax in what a write-off writes off (bad-debt relief, when the organization reclaims it): each
 * taxed line's taxable amount and tax in the proportion written off (written off / total), rounded per
 * line half up, with the account the line's tax went to.
 */
function taxInWriteOff(document: OwedDocumentRow, writtenOff: bigint, taxAccountId: string, writeOffId: string, scope: WriteScope) {
  const lines = document.lines as (LineRow & { taxRateId: string | null; taxRatePpm: number | null })[];
  const share = (minor: bigint) => divRoundHalfUp(minor * writtenOff, document.total);
  return lines
    .filter((l) => l.taxRatePpm !== null)
    .map((l, i) => ({
      id: newId('InvoiceWriteOffTax'),
      organizationId: scope.organizationId,
      writeOffId,
      lineNo: i + 1,
      taxRateId: l.taxRateId,
      taxRatePpm: l.taxRatePpm!,
      amount: share(l.amount),
      taxAmount: share(l.taxAmount),
      taxAccountId: l.taxAccountId ?? taxAccountId,
    }));
}

/** Sums `value` of items per `key`, in first-seen order. */
function sumBy<T>(items: T[], key: (item: T) => string, value: (item: T) => bigint) {
  const sums = new Map<string, bigint>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0n) + value(item));
  return sums;
}

/** Voids a document's standing write-off: posts the reversal (dated as a payment's void is) and the document is owed again. */
export async function voidOwedWriteOff<Row extends OwedDocumentRow>(
  scope: WriteScope,
  type: OwedDocumentType,
  id: string,
  input: { date?: string | null; reason?: string | null } = {},
) {
  const sources = writeOffOf(type);
  const check = new Checker();
  const requestedDate = check.date('date', input.date);
  const reason = check.text('reason', input.reason, { max: 500 });
  check.done();
  const document = await loadOwedDocument<Row>(scope, type, id);
  const writeOff = (await delegate(scope, writeOffModel(type)).findFirst({
    where: { [type.parentKey]: id, organizationId: scope.organizationId, voidJournalEntryId: null },
  })) as WriteOffRow | null;
  if (!writeOff) throw new AppError('INVALID_STATE', `${type.label} ${document.number} has no write-off to void`);
  const date = reversalDate(scope, requestedDate, writeOff.date, "the write-off's date");
  const posted = await postReversal(scope, writeOff.journalEntryId, {
    date,
    named: `the write-off of ${type.label.toLowerCase()} ${document.number}`,
    reason,
    reference: document.number,
    sourceType: sources.voidSourceType,
    sourceId: writeOff.id,
  });
  await delegate(scope, writeOffModel(type)).update({
    where: { id: writeOff.id },
    data: { voidJournalEntryId: posted.entry.id, voidedAt: scope.now, voidDate: date },
  });
  const amountWrittenOff = (document.amountWrittenOff ?? 0n) - writeOff.amount;
  const written = await updateRow<Row>(scope, type, id, {
    amountWrittenOff,
    status: document.amountPaid + settledApartFromPayments({ ...document, amountWrittenOff }) === 0n ? 'OPEN' : 'PARTIALLY_PAID',
    settledOn: null,
    updatedAt: scope.now,
  });
  const row = { ...written, lines: document.lines } as Row;
  await movePartyBalance(scope, type.party.table, partyIdOf(type, document), writeOff.amount);
  await keepAging(scope, owedAgingSource(type), [id]);
  return change(type.resource, row, [
    { type: eventOf(type, 'write_off_voided'), resource: { type: type.resource, id, row } },
    posted.event,
  ]);
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
