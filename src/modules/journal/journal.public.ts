// A journal entry as the public sees it: the REST v1 body, and `data.object` of journal_entry.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { decimalsOf } from '../../core/tenant.ts';
import { moneyNumber } from '../../lib/money.ts';

export const JOURNAL_ENTRY = 'journal_entry';

type Line = Pick<PrismaTypes.JournalLineGetPayload<object>, 'id' | 'lineNo' | 'accountId' | 'debit' | 'credit' | 'description' | 'customerId' | 'vendorId'>;
export type JournalEntryRow = PrismaTypes.JournalEntryGetPayload<object> & { lines: Line[]; reversedBy: { id: string } | null };

export const journalEntryRepresentation: Representation<JournalEntryRow> = {
  type: JOURNAL_ENTRY,
  load: (db, organizationId, ids) =>
    db.journalEntry.findMany({ where: { organizationId, id: { in: ids } }, include: { lines: { orderBy: { lineNo: 'asc' } }, reversedBy: { select: { id: true } } }, orderBy: { id: 'asc' } }),
  render(e, organization) {
    const decimals = decimalsOf({ organization });
    return {
      id: e.id,
      number: e.number,
      date: e.date,
      description: e.description,
      reference: e.reference,
      status: e.reversedBy ? 'reversed' : 'posted',
      sourceType: e.sourceType,
      sourceId: e.sourceId,
      totalAmount: moneyNumber(e.totalAmount, decimals),
      currency: e.currency,
      reversalOfId: e.reversalOfId,
      reversedById: e.reversedBy?.id ?? null,
      lines: e.lines.map((l) => ({
        id: l.id,
        lineNo: l.lineNo,
        accountId: l.accountId,
        debit: moneyNumber(l.debit, decimals),
        credit: moneyNumber(l.credit, decimals),
        description: l.description,
        customerId: l.customerId,
        vendorId: l.vendorId,
      })),
      createdAt: e.createdAt.toISOString(),
    };
  },
};
