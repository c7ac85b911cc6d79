// Documents that offer or order and post nothing: an estimate (a sale offered to a customer) and a
// purchase order (goods ordered from a vendor). One description each (OfferDocumentType); what they share
// is written once here: lines checked by their side's rule in the party's currency, a number series,
// create, edit while the type allows, delete a draft, and moves between statuses with their events.
// Turning one into the document it leads to (an invoice, a bill) is its module's rule.
import { insertRows } from '../../db/insert.ts';
import { change } from '../../core/representations.ts';
import type { SequenceName, Tenant, WriteScope } from '../../core/tenant.ts';
import type { EventType } from '../../events/catalogue.ts';
import { today } from '../../lib/dates.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { type IdType, newId } from '../../lib/ids.ts';
import { currencyDecimals } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { invoiceTotals } from './arithmetic.ts';
import { partyCurrency } from './currency.ts';
import { type LineInput, lineColumns, lineRows, type Side } from './lines.ts';
import { statusWords } from './settlement.ts';
import { articled, checkPartyAndLineCount, checkSideLines, delegate, nextDocumentNumber, readParty } from './common.ts';
import { type PartyNames, delegateName, partyNames } from './kinds.ts';
import { type DraftLineRow, lineInputOf } from './owed-drafts.ts';

export interface OfferDocumentDescription {
  /** How messages name it: `Estimate EST-0001 is declined`. */
  label: string;
  /** Its representation's type and its events' prefix (`estimate` → `estimate.accepted`). */
  resource: string;
  side: Side;
  /** Its Prisma model and id type; its lines are `<typename>Line`, naming it by `<typename, lower first>Id`. */
  typename: IdType;
  number: { prefix: string; sequence: SequenceName };
  party: 'customer' | 'vendor';
  /** Its second date besides the issue date: when an estimate expires, when a purchase order is expected. */
  dateField: 'expiryDate' | 'deliveryDate';
  /** The statuses in which it may be edited. */
  editable: readonly string[];
}

export interface OfferDocumentType extends Omit<OfferDocumentDescription, 'party'> {
  party: PartyNames;
  model: string;
  lineModel: string;
  lineTable: string;
  parentKey: string;
  lineIdType: IdType;
}

export const defineOfferDocument = (d: OfferDocumentDescription): OfferDocumentType => {
  const model = delegateName(d.typename);
  return {
    ...d,
    party: partyNames(d.party),
    model,
    lineModel: `${model}Line`,
    lineTable: `${d.typename}Line`,
    parentKey: `${model}Id`,
    lineIdType: `${d.typename}Line` as IdType,
  };
};

export interface OfferDocumentInput {
  customerId?: string | null;
  vendorId?: string | null;
  issueDate?: string | null;
  expiryDate?: string | null;
  deliveryDate?: string | null;
  memo?: string | null;
  reference?: string | null;
  lines?: LineInput[] | null;
}

/** An offer document's row as the kernel reads it. */
export interface OfferDocumentRow {
  id: string;
  number: string;
  status: string;
  issueDate: string;
  currency: string;
  memo: string | null;
  reference: string | null;
  customerId?: string;
  vendorId?: string;
  expiryDate?: string | null;
  deliveryDate?: string | null;
  lines: DraftLineRow[];
}

const LINES_IN_ORDER = { orderBy: { lineNo: 'asc' } } as const;

/** Reads one of the organization's documents of `type` with its lines, or answers 404. */
export async function loadOfferDocument<Row extends OfferDocumentRow>(tenant: Tenant, type: OfferDocumentType, id: string) {
  const row = (await delegate(tenant, type.model).findFirst({
    where: { id, organizationId: tenant.organizationId },
    include: { lines: LINES_IN_ORDER },
  })) as Row | null;
  if (!row) throw notFound(type.label.toLowerCase(), id);
  return row;
}

/** Checks the input and computes every line in the party's currency; reads only. */
async function checkOffer(scope: WriteScope, type: OfferDocumentType, input: OfferDocumentInput, editing?: { partyId: string }) {
  const check = new Checker();
  const issueDate = check.date('issueDate', input.issueDate) ?? today(scope.now);
  const second = check.date(type.dateField, input[type.dateField]);
  const memo = check.text('memo', input.memo, { max: 2000 });
  const reference = check.text('reference', input.reference, { max: 100 });
  const { partyId, inputLines } = checkPartyAndLineCount(check, type, input);
  type Party = { id: string; active: boolean; currency: string | null };
  const party = await readParty<Party>(scope, type, partyId);
  if (partyId && !party) check.fail(type.party.key, `no ${type.party.model} with id "${partyId}"`);
  else if (party && !party.active && party.id !== editing?.partyId) check.fail(type.party.key, `is an inactive ${type.party.model}`);
  const currency = partyCurrency(scope, party);
  const { lines } = await checkSideLines(scope, check, type, inputLines, currency);
  if (second && second < issueDate) check.fail(type.dateField, `must not be before issueDate ${issueDate}`);
  check.done();
  const totals = invoiceTotals(lines.map((l) => l.figures));
  if (totals.total <= 0n) throw validationError([{ path: 'lines', message: `the ${type.label.toLowerCase()} must total more than 0` }]);
  return {
    partyId: party!.id,
    issueDate,
    second: second ?? null,
    memo: memo ?? null,
    reference: reference ?? null,
    lines,
    totals,
    currency,
  };
}

const eventOf = (type: OfferDocumentType, action: string) => `${type.resource}.${action}` as EventType;

/** Creates a document of `type` as a draft (it posts nothing, ever). */
export async function createOfferDocument<Row extends OfferDocumentRow>(
  scope: WriteScope,
  type: OfferDocumentType,
  input: OfferDocumentInput,
) {
  const checked = await checkOffer(scope, type, input);
  const id = newId(type.typename);
  const lines = lineRows(scope, type.lineIdType, type.parentKey, id, checked.lines, { draft: true, currency: checked.currency });
  const written = await delegate(scope, type.model).create({
    data: {
      id,
      organizationId: scope.organizationId,
      number: nextDocumentNumber(scope, type.number),
      [type.party.key]: checked.partyId,
      status: 'DRAFT',
      issueDate: checked.issueDate,
      [type.dateField]: checked.second,
      currency: checked.currency,
      memo: checked.memo,
      reference: checked.reference,
      ...checked.totals,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  });
  await insertRows(scope.sql, type.lineTable, lineColumns(type.parentKey), lines);
  const row = { ...(written as object), lines } as unknown as Row;
  return change(type.resource, row, [{ type: eventOf(type, 'created'), resource: { type: type.resource, id, row } }]);
}

const refusal = (type: OfferDocumentType, document: OfferDocumentRow, doing: string) =>
  new AppError('INVALID_STATE', `${type.label} ${document.number} is ${statusWords(document.status)}; ${doing}`);

/** Edits a document while its status allows: what is left out stays; `lines` replaces every line. */
export async function updateOfferDocument<Row extends OfferDocumentRow>(
  scope: WriteScope,
  type: OfferDocumentType,
  id: string,
  changes: OfferDocumentInput,
) {
  const document = await loadOfferDocument<Row>(scope, type, id);
  if (!type.editable.includes(document.status))
    throw refusal(type, document, `only ${articled(type.label)} that is ${type.editable.map(statusWords).join(' or ')} can be edited`);
  const partyId = document[type.party.key]!;
  const decimals = currencyDecimals(document.currency);
  const linesGiven = changes.lines !== undefined && changes.lines !== null;
  const checked = await checkOffer(
    scope,
    type,
    {
      [type.party.key]: changes[type.party.key] ?? partyId,
      issueDate: changes.issueDate ?? document.issueDate,
      [type.dateField]: changes[type.dateField] === undefined ? document[type.dateField] : changes[type.dateField],
      memo: changes.memo === undefined ? document.memo : changes.memo,
      reference: changes.reference === undefined ? document.reference : changes.reference,
      lines: linesGiven ? changes.lines : document.lines.map((l) => lineInputOf(l, decimals)),
    },
    { partyId },
  );
  await delegate(scope, type.lineModel).deleteMany({ where: { [type.parentKey]: id } });
  const lines = lineRows(scope, type.lineIdType, type.parentKey, id, checked.lines, { draft: true, currency: checked.currency });
  await insertRows(scope.sql, type.lineTable, lineColumns(type.parentKey), lines);
  const written = await delegate(scope, type.model).update({
    where: { id },
    data: {
      [type.party.key]: checked.partyId,
      issueDate: checked.issueDate,
      [type.dateField]: checked.second,
      currency: checked.currency,
      memo: checked.memo,
      reference: checked.reference,
      ...checked.totals,
      updatedAt: scope.now,
    },
  });
  const row = { ...(written as object), lines } as unknown as Row;
  return change(type.resource, row, [{ type: eventOf(type, 'updated'), resource: { type: type.resource, id, row }, before: document }]);
}

/** Deletes a draft and its lines; its number is not reused. */
export async function deleteOfferDocument<Row extends OfferDocumentRow>(scope: WriteScope, type: OfferDocumentType, id: string) {
  const document = await loadOfferDocument<Row>(scope, type, id);
  if (document.status !== 'DRAFT') throw refusal(type, document, 'only a draft can be deleted');
  await delegate(scope, type.lineModel).deleteMany({ where: { [type.parentKey]: id } });
  await delegate(scope, type.model).deleteMany({ where: { id, organizationId: scope.organizationId } });
  return change(type.resource, document, [{ type: eventOf(type, 'deleted'), resource: { type: type.resource, id, row: document } }]);
}

/**
 * Moves a document from one of the statuses `from` to `to`, with `data` written beside, and raises
 * `<resource>.<action>`; from any other status it is refused, saying what it is and what it needs.
 */
export async function moveOfferDocument<Row extends OfferDocumentRow>(
  scope: WriteScope,
  type: OfferDocumentType,
  id: string,
  move: { from: readonly string[]; to: string; action: string; doing: string; data?: object; check?: (row: Row) => void },
) {
  const document = await loadOfferDocument<Row>(scope, type, id);
  if (!move.from.includes(document.status))
    throw refusal(type, document, `only ${articled(type.label)} that is ${move.from.map(statusWords).join(' or ')} can be ${move.doing}`);
  move.check?.(document);
  const written = await delegate(scope, type.model).update({
    where: { id },
    data: { status: move.to, ...move.data, updatedAt: scope.now },
  });
  const row = { ...(written as object), lines: document.lines } as unknown as Row;
  return change(type.resource, row, [{ type: eventOf(type, move.action), resource: { type: type.resource, id, row } }]);
}
