// Credit documents: what a party is owed back. A credit note (a customer's credit, for a return or an
// overcharge) and a vendor credit (the supplier's credit note) have one life: posted when created as
// the mirror of the owed document they credit (an invoice, a bill), their credit then applied to open
// documents of the same party (no posting: both sit in receivables or payables; the document's amount
// due falls) or refunded (money out to the customer, or in from the vendor), voided while none of it
// is used (created, read and voided here; applied and undone in credit-applications.ts, refunded in
// credit-refunds.ts). Status OPEN while credit remains, CLOSED once used up, VOID. One description each
// (CreditDocumentType); they raise `<resource>.created`, `.applied`, `.refunded` and `.voided`, and
// `<owed>.credit_applied` (with `<owed>.paid` when nothing is left due) on each document credited.
import { insertRows } from '../../db/insert.ts';
import type { CreditNoteStatus } from '../../db/generated/sqlite/enums.ts';
import type { EventType } from '../../events/catalogue.ts';
import { change } from '../../core/representations.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { today } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import type { SearchProvider } from '../../lib/search.ts';
import { Checker } from '../../lib/validate.ts';
import { assertOpenPeriod, writePosting } from '../journal/journal.service.ts';
import { invoiceTotals } from './arithmetic.ts';
import { type LineInput, lineColumns, lineRows, SIDE_ACCOUNTS } from './lines.ts';
import { documentWhere } from './lists.ts';
import { writeAll } from '../../db/sql.ts';
import { type CurrencyInput, checkDocumentCurrency, homeTotalOf, partyCurrency, rateFor, toHome } from './currency.ts';
import { documentPostingLines, voidPosting } from './posting.ts';
import { creditAgingSource, keepAging, newDocumentAgingStatements } from './aging.ts';
import {
  checkPartyAndLineCount,
  checkSideLines,
  delegate,
  latestOf,
  movePartyBalance,
  nextDocumentNumber,
  partyRef,
  readParty,
} from './common.ts';
import type { CreditDocumentRow, CreditDocumentType } from './kinds.ts';
import { exchangeDifferenceLine, paymentLines } from './owed-payments.ts';

export interface CreditDocumentInput extends CurrencyInput {
  customerId?: string | null;
  vendorId?: string | null;
  issueDate?: string | null;
  memo?: string | null;
  reference?: string | null;
  lines?: Omit<LineInput, 'taxRate'>[] | null;
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

export const creditEventOf = (type: { resource: string }, action: string) => `${type.resource}.${action}` as EventType;

export const creditPartyIdOf = (type: CreditDocumentType, row: CreditDocumentRow) => row[type.party.key]!;

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
  return change(type.resource, row, [{ type: creditEventOf(type, 'created'), resource: { type: type.resource, id, row } }, posted.event]);
}

/** Reads one credit document of `type` of the organization with its lines, allocations and refunds (null: none). */
export const findCreditDocument = async <Row extends CreditDocumentRow>(tenant: Tenant, type: CreditDocumentType, id: string) =>
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
export function creditHomeRemaining(credit: CreditDocumentRow) {
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
export function homeOfUse(scope: WriteScope, credit: CreditDocumentRow, amount: bigint, creditLeftAfter: bigint, homeLeft: bigint) {
  return creditLeftAfter === 0n ? homeLeft : toHome(scope, amount, credit.currency, credit.exchangeRate);
}

/**
 * Credit in a foreign currency applied to a document booked at another rate: clears each from receivables
 * (payables) at its own rate and posts the difference as an exchange gain or loss; null when they agree.
 */
export async function postApplicationDifference(
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

export function assertOpen(type: CreditDocumentType, document: CreditDocumentRow, action: string) {
  if (document.status !== 'OPEN')
    throw new AppError(
      'INVALID_STATE',
      `${type.label} ${document.number} is ${document.status === 'VOID' ? 'void' : 'used up (closed)'} and cannot be ${action}`,
    );
}

/** The document's status and settled date once `used` more of it is used on `date`. */
export async function afterUse(
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
  await movePartyBalance(scope, type.party.table, creditPartyIdOf(type, credit), credit.total);
  await keepAging(scope, creditAgingSource(type), [id]);
  const row = { ...written, lines: credit.lines, allocations: credit.allocations, refunds: credit.refunds } as Row;
  return change(type.resource, row, [
    { type: creditEventOf(type, 'voided'), resource: { type: type.resource, id, row } },
    ...voided.events,
  ]);
}
