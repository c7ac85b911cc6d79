// What a list of documents may be narrowed by, one rule for every document: its kind and status, its
// party, its date range, what is due before a date or overdue (owed documents), and a search over its
// number, reference and party's name.
import type { InvoiceStatus } from '../../db/generated/sqlite/enums.ts';
import { today } from '../../lib/dates.ts';
import { type SearchProvider, textMatch } from '../../lib/search.ts';
import { OPEN_STATUSES } from './settlement.ts';

/** Where a document type keeps what its lists filter on. */
export interface DocumentColumns {
  /** The party's column and relation (`customerId`, `customer`). */
  partyKey: 'customerId' | 'vendorId';
  partyRelation: string;
  /** The document's date (`issueDate`; a receipt's `date`). */
  dateColumn: string;
}

export interface DocumentFilter {
  kind?: string | null;
  status?: InvoiceStatus | string | null;
  customerId?: string | null;
  vendorId?: string | null;
  from?: string | null;
  to?: string | null;
  dueBefore?: string | null;
  overdue?: boolean | null;
  search?: string | null;
}

/** The rows of an organization's documents a list's filter selects (a Prisma where; every given condition holds). */
export function documentWhere(
  columns: DocumentColumns,
  organizationId: string,
  filter: DocumentFilter,
  provider: SearchProvider,
  asOf = today(),
): Record<string, unknown> {
  const and: Record<string, unknown>[] = [];
  const partyId = filter[columns.partyKey];
  if (filter.kind) and.push({ kind: filter.kind });
  if (filter.status) and.push({ status: filter.status });
  if (partyId) and.push({ [columns.partyKey]: partyId });
  if (filter.from) and.push({ [columns.dateColumn]: { gte: filter.from } });
  if (filter.to) and.push({ [columns.dateColumn]: { lte: filter.to } });
  if (filter.dueBefore) and.push({ dueDate: { lt: filter.dueBefore } });
  if (filter.overdue === true) and.push({ status: { in: OPEN_STATUSES }, dueDate: { lt: asOf } });
  if (filter.overdue === false) and.push({ NOT: { status: { in: OPEN_STATUSES }, dueDate: { lt: asOf } } });
  if (filter.search?.trim()) {
    const text = filter.search.trim();
    and.push({
      OR: [
        { number: textMatch(provider, 'contains', text) },
        { reference: textMatch(provider, 'contains', text) },
        { [columns.partyRelation]: { name: textMatch(provider, 'contains', text) } },
      ],
    });
  }
  return and.length ? { organizationId, AND: and } : { organizationId };
}
