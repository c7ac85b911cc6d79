// A journal entry as the public sees it: the REST v1 body, and `data.object` of journal_entry.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { decimalsOf } from '../../core/tenant.ts';
import { currencyDecimals, moneyNumber } from '../../lib/money.ts';
import { declaredList } from '../../declarations.ts';

/** Where an entry came from: typed by hand, or posted by a document, its void, a payment, a reversal (each module declares its own). */
export const SOURCE_TYPES = declaredList('sourceTypes');
export type SourceType = (typeof SOURCE_TYPES)[number];

export const JOURNAL_ENTRY = 'journal_entry';

type Line = Pick<
  PrismaTypes.JournalLineGetPayload<object>,
  'id' | 'lineNo' | 'accountId' | 'debit' | 'credit' | 'description' | 'customerId' | 'vendorId'
> &
  Partial<Pick<PrismaTypes.JournalLineGetPayload<object>, 'currency' | 'foreignAmount'>>;
export type JournalEntryRow = PrismaTypes.JournalEntryGetPayload<object> & { lines: Line[]; reversedBy: { id: string } | null };

const ENTRY_SCHEMA = S.object(
  {
    id: S.id('je'),
    number: S.integer,
    date: S.date,
    description: S.string,
    reference: S.nullable(S.string),
    status: { type: 'string', enum: ['posted', 'reversed'] },
    sourceType: { type: 'string', enum: [...SOURCE_TYPES] },
    sourceId: S.nullable(S.string),
    totalAmount: S.number,
    currency: S.string,
    reversalOfId: S.nullable(S.id('je')),
    reversedById: S.nullable(S.id('je')),
    lines: S.array(
      S.objectWithOptional(
        {
          id: S.id('jl'),
          lineNo: S.integer,
          accountId: S.id('acct'),
          debit: S.number,
          credit: S.number,
          description: S.nullable(S.string),
          customerId: S.nullable(S.id('cus')),
          vendorId: S.nullable(S.id('ven')),
        },
        {
          currency: { ...S.string, description: 'Only on a line converted from a foreign currency: that currency.' },
          foreignAmount: {
            ...S.number,
            description: 'Only on a line converted from a foreign currency: the amount in it, on the same side as debit or credit.',
          },
        },
      ),
    ),
    createdAt: S.dateTime,
  },
  'A posted journal entry; total debit equals total credit.',
);

const JOURNAL_ENTRY_QUERY = {
  include: { lines: { orderBy: { lineNo: 'asc' } }, reversedBy: { select: { id: true } } },
} satisfies PrismaTypes.JournalEntryFindManyArgs;

export const journalEntryRepresentation: Representation<JournalEntryRow, Infer<typeof ENTRY_SCHEMA>> = {
  type: JOURNAL_ENTRY,
  schema: ENTRY_SCHEMA,
  load: (db, organizationId, ids) =>
    db.journalEntry.findMany({ where: { organizationId, id: { in: ids } }, ...JOURNAL_ENTRY_QUERY, orderBy: { id: 'asc' } }),
  query: JOURNAL_ENTRY_QUERY,
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
      lines: e.lines.map((l) => {
        const line = {
          id: l.id,
          lineNo: l.lineNo,
          accountId: l.accountId,
          debit: moneyNumber(l.debit, decimals),
          credit: moneyNumber(l.credit, decimals),
          description: l.description,
          customerId: l.customerId,
          vendorId: l.vendorId,
        };
        return l.currency && l.foreignAmount != null
          ? Object.assign(line, { currency: l.currency, foreignAmount: moneyNumber(l.foreignAmount, currencyDecimals(l.currency)) })
          : line;
      }),
      createdAt: e.createdAt.toISOString(),
    };
  },
};
