// Drafts of owed documents: edited (head and lines, checked as a new document would be) and deleted.
// A posted document is never edited: it is voided or credited instead.
import { insertRows } from '../../db/insert.ts';
import { change } from '../../core/representations.ts';
import type { WriteScope } from '../../core/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import { currencyDecimals, formatMoney, formatPercent } from '../../lib/money.ts';
import { formatQuantity } from './arithmetic.ts';
import { type LineInput, lineColumns, lineRows } from './lines.ts';
import { statusWords } from './settlement.ts';
import { delegate } from './common.ts';
import type { LineRow, OwedDocumentRow, OwedDocumentType } from './kinds.ts';
import { type OwedDocumentInput, checkOwedDocument, eventOf, loadOwedDocument, partyIdOf, updateRow } from './owed.ts';

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
