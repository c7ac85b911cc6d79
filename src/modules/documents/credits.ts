// Credit documents: what a party is owed back. A credit note (a customer's credit, for a return or an
// overcharge) and a vendor credit (the supplier's credit note) have one life: posted when created as
// the mirror of the owed document they credit (an invoice, a bill), their credit then applied to open
// documents of the same party (no posting: both sit in receivables or payables; the document's amount
// due falls) or refunded (money out to the customer, or in from the vendor), voided while none of it
// is used. Status OPEN while credit remains, CLOSED once used up, VOID. One description each
// (CreditDocumentType); they raise `<resource>.created`, `.applied`, `.refunded` and `.voided`, and
// `<owed>.credit_applied` (with `<owed>.paid` when nothing is left due) on each document credited.
import { insertRows } from '../../db/insert.ts';
import type { CreditNoteStatus, InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import type { EventType } from '../../events/catalogue.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import { type SequenceName, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { today } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { type IdType, newId } from '../../lib/ids.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import type { SearchProvider } from '../../lib/search.ts';
import { Checker } from '../../lib/validate.ts';
import { CASH_ACCOUNT, checkAccountRefs, systemAccounts } from '../accounts/accounts.service.ts';
import { assertOpenPeriod, writePosting } from '../journal/journal.service.ts';
import type { SourceType } from '../journal/journal.public.ts';
import { invoiceTotals } from './arithmetic.ts';
import { type LineInput, lineColumns, lineRows, SIDE_ACCOUNTS, type Side } from './lines.ts';
import { documentWhere } from './lists.ts';
import { creditAgingSource, keepAging, newDocumentAgingStatements, owedAgingSource } from './aging.ts';
import { writeAll } from '../../db/sql.ts';
import { type CurrencyInput, checkDocumentCurrency, homeCurrency, homeTotalOf, partyCurrency, rateFor, toHome } from './currency.ts';
import {
  checkPartyAndLineCount,
  delegate,
  delegateName,
  latestOf,
  latestSettlement,
  movePartyBalance,
  nextDocumentNumber,
  type OwedDocumentRow,
  type OwedDocumentType,
  owedDocumentType,
  type PartyNames,
  cashAccountCurrency,
  checkSideLines,
  exchangeDifferenceLine,
  homeSettledSoFar,
  partyNames,
  partyRef,
  paymentLines,
  readParty,
} from './owed.ts';
import { documentPostingLines, postReversal, reversalDate, voidPosting } from './posting.ts';
import {
  amountDueOf,
  settledApartFromPayments,
  checkPaymentFields,
  type DocumentLabel,
  OPEN_STATUSES,
  type PaymentInput,
  statusWords,
} from './settlement.ts';

/** A credit document as its module describes it; the kernel derives the rest (CreditDocumentType). */
export interface CreditDocumentDescription {
  /** How messages name it: `Credit note CN-0001 is void`. */
  label: DocumentLabel;
  /** Its representation's type and its events' prefix (`credit_note` → `credit_note.applied`). */
  resource: string;
  /**
   * Its Prisma model, GraphQL type and id type (`CreditNote`); its lines, allocations and refunds are
   * `<typename>Line`, `<typename>Allocation` and `<typename>Refund`, naming it by `<typename, lower first>Id`.
   */
  typename: IdType;
  /** The side of the document it credits: it posts that side's mirror. */
  side: Side;
  party: 'customer' | 'vendor';
  number: { prefix: string; sequence: SequenceName };
  /** The owed document its credit is applied to, by resource (`invoice`): found when first applied. */
  appliesTo: string;
  sourceTypes: { posting: SourceType; refund: SourceType; refundVoid: SourceType; void: SourceType };
  /**
   * Its lines in order, for reads of several documents' lines at once; none for a prepayment (money paid
   * ahead, which has no lines: prepayments.ts creates it).
   */
  linesInOrder?: object[];
  /** A prepayment's bank or cash account column (`depositAccountId`); none for a document with lines. */
  accountKey?: string;
}

export interface CreditDocumentType extends Omit<CreditDocumentDescription, 'party'> {
  party: PartyNames;
  model: string;
  lineTable: string;
  parentKey: string;
  lineIdType: IdType;
  allocation: { model: string; idType: IdType };
  refund: { model: string; idType: IdType };
  /** The column an allocation names the credited document by (`invoiceId`). */
  appliedKey: string;
  /** What every read of one loads besides its row: lines, allocations and refunds in order. */
  include: object;
}

const CREDIT_TYPES = new Map<string, CreditDocumentType>();

/** Declares a credit document type to the kernel (reports find the credits of a side here). */
export function defineCreditDocument(description: CreditDocumentDescription): CreditDocumentType {
  const model = delegateName(description.typename);
  const appliedKey = `${description.appliesTo}Id`;
  const ordered = { orderBy: [{ date: 'asc' }, { id: 'asc' }] };
  const type: CreditDocumentType = {
    ...description,
    party: partyNames(description.party),
    model,
    lineTable: `${description.typename}Line`,
    parentKey: `${model}Id`,
    lineIdType: `${description.typename}Line` as IdType,
    allocation: { model: `${model}Allocation`, idType: `${description.typename}Allocation` as IdType },
    refund: { model: `${model}Refund`, idType: `${description.typename}Refund` as IdType },
    appliedKey,
    include: {
      ...(description.linesInOrder ? { lines: { orderBy: description.linesInOrder } } : {}),
      allocations: {
        ...ordered,
        select: {
          id: true,
          [appliedKey]: true,
          amount: true,
          date: true,
          voidDate: true,
          currency: true,
          homeApplied: true,
          homeSettled: true,
          journalEntryId: true,
        },
      },
      refunds: {
        ...ordered,
        select: {
          id: true,
          amount: true,
          date: true,
          paymentAccountId: true,
          journalEntryId: true,
          voidDate: true,
          currency: true,
          homeAmount: true,
          homeSettled: true,
        },
      },
    },
  };
  CREDIT_TYPES.set(type.resource, type);
  return type;
}

/** The credit document types declared for documents of `side` (aged reports show their unused credit). */
export const creditDocumentTypes = (side: Side) => [...CREDIT_TYPES.values()].filter((t) => t.side === side);

/** The allocation models of the credit document types whose credit applies to owed documents of `resource`. */
export const creditAllocationModels = (resource: string) =>
  [...CREDIT_TYPES.values()].filter((t) => t.appliesTo === resource).map((t) => t.allocation.model);

/** The prepayment type whose credit applies to owed documents of `resource` (`invoice`), if one is declared. */
export const prepaymentTypeFor = (resource: string) => [...CREDIT_TYPES.values()].find((t) => t.appliesTo === resource && !t.linesInOrder);

export interface CreditDocumentInput extends CurrencyInput {
  customerId?: string | null;
  vendorId?: string | null;
  issueDate?: string | null;
  memo?: string | null;
  reference?: string | null;
  lines?: Omit<LineInput, 'taxRate'>[] | null;
}

/** A credit document's row as the kernel reads and writes it (the columns credit notes and vendor credits share). */
export interface CreditDocumentRow {
  id: string;
  number: string;
  status: CreditNoteStatus;
  customerId?: string;
  vendorId?: string;
  issueDate: string;
  currency: string;
  /** A foreign-currency credit's rate and home total (null at home). */
  exchangeRate: string | null;
  homeTotal: bigint | null;
  total: bigint;
  amountApplied: bigint;
  amountRefunded: bigint;
  journalEntryId: string;
  /** The payment whose excess it holds (an overpayment). */
  paymentId?: string | null;
  lines?: unknown[];
  allocations: object[];
  refunds: object[];
}

export interface CreditDocumentFilter {
  status?: CreditNoteStatus | null;
  customerId?: string | null;
  vendorId?: string | null;
  from?: string | null;
  to?: string | null;
  search?: string | null;
}

/** The rows of an organization's credit documents of `type` a list's filter selects. */
export const creditDocumentWhere = (
  type: CreditDocumentType,
  organizationId: string,
  filter: CreditDocumentFilter,
  provider: SearchProvider,
) =>
  documentWhere(
    { partyKey: type.party.key, partyRelation: type.party.relation, dateColumn: 'issueDate' },
    organizationId,
    filter,
    provider,
  );

/** The credit still unused: total less what was applied and refunded (0 when void). */
export const remainingCreditOf = (c: { status: string; total: bigint; amountApplied: bigint; amountRefunded: bigint }) =>
  c.status === 'VOID' ? 0n : c.total - c.amountApplied - c.amountRefunded;

const eventOf = (type: { resource: string }, action: string) => `${type.resource}.${action}` as EventType;

const partyIdOf = (type: CreditDocumentType, row: CreditDocumentRow) => row[type.party.key]!;

/** Creates a credit document and posts it, the mirror of the document it credits. The party's balance falls by its total. */
export async function createCreditDocument<Row extends CreditDocumentRow>(
  scope: WriteScope,
  type: CreditDocumentType,
  input: CreditDocumentInput,
) {
  const check = new Checker();
  const issueDate = check.date('issueDate', input.issueDate) ?? today(scope.now);
  const memo = check.text('memo', input.memo, { max: 2000 }) ?? null;
  const reference = check.text('reference', input.reference, { max: 100 }) ?? null;
  const partyKey = type.party.key;
  const { partyId, inputLines } = checkPartyAndLineCount(check, type, input);
  const sideAccounts = SIDE_ACCOUNTS[type.side];
  // The party first: its currency is the credit's, and the lines' prices are in it.
  const party = await readParty<{ id: string; currency: string | null }>(scope, type, partyId);
  const currency = partyCurrency(scope, party);
  const givenRate = checkDocumentCurrency(check, scope, party ? currency : undefined, input);
  const { lines: checkedLines, system } = await checkSideLines(scope, check, type, inputLines, currency);
  if (partyId && !party) check.fail(partyKey, `no ${type.party.model} with id "${partyId}"`);
  check.done();
  const totals = invoiceTotals(checkedLines.map((l) => l.figures));
  if (totals.total <= 0n) throw validationError([{ path: 'lines', message: `the ${type.label.toLowerCase()} must total more than 0` }]);
  assertOpenPeriod(scope, issueDate, 'issueDate');

  const exchangeRate = await rateFor(scope, currency, issueDate, givenRate, 'exchangeRate');
  const id = newId(type.typename);
  const number = nextDocumentNumber(scope, type.number);
  const lines = lineRows(scope, type.lineIdType, type.parentKey, id, checkedLines, { currency, rate: exchangeRate });
  const homeTotal = homeTotalOf(lines);
  const roles = system as Record<string, string>;
  const posted = await writePosting(scope, {
    date: issueDate,
    description: `${type.label} ${number}`,
    reference: number,
    sourceType: type.sourceTypes.posting,
    sourceId: id,
    lines: documentPostingLines(
      type.side,
      { total: totals.total, homeTotal, lines },
      { counterAccountId: roles[sideAccounts.control]!, taxAccountId: roles[sideAccounts.tax]! },
      partyRef(type, party!.id),
      { givesBack: true },
    ),
  });
  const written = (await delegate(scope, type.model).create({
    data: {
      id,
      organizationId: scope.organizationId,
      number,
      [partyKey]: party!.id,
      issueDate,
      currency,
      memo,
      reference,
      ...totals,
      journalEntryId: posted.entry.id,
      exchangeRate,
      homeTotal,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  })) as Omit<Row, 'lines' | 'allocations' | 'refunds'>;
  await insertRows(scope.sql, type.lineTable, lineColumns(type.parentKey), lines);
  await movePartyBalance(scope, type.party.table, party!.id, -totals.total);
  await writeAll(
    scope.sql,
    newDocumentAgingStatements(scope, creditAgingSource(type), {
      ...written,
      partyId: party!.id,
      dueDate: issueDate,
      status: 'OPEN',
      settledOn: null,
      total: totals.total,
    }),
  );
  const row = { ...written, lines, allocations: [], refunds: [] } as unknown as Row;
  return change(type.resource, row, [{ type: eventOf(type, 'created'), resource: { type: type.resource, id, row } }, posted.event]);
}

/** Reads one credit document of `type` of the organization with its lines, allocations and refunds (null: none). */
const findCreditDocument = async <Row extends CreditDocumentRow>(tenant: Tenant, type: CreditDocumentType, id: string) =>
  (await delegate(tenant, type.model).findFirst({
    where: { id, organizationId: tenant.organizationId },
    include: type.include,
  })) as Row | null;

/** Reads one credit document of `type` of the organization with its lines, allocations and refunds, or answers 404. */
export async function loadCreditDocument<Row extends CreditDocumentRow>(tenant: Tenant, type: CreditDocumentType, id: string) {
  const row = await findCreditDocument<Row>(tenant, type, id);
  if (!row) throw notFound(type.label.toLowerCase(), id);
  return row;
}

/** What is left of a foreign credit's home total: less what its standing applications and refunds cleared. */
function creditHomeRemaining(credit: CreditDocumentRow) {
  const uses = [
    ...(credit.allocations as { homeApplied?: bigint | null; voidDate: string | null }[]).map((a) =>
      a.voidDate ? 0n : (a.homeApplied ?? 0n),
    ),
    ...(credit.refunds as { homeSettled?: bigint | null; voidDate: string | null }[]).map((r) => (r.voidDate ? 0n : (r.homeSettled ?? 0n))),
  ];
  return (credit.homeTotal ?? credit.total) - uses.reduce((t, u) => t + u, 0n);
}

/**
 * The home amounts a use of foreign credit clears: from the credit at its rate, and (an application) from
 * the document credited at that document's rate; the use that settles either clears all that is left of it.
 */
function homeOfUse(scope: WriteScope, credit: CreditDocumentRow, amount: bigint, creditLeftAfter: bigint, homeLeft: bigint) {
  return creditLeftAfter === 0n ? homeLeft : toHome(scope, amount, credit.currency, credit.exchangeRate);
}

/**
 * Credit in a foreign currency applied to a document booked at another rate: clears each from receivables
 * (payables) at its own rate and posts the difference as an exchange gain or loss; null when they agree.
 */
async function postApplicationDifference(
  scope: WriteScope,
  type: CreditDocumentType,
  p: {
    id: string;
    amount: bigint;
    currency: string;
    homeApplied: bigint;
    homeSettled: bigint;
    date: string;
    partyId: string;
    number: string;
    /** Receivables or payables: the credit's side's control account. */
    controlAccountId: string;
  },
) {
  if (p.homeApplied === p.homeSettled) return null;
  const accountId = p.controlAccountId;
  const foreign = { currency: p.currency, foreignAmount: p.amount };
  const posted = await writePosting(scope, {
    date: p.date,
    description: `Exchange difference on ${type.label.toLowerCase()} ${p.number} applied`,
    reference: p.number,
    sourceType: 'exchange_difference',
    sourceId: p.id,
    lines: paymentLines(
      type.side,
      { accountId, amount: p.homeApplied, ...foreign },
      { accountId, amount: p.homeSettled, ...foreign },
      await exchangeDifferenceLine(scope, type.side, { homeAmount: p.homeApplied, homeSettled: p.homeSettled }),
      partyRef(type, p.partyId),
    ),
  });
  return posted;
}

function assertOpen(type: CreditDocumentType, document: CreditDocumentRow, action: string) {
  if (document.status !== 'OPEN')
    throw new AppError(
      'INVALID_STATE',
      `${type.label} ${document.number} is ${document.status === 'VOID' ? 'void' : 'used up (closed)'} and cannot be ${action}`,
    );
}

/** The document's status and settled date once `used` more of it is used on `date`. */
async function afterUse(
  scope: WriteScope,
  type: CreditDocumentType,
  document: CreditDocumentRow,
  used: bigint,
  date: string,
): Promise<{ status: CreditNoteStatus; settledOn: string | null }> {
  if (remainingCreditOf(document) - used > 0n) return { status: 'OPEN', settledOn: null };
  // Used up: from the latest of its applications' and refunds' dates (they may be recorded out of order),
  // and of the undoing of those undone (until then the credit was used twice over; see latestSettlement).
  const where = { [type.parentKey]: document.id };
  const _max = { date: true, voidDate: true } as const;
  type Latest = { _max: { date: string | null; voidDate: string | null } };
  const [allocations, refunds] = (await Promise.all([
    delegate(scope, type.allocation.model).aggregate({ where, _max }),
    delegate(scope, type.refund.model).aggregate({ where, _max }),
  ])) as Latest[];
  const latest = latestOf([date, allocations._max.date, allocations._max.voidDate, refunds._max.date, refunds._max.voidDate])!;
  return { status: 'CLOSED', settledOn: latest };
}

export interface ApplyCreditInput {
  date?: string | null;
  allocations?: Record<string, string | number | null | undefined>[] | null;
}

/** The owed documents an application names, with their lines, keyed by id. */
async function creditedDocuments(scope: WriteScope, owed: OwedDocumentType, ids: string[]) {
  const rows = (await delegate(scope, owed.model).findMany({
    where: { organizationId: scope.organizationId, id: { in: ids } },
    include: { lines: { orderBy: owed.linesInOrder } },
  })) as (OwedDocumentRow & { amountCredited: bigint; status: InvoiceStatus })[];
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Applies credit to open documents of the credit's party, each at most its amount due, in all at most
 * the credit remaining. No posting; each document's amount due falls (paid in full when none is left).
 */
export async function applyCreditDocument<Row extends CreditDocumentRow>(
  scope: WriteScope,
  type: CreditDocumentType,
  id: string,
  input: ApplyCreditInput,
) {
  const owed = owedDocumentType(type.appliesTo);
  const owedName = owed.label.toLowerCase();
  const { appliedKey } = type;
  // The credit first: the amounts are in its currency.
  const found = await findCreditDocument<Row>(scope, type, id);
  const decimals = currencyDecimals(found?.currency ?? homeCurrency(scope));
  const check = new Checker();
  const date = check.date('date', input.date) ?? today(scope.now);
  const wanted = input.allocations ?? [];
  if (wanted.length === 0) check.fail('allocations', `name at least one ${owedName} and amount`);
  if (wanted.length > 50) check.fail('allocations', `at most 50 ${owedName}s at once`);
  const amounts = wanted.map((a, i) => {
    if (!a[appliedKey]) check.fail(`allocations.${i}.${appliedKey}`, 'is required');
    const amount = check.money(`allocations.${i}.amount`, a.amount, decimals, { required: true });
    if (amount === 0n) check.fail(`allocations.${i}.amount`, 'must be above 0');
    return amount ?? 0n;
  });
  const ids = wanted.map((a) => a[appliedKey]).filter((v): v is string => typeof v === 'string' && v !== '');
  if (new Set(ids).size !== ids.length) check.fail('allocations', `name each ${owedName} once`);
  check.done();
  if (!found) throw notFound(type.label.toLowerCase(), id);
  const credit = found;
  assertOpen(type, credit, 'applied');
  const partyId = partyIdOf(type, credit);
  const documents = await creditedDocuments(scope, owed, ids);
  for (const [i, a] of wanted.entries()) {
    const document = documents.get(String(a[appliedKey]));
    const at = `allocations.${i}`;
    const party = type.party.model;
    if (!document) check.fail(`${at}.${appliedKey}`, `no ${owedName} with id "${a[appliedKey]}"`);
    else if (document[type.party.key] !== partyId)
      check.fail(
        `${at}.${appliedKey}`,
        `${owedName} ${document.number} is another ${party}'s; credit applies to its own ${party}'s ${owedName}s`,
      );
    else if (!OPEN_STATUSES.includes(document.status))
      check.fail(
        `${at}.${appliedKey}`,
        `${owedName} ${document.number} is ${statusWords(document.status)}; credit applies to open ${owedName}s`,
      );
    else {
      const due = amountDueOf(document);
      if (amounts[i] > due)
        check.fail(
          `${at}.amount`,
          `${formatMoney(amounts[i], decimals)} is more than ${owedName} ${document.number}'s amount due ${formatMoney(due, decimals)}`,
        );
      if (date < document.issueDate) check.fail('date', `must not be before ${owedName} ${document.number}'s date ${document.issueDate}`);
    }
  }
  const applying = amounts.reduce((t, a) => t + a, 0n);
  const remaining = remainingCreditOf(credit);
  if (applying > remaining)
    check.fail('allocations', `${formatMoney(applying, decimals)} is more than the credit remaining ${formatMoney(remaining, decimals)}`);
  if (date < credit.issueDate) check.fail('date', `must not be before the ${type.label.toLowerCase()} date ${credit.issueDate}`);
  check.done();
  assertOpenPeriod(scope, date);

  const events: EventDraft[] = [];
  const foreign = credit.currency !== homeCurrency(scope);
  let [creditLeft, homeLeft] = [remainingCreditOf(credit), foreign ? creditHomeRemaining(credit) : 0n];
  const control = SIDE_ACCOUNTS[type.side].control;
  const controlAccountId = foreign ? (await systemAccounts(scope, [control]))[control] : '';
  const allocations: Record<string, unknown>[] = [];
  for (const [i, a] of wanted.entries()) {
    const allocation = {
      id: newId(type.allocation.idType),
      organizationId: scope.organizationId,
      [type.parentKey]: credit.id,
      [appliedKey]: String(a[appliedKey]),
      amount: amounts[i],
      date,
      createdAt: scope.now,
    };
    if (foreign) {
      const document = documents.get(String(a[appliedKey]))!;
      const homeSettled =
        amounts[i] === amountDueOf(document)
          ? document.homeTotal! - (await homeSettledSoFar(scope, owed, document.id))
          : toHome(scope, amounts[i], credit.currency, document.exchangeRate);
      creditLeft -= amounts[i];
      const homeApplied = homeOfUse(scope, credit, amounts[i], creditLeft, homeLeft);
      homeLeft -= homeApplied;
      const partyId = partyIdOf(type, credit);
      const posted = await postApplicationDifference(scope, type, {
        ...allocation,
        currency: credit.currency,
        homeApplied,
        homeSettled,
        partyId,
        number: credit.number,
        controlAccountId,
      });
      if (posted) events.push(posted.event);
      Object.assign(allocation, { currency: credit.currency, homeSettled, homeApplied, journalEntryId: posted?.entry.id ?? null });
    }
    allocations.push(allocation);
  }
  await delegate(scope, type.allocation.model).createMany({ data: allocations });
  for (const allocation of allocations as { amount: bigint }[]) {
    const document = documents.get((allocation as Record<string, unknown>)[appliedKey] as string)!;
    const amountCredited = document.amountCredited + allocation.amount;
    const paid = amountDueOf({ ...document, amountCredited }) === 0n;
    const status: InvoiceStatus = paid ? 'PAID' : 'PARTIALLY_PAID';
    const settledOn = paid ? latestOf([date, await latestSettlement(scope, owed, document.id)]) : null;
    const written = (await delegate(scope, owed.model).update({
      where: { id: document.id },
      data: { amountCredited, status, settledOn, updatedAt: scope.now },
    })) as object;
    const row: OwedDocumentRow = { ...(written as OwedDocumentRow), lines: document.lines };
    const ref = { type: owed.resource, id: document.id, row };
    events.push({ type: eventOf(owed, 'credit_applied'), resource: ref });
    if (paid) events.push({ type: eventOf(owed, 'paid'), resource: ref });
  }
  const used = await afterUse(scope, type, credit, applying, date);
  const written = (await delegate(scope, type.model).update({
    where: { id: credit.id },
    data: { amountApplied: credit.amountApplied + applying, ...used, updatedAt: scope.now },
  })) as object;
  await keepAging(scope, creditAgingSource(type), [credit.id]);
  await keepAging(scope, owedAgingSource(owed), [...documents.keys()]);
  const applied = allocations.map((a) => ({
    id: a.id,
    [appliedKey]: a[appliedKey],
    amount: a.amount,
    date: a.date,
    voidDate: null,
    currency: a.currency ?? null,
    homeApplied: a.homeApplied ?? null,
    homeSettled: a.homeSettled ?? null,
    journalEntryId: a.journalEntryId ?? null,
  }));
  const row = { ...written, lines: credit.lines, refunds: credit.refunds, allocations: [...credit.allocations, ...applied] } as Row;
  return change(type.resource, row, [{ type: eventOf(type, 'applied'), resource: { type: type.resource, id: credit.id, row } }, ...events]);
}

export interface RefundCreditInput extends PaymentInput {
  paymentAccountId?: string | null;
  exchangeRate?: string | number | null;
}

/**
 * Refunds (part of) the remaining credit: a customer's paid back to it (Dr receivables, Cr the bank or
 * cash account), a vendor's paid back to us (Dr the bank or cash account, Cr payables).
 */
export async function refundCreditDocument<Row extends CreditDocumentRow>(
  scope: WriteScope,
  type: CreditDocumentType,
  id: string,
  input: RefundCreditInput,
) {
  // The credit first: the amount is in its currency.
  const found = await findCreditDocument<Row>(scope, type, id);
  const currency = found?.currency ?? homeCurrency(scope);
  const foreign = currency !== homeCurrency(scope);
  const decimals = currencyDecimals(currency);
  const check = new Checker();
  const { amount, date, method, reference } = checkPaymentFields(scope, input, check, decimals);
  const givenRate = found ? checkDocumentCurrency(check, scope, currency, { exchangeRate: input.exchangeRate }) : undefined;
  const cashRef = { path: 'paymentAccountId', id: input.paymentAccountId, ...CASH_ACCOUNT, ...(foreign ? { currency } : {}) };
  await checkAccountRefs(scope, check, [cashRef]);
  check.done();
  if (!found) throw notFound(type.label.toLowerCase(), id);
  const credit = found;
  assertOpen(type, credit, 'refunded');
  const remaining = remainingCreditOf(credit);
  if (amount > remaining)
    throw validationError([
      { path: 'amount', message: `${formatMoney(amount, decimals)} is more than the credit remaining ${formatMoney(remaining, decimals)}` },
    ]);
  if (date < credit.issueDate)
    throw validationError([{ path: 'date', message: `must not be before the ${type.label.toLowerCase()} date ${credit.issueDate}` }]);
  assertOpenPeriod(scope, date);
  const control = SIDE_ACCOUNTS[type.side].control;
  const system = await systemAccounts(scope, ['bank', control]);
  const paymentAccountId = input.paymentAccountId ?? system.bank;
  const partyId = partyIdOf(type, credit);
  const party = partyRef(type, partyId);
  const refundId = newId(type.refund.idType);
  // Money the other way from a payment: a customer's credit refunded goes out as a bill payment does.
  const moneySide = type.side === 'sale' ? 'purchase' : 'sale';
  const exchange = foreign ? await exchangeOfRefund(scope, credit, amount, date, givenRate) : null;
  const inCurrency = foreign ? { currency, foreignAmount: amount } : {};
  const cashForeign = foreign && (await cashAccountCurrency(scope, paymentAccountId)) === currency ? inCurrency : {};
  const posted = await writePosting(scope, {
    date,
    description: `Refund of ${type.label.toLowerCase()} ${credit.number}`,
    reference: reference ?? credit.number,
    sourceType: type.sourceTypes.refund,
    sourceId: refundId,
    lines: paymentLines(
      moneySide,
      { accountId: paymentAccountId, amount: exchange?.homeAmount ?? amount, ...cashForeign },
      { accountId: system[control], amount: exchange?.homeSettled ?? amount, ...inCurrency },
      exchange && (await exchangeDifferenceLine(scope, moneySide, exchange)),
      party,
    ),
  });
  const refund = await delegate(scope, type.refund.model).create({
    data: {
      id: refundId,
      organizationId: scope.organizationId,
      [type.parentKey]: credit.id,
      amount,
      date,
      paymentAccountId,
      method,
      reference,
      journalEntryId: posted.entry.id,
      createdAt: scope.now,
      ...(exchange ? { currency, exchangeRate: exchange.rate, homeAmount: exchange.homeAmount, homeSettled: exchange.homeSettled } : {}),
    },
  });
  const used = await afterUse(scope, type, credit, amount, date);
  const written = (await delegate(scope, type.model).update({
    where: { id: credit.id },
    data: { amountRefunded: credit.amountRefunded + amount, ...used, updatedAt: scope.now },
  })) as object;
  await keepAging(scope, creditAgingSource(type), [credit.id]);
  await movePartyBalance(scope, type.party.table, partyId, amount);
  const row = { ...written, lines: credit.lines, allocations: credit.allocations, refunds: [...credit.refunds, refund] } as Row;
  return change(type.resource, row, [
    { type: eventOf(type, 'refunded'), resource: { type: type.resource, id: credit.id, row } },
    posted.event,
  ]);
}

/**
 * A refund of foreign credit in home currency: the amount at the refund's rate (its own, else the table's
 * on its date), and what it clears from the credit at the credit's rate (all that is left, when it uses it up).
 */
async function exchangeOfRefund(scope: WriteScope, credit: CreditDocumentRow, amount: bigint, date: string, givenRate: string | undefined) {
  const rate = (await rateFor(scope, credit.currency, date, givenRate, 'exchangeRate'))!;
  const homeSettled = homeOfUse(scope, credit, amount, remainingCreditOf(credit) - amount, creditHomeRemaining(credit));
  return { rate, homeAmount: toHome(scope, amount, credit.currency, rate), homeSettled };
}

/** Voids a credit document none of whose credit is used: posts the reversal. */
export async function voidCreditDocument<Row extends CreditDocumentRow>(
  scope: WriteScope,
  type: CreditDocumentType,
  id: string,
  input: { date?: string | null; reason?: string | null } = {},
) {
  const credit = await loadCreditDocument<Row>(scope, type, id);
  if (credit.paymentId)
    throw new AppError(
      'INVALID_STATE',
      `${type.label} ${credit.number} is the excess of a payment (${credit.paymentId}); void that payment to undo both`,
    );
  const used = credit.amountApplied + credit.amountRefunded;
  if (credit.status === 'OPEN' && used > 0n) {
    throw new AppError(
      'INVALID_STATE',
      `${type.label} ${credit.number} has ${formatMoney(used, currencyDecimals(credit.currency))} of its credit applied or refunded; ` +
        'it cannot be voided',
    );
  }
  if (credit.status === 'CLOSED')
    throw new AppError('INVALID_STATE', `${type.label} ${credit.number} is used up (closed); it cannot be voided`);
  const voided = await voidPosting(
    scope,
    type.label,
    { ...credit, amountPaid: 0n, status: credit.status === 'VOID' ? 'VOID' : 'OPEN' },
    type.sourceTypes.void,
    input,
  );
  const written = (await delegate(scope, type.model).update({
    where: { id },
    data: {
      status: 'VOID',
      voidJournalEntryId: voided.voidJournalEntryId,
      voidedAt: scope.now,
      settledOn: voided.settledOn,
      updatedAt: scope.now,
    },
  })) as object;
  await movePartyBalance(scope, type.party.table, partyIdOf(type, credit), credit.total);
  await keepAging(scope, creditAgingSource(type), [id]);
  const row = { ...written, lines: credit.lines, allocations: credit.allocations, refunds: credit.refunds } as Row;
  return change(type.resource, row, [{ type: eventOf(type, 'voided'), resource: { type: type.resource, id, row } }, ...voided.events]);
}

/** When and why a use of credit is undone, and which one. */
export interface UndoCreditInput {
  date?: string | null;
  reason?: string | null;
}

/** An undo's date and reason, checked (default today, or the use's date if later; never before it, never in a locked period). */
function checkUndo(scope: WriteScope, input: UndoCreditInput, usedOn: string) {
  const check = new Checker();
  const requested = check.date('date', input.date);
  const reason = check.text('reason', input.reason, { max: 500 });
  check.done();
  return { date: reversalDate(scope, requested, usedOn, 'the date it was used,'), reason };
}

/** The use of credit `useId` names among the credit's (its allocations or refunds), or a refusal. */
function standingUse<Use extends { id: string; amount: bigint; date: string; voidDate: string | null }>(
  type: CreditDocumentType,
  credit: CreditDocumentRow,
  uses: Use[],
  useId: string | null | undefined,
  path: string,
  what: string,
) {
  if (!useId) throw validationError([{ path, message: 'is required' }]);
  const use = uses.find((u) => u.id === useId);
  if (!use) throw validationError([{ path, message: `${type.label.toLowerCase()} ${credit.number} has no ${what} "${useId}"` }]);
  if (use.voidDate)
    throw new AppError(
      'INVALID_STATE',
      `That ${what} of ${type.label.toLowerCase()} ${credit.number} was already undone on ${use.voidDate}`,
    );
  return use;
}

/**
 * Undoes an application of credit (QuickBooks and Xero let a bookkeeper remove an allocation): the
 * document credited owes the amount again (a paid one becomes partly paid or open), the credit has it
 * free again. Nothing is posted (both sides sit in receivables or payables), so nothing is reversed;
 * from the undo's date on, aging counts the amount as owed again.
 */
export async function undoCreditApplication<Row extends CreditDocumentRow>(
  scope: WriteScope,
  type: CreditDocumentType,
  id: string,
  input: UndoCreditInput & { allocationId?: string | null },
) {
  const credit = await loadCreditDocument<Row>(scope, type, id);
  const allocations = credit.allocations as { id: string; amount: bigint; date: string; voidDate: string | null }[];
  const allocation = standingUse(type, credit, allocations, input.allocationId, 'allocationId', 'application');
  const { date } = checkUndo(scope, input, allocation.date);
  const owed = owedDocumentType(type.appliesTo);
  const documentId = (allocation as unknown as Record<string, string>)[type.appliedKey]!;
  const document = (await creditedDocuments(scope, owed, [documentId])).get(documentId)!;
  // An exchange difference posted when it was applied is reversed on the undo's date.
  const entryId = (allocation as { journalEntryId?: string | null }).journalEntryId;
  const reversed = entryId
    ? await postReversal(scope, entryId, {
        date,
        named: `the exchange difference on ${type.label.toLowerCase()} ${credit.number} applied`,
        reference: credit.number,
        sourceType: 'exchange_difference_void',
        sourceId: allocation.id,
      })
    : null;
  await delegate(scope, type.allocation.model).update({
    where: { id: allocation.id },
    data: { voidedAt: scope.now, voidDate: date, ...(reversed ? { voidJournalEntryId: reversed.entry.id } : {}) },
  });
  const amountCredited = document.amountCredited - allocation.amount;
  const writtenDocument = (await delegate(scope, owed.model).update({
    where: { id: document.id },
    data: {
      amountCredited,
      status: document.amountPaid + settledApartFromPayments({ ...document, amountCredited }) === 0n ? 'OPEN' : 'PARTIALLY_PAID',
      settledOn: null,
      updatedAt: scope.now,
    },
  })) as OwedDocumentRow;
  const documentRow: OwedDocumentRow = { ...writtenDocument, lines: document.lines };
  const written = (await delegate(scope, type.model).update({
    where: { id: credit.id },
    data: { amountApplied: credit.amountApplied - allocation.amount, status: 'OPEN', settledOn: null, updatedAt: scope.now },
  })) as object;
  await keepAging(scope, creditAgingSource(type), [credit.id]);
  await keepAging(scope, owedAgingSource(owed), [document.id]);
  const row = {
    ...written,
    lines: credit.lines,
    refunds: credit.refunds,
    allocations: allocations.map((a) => (a.id === allocation.id ? { ...a, voidDate: date } : a)),
  } as Row;
  return change(type.resource, row, [
    { type: eventOf(type, 'application_undone'), resource: { type: type.resource, id: credit.id, row } },
    { type: eventOf(owed, 'credit_unapplied'), resource: { type: owed.resource, id: document.id, row: documentRow } },
    ...(reversed ? [reversed.event] : []),
  ]);
}

/** Voids a refund of credit: posts the reversal of its posting; the credit has the amount free again and the party's balance moves back. */
export async function voidCreditRefund<Row extends CreditDocumentRow>(
  scope: WriteScope,
  type: CreditDocumentType,
  id: string,
  input: UndoCreditInput & { refundId?: string | null },
) {
  const credit = await loadCreditDocument<Row>(scope, type, id);
  const refunds = credit.refunds as { id: string; amount: bigint; date: string; journalEntryId: string; voidDate: string | null }[];
  const refund = standingUse(type, credit, refunds, input.refundId, 'refundId', 'refund');
  const { date, reason } = checkUndo(scope, input, refund.date);
  const posted = await postReversal(scope, refund.journalEntryId, {
    date,
    named: `refund of ${type.label.toLowerCase()} ${credit.number}`,
    reason,
    reference: credit.number,
    sourceType: type.sourceTypes.refundVoid,
    sourceId: refund.id,
  });
  await delegate(scope, type.refund.model).update({
    where: { id: refund.id },
    data: { voidJournalEntryId: posted.entry.id, voidedAt: scope.now, voidDate: date },
  });
  const written = (await delegate(scope, type.model).update({
    where: { id: credit.id },
    data: { amountRefunded: credit.amountRefunded - refund.amount, status: 'OPEN', settledOn: null, updatedAt: scope.now },
  })) as object;
  await movePartyBalance(scope, type.party.table, partyIdOf(type, credit), -refund.amount);
  await keepAging(scope, creditAgingSource(type), [credit.id]);
  const row = {
    ...written,
    lines: credit.lines,
    allocations: credit.allocations,
    refunds: refunds.map((r) => (r.id === refund.id ? { ...r, voidDate: date } : r)),
  } as Row;
  return change(type.resource, row, [
    { type: eventOf(type, 'refund_voided'), resource: { type: type.resource, id: credit.id, row } },
    posted.event,
  ]);
}
