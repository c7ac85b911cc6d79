// Estimates (quotes): a sale offered to a customer, posting nothing (documents/offers.ts runs its life).
// draft → sent (emailed, or marked sent) → accepted or declined; an estimate past its expiry date can no
// longer be accepted. An accepted one converts into a draft invoice with the same lines, linked both
// ways (the estimate's invoiceId, the invoice's estimateId), and is then invoiced.
import { change } from '../../core/representations.ts';
import type { WriteScope } from '../../core/tenant.ts';
import { today } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { currencyDecimals } from '../../lib/money.ts';
import {
  createOfferDocument,
  createOwedDocument,
  defineOfferDocument,
  deleteOfferDocument,
  lineInputOf,
  loadOfferDocument,
  moveOfferDocument,
  type OfferDocumentInput,
  owedDocumentType,
  updateOfferDocument,
} from '../documents/index.ts';
import { ESTIMATE, type EstimateRow, isExpired } from './estimates.public.ts';

export const ESTIMATE_TYPE = defineOfferDocument({
  label: 'Estimate',
  resource: ESTIMATE,
  side: 'sale',
  typename: 'Estimate',
  number: { prefix: 'EST', sequence: 'estimate' },
  party: 'customer',
  dateField: 'expiryDate',
  editable: ['DRAFT', 'SENT'],
});

export type EstimateInput = Omit<OfferDocumentInput, 'vendorId' | 'deliveryDate'>;

export interface EstimateFilter {
  status?: string | null;
  customerId?: string | null;
  from?: string | null;
  to?: string | null;
}

export function estimateWhere(organizationId: string, filter: EstimateFilter = {}) {
  return {
    organizationId,
    ...(filter.status ? { status: filter.status.toUpperCase() as EstimateRow['status'] } : {}),
    ...(filter.customerId ? { customerId: filter.customerId } : {}),
    ...(filter.from || filter.to
      ? { issueDate: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) } }
      : {}),
  };
}

export const createEstimate = (scope: WriteScope, input: EstimateInput) => createOfferDocument<EstimateRow>(scope, ESTIMATE_TYPE, input);

export const updateEstimate = (scope: WriteScope, id: string, input: EstimateInput) =>
  updateOfferDocument<EstimateRow>(scope, ESTIMATE_TYPE, id, input);

export const deleteEstimate = (scope: WriteScope, id: string) => deleteOfferDocument<EstimateRow>(scope, ESTIMATE_TYPE, id);

/** Records that the customer has it (handed over outside this API): a draft becomes sent. */
export const markEstimateSent = (scope: WriteScope, id: string) =>
  moveOfferDocument<EstimateRow>(scope, ESTIMATE_TYPE, id, {
    from: ['DRAFT', 'SENT'],
    to: 'SENT',
    action: 'sent',
    doing: 'sent',
    data: { sentAt: scope.now },
  });

export const acceptEstimate = (scope: WriteScope, id: string) =>
  moveOfferDocument<EstimateRow>(scope, ESTIMATE_TYPE, id, {
    from: ['DRAFT', 'SENT'],
    to: 'ACCEPTED',
    action: 'accepted',
    doing: 'accepted',
    data: { acceptedAt: scope.now },
    check: (e) => {
      if (isExpired(e, today(scope.now)))
        throw new AppError('INVALID_STATE', `Estimate ${e.number} expired on ${e.expiryDate}: extend its expiryDate to accept it`, [
          { path: 'expiryDate', message: `passed on ${e.expiryDate}` },
        ]);
    },
  });

export const declineEstimate = (scope: WriteScope, id: string) =>
  moveOfferDocument<EstimateRow>(scope, ESTIMATE_TYPE, id, {
    from: ['DRAFT', 'SENT', 'ACCEPTED'],
    to: 'DECLINED',
    action: 'declined',
    doing: 'declined',
    data: { declinedAt: scope.now },
  });

export interface ConvertEstimateInput {
  issueDate?: string | null;
  dueDate?: string | null;
}

/**
 * Makes a draft invoice of an accepted estimate: its customer, memo, reference and lines, dated today
 * unless given; the estimate is then invoiced. Answers the invoice (with the estimate's event).
 */
export async function convertEstimate(scope: WriteScope, id: string, input: ConvertEstimateInput = {}) {
  const estimate = await loadOfferDocument<EstimateRow>(scope, ESTIMATE_TYPE, id);
  if (estimate.status !== 'ACCEPTED')
    throw new AppError(
      'INVALID_STATE',
      estimate.status === 'INVOICED'
        ? `Estimate ${estimate.number} was already converted into invoice ${estimate.invoiceId}`
        : `Estimate ${estimate.number} is ${estimate.status.toLowerCase()}; only an accepted estimate converts into an invoice`,
      [{ path: 'id', message: `is ${estimate.status.toLowerCase()}, not accepted` }],
    );
  const decimals = currencyDecimals(estimate.currency);
  const invoice = await createOwedDocument(
    scope,
    owedDocumentType('invoice'),
    {
      customerId: estimate.customerId,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      memo: estimate.memo,
      reference: estimate.reference,
      draft: true,
      lines: estimate.lines.map((l) => lineInputOf(l, decimals)),
    },
    { estimateId: estimate.id },
  );
  const moved = await moveOfferDocument<EstimateRow>(scope, ESTIMATE_TYPE, id, {
    from: ['ACCEPTED'],
    to: 'INVOICED',
    action: 'invoiced',
    doing: 'converted',
    data: { invoiceId: invoice.result.id },
  });
  return change(invoice.result.type, invoice.result.row, [...invoice.events, ...moved.events]);
}
