// /api/v1/estimates (beyond the contract, in its conventions): list, retrieve, create, update and delete;
// POST /{id}/mark-sent, /{id}/accept, /{id}/decline, /{id}/convert (answers the draft invoice, 201),
// GET /{id}/pdf; sending by email is POST /{id}/send (modules/emails).
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { type DocumentReader, documentPdfView, documentTotals } from '../documents/index.ts';
import { pdfRoute, quantitiesAsNumbers, quantitiesAsText } from '../documents/rest.ts';
import { estimateRepresentation } from './estimates.public.ts';

export const estimateRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/estimates',
    typename: 'Estimate',
    label: 'estimate',
    plural: 'estimates',
    representation: estimateRepresentation,
    filters: ['status', 'customerId', 'from', 'to'],
    list: 'List estimates',
    retrieve: 'Retrieve an estimate',
    create: { summary: 'Create an estimate (a draft; posts nothing)', bodyToInput: quantitiesAsText, documentBody: quantitiesAsNumbers },
    update: {
      summary: 'Edit a draft or sent estimate (the lines given replace its lines)',
      bodyToInput: quantitiesAsText,
      documentBody: quantitiesAsNumbers,
    },
    delete: { summary: 'Delete a draft estimate' },
  }),
  ...(
    [
      ['mark-sent', 'markEstimateSent', 'Record that the customer has the estimate (handed over outside this API)'],
      ['accept', 'acceptEstimate', 'Record that the customer accepted the estimate (an expired one is refused)'],
      ['decline', 'declineEstimate', 'Record that the customer declined the estimate'],
    ] as const
  ).map(([action, mutation, summary]) =>
    actionRoute({ path: `/api/v1/estimates/:id/${action}`, mutation, summary, status: 200, schema: estimateRepresentation.schema }),
  ),
  pdfRoute({ path: '/api/v1/estimates', typename: 'Estimate', label: 'estimate', view: estimatePdf }),
];

/** An estimate as it is sent: offered to its customer, valid until its expiry date. */
export async function estimatePdf(tenant: DocumentReader, id: string) {
  const e = await tenant.prisma.estimate.findFirstOrThrow({
    where: { id, organizationId: tenant.organizationId },
    include: { lines: true },
  });
  return documentPdfView(tenant, {
    title: 'Estimate',
    number: e.number,
    currency: e.currency,
    stamp: e.status === 'DECLINED' ? 'DECLINED' : e.status === 'ACCEPTED' || e.status === 'INVOICED' ? 'ACCEPTED' : null,
    dates: [['Date', e.issueDate], ...(e.expiryDate ? [['Valid until', e.expiryDate] as [string, string]] : [])],
    party: { label: 'Estimate for', customerId: e.customerId },
    lines: e.lines,
    totals: documentTotals(e),
    notes: [e.reference ? `Reference: ${e.reference}` : null, e.memo].filter(Boolean).join('\n') || null,
  });
}
