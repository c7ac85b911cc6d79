// An estimate as the public sees it: the REST v1 body, and `data.object` of estimate.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { EstimateStatus } from '../../db/generated/sqlite/enums.ts';
import { today } from '../../lib/dates.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { currencyDecimals, moneyNumber } from '../../lib/money.ts';
import { type DocumentLineRow, documentLines, renderLines } from '../documents/index.ts';

export const ESTIMATE = 'estimate';

export type EstimateRow = PrismaTypes.EstimateGetPayload<object> & { lines: DocumentLineRow[] };

/** Whether an estimate's offer has lapsed: not yet accepted or declined, past its expiry date. */
export const isExpired = (e: { status: string; expiryDate: string | null }, day = today()) =>
  (e.status === 'DRAFT' || e.status === 'SENT') && e.expiryDate !== null && e.expiryDate < day;

const ESTIMATE_SCHEMA = S.object(
  {
    id: S.id('est'),
    number: { ...S.string, description: 'EST-0001, sequential in the organization.' },
    status: {
      ...S.enum(Object.values(EstimateStatus)),
      description: 'draft → sent → accepted (→ invoiced) or declined. Posts nothing in any status.',
    },
    customerId: S.id('cus'),
    issueDate: S.date,
    expiryDate: { ...S.nullable(S.date), description: 'The last day the offer stands.' },
    isExpired: { ...S.boolean, description: 'Past its expiry date without being accepted or declined: it can no longer be accepted.' },
    currency: S.string,
    memo: S.nullable(S.string),
    reference: S.nullable(S.string),
    subtotal: S.number,
    discountTotal: S.number,
    taxTotal: S.number,
    total: S.number,
    lines: documentLines('estl'),
    invoiceId: { ...S.nullable(S.id('inv')), description: 'The invoice it was converted into.' },
    acceptedAt: S.nullable(S.dateTime),
    declinedAt: S.nullable(S.dateTime),
    sentAt: { ...S.nullable(S.dateTime), description: 'When it was last sent to the customer.' },
    sentTo: { ...S.nullable(S.array(S.string)), description: 'Who the last email of it went to (null: never emailed).' },
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
  'An estimate (quote): a sale offered to a customer, posting nothing; accepted, it converts into a draft invoice.',
);

const ESTIMATE_QUERY = {
  include: { lines: { orderBy: [{ estimateId: 'asc' }, { lineNo: 'asc' }] } },
} satisfies PrismaTypes.EstimateFindManyArgs;

export const estimateRepresentation: Representation<EstimateRow, Infer<typeof ESTIMATE_SCHEMA>> = {
  type: ESTIMATE,
  schema: ESTIMATE_SCHEMA,
  load: (db, organizationId, ids) =>
    db.estimate.findMany({ where: { organizationId, id: { in: ids } }, ...ESTIMATE_QUERY, orderBy: { id: 'asc' } }),
  query: ESTIMATE_QUERY,
  render(e) {
    const decimals = currencyDecimals(e.currency);
    const money = (minor: bigint) => moneyNumber(minor, decimals);
    return {
      id: e.id,
      number: e.number,
      status: e.status.toLowerCase(),
      customerId: e.customerId,
      issueDate: e.issueDate,
      expiryDate: e.expiryDate,
      isExpired: isExpired(e),
      currency: e.currency,
      memo: e.memo,
      reference: e.reference,
      subtotal: money(e.subtotal),
      discountTotal: money(e.discountTotal),
      taxTotal: money(e.taxTotal),
      total: money(e.total),
      lines: renderLines(e.lines, money),
      invoiceId: e.invoiceId,
      acceptedAt: e.acceptedAt?.toISOString() ?? null,
      declinedAt: e.declinedAt?.toISOString() ?? null,
      sentAt: e.sentAt?.toISOString() ?? null,
      sentTo: e.sentTo ? e.sentTo.split(',') : null,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
    };
  },
};
