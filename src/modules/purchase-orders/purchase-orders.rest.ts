// /api/v1/purchase-orders (beyond the contract, in its conventions): list, retrieve, create, update and
// delete; POST /{id}/issue, /{id}/receive, /{id}/close, GET /{id}/pdf; POST /{id}/bill answers the draft
// bill (bills.rest.ts, which renders bills).
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { type DocumentReader, documentPdfView, documentTotals, formatQuantity } from '../documents/index.ts';
import { pdfRoute, quantitiesAsNumbers, quantitiesAsText } from '../documents/rest.ts';
import { purchaseOrderRepresentation } from './purchase-orders.public.ts';

export const purchaseOrderRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/purchase-orders',
    typename: 'PurchaseOrder',
    label: 'purchase order',
    plural: 'purchaseOrders',
    representation: purchaseOrderRepresentation,
    filters: ['status', 'vendorId', 'from', 'to'],
    list: 'List purchase orders',
    retrieve: 'Retrieve a purchase order',
    create: {
      summary: 'Create a purchase order (a draft; posts nothing)',
      bodyToInput: quantitiesAsText,
      documentBody: quantitiesAsNumbers,
    },
    update: {
      summary: 'Edit a draft purchase order (the lines given replace its lines)',
      bodyToInput: quantitiesAsText,
      documentBody: quantitiesAsNumbers,
    },
    delete: { summary: 'Delete a draft purchase order' },
  }),
  actionRoute({
    path: '/api/v1/purchase-orders/:id/issue',
    mutation: 'issuePurchaseOrder',
    summary: 'Issue a draft purchase order to its vendor (it is then open)',
    status: 200,
    schema: purchaseOrderRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/purchase-orders/:id/receive',
    mutation: 'receivePurchaseOrder',
    summary: 'Record goods of an open purchase order that arrived, line by line',
    inputType: 'ReceivePurchaseOrderInput',
    inputRequired: true,
    bodyToInput: quantitiesAsText,
    documentBody: quantitiesAsNumbers,
    status: 200,
    schema: purchaseOrderRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/purchase-orders/:id/close',
    mutation: 'closePurchaseOrder',
    summary: 'Close an open purchase order: nothing more is expected of it',
    status: 200,
    schema: purchaseOrderRepresentation.schema,
  }),
  pdfRoute({ path: '/api/v1/purchase-orders', typename: 'PurchaseOrder', label: 'purchase order', view: purchaseOrderPdf }),
];

/** A purchase order as it is sent to the vendor: what is ordered, at what price, and by when. */
export async function purchaseOrderPdf(tenant: DocumentReader, id: string) {
  const p = await tenant.prisma.purchaseOrder.findFirstOrThrow({
    where: { id, organizationId: tenant.organizationId },
    include: { lines: true },
  });
  return documentPdfView(tenant, {
    title: 'Purchase order',
    number: p.number,
    currency: p.currency,
    stamp: p.status === 'DRAFT' ? 'DRAFT' : p.status === 'CLOSED' ? 'CLOSED' : null,
    dates: [['Date', p.issueDate], ...(p.deliveryDate ? [['Deliver by', p.deliveryDate] as [string, string]] : [])],
    party: { label: 'Order from', vendorId: p.vendorId },
    lines: p.lines,
    totals: documentTotals(p),
    notes:
      [
        p.reference ? `Reference: ${p.reference}` : null,
        p.memo,
        p.lines.some((l) => l.quantityReceivedMilli > 0n)
          ? `Received: ${p.lines.map((l) => `line ${l.lineNo} ${formatQuantity(l.quantityReceivedMilli)}`).join(', ')}`
          : null,
      ]
        .filter(Boolean)
        .join('\n') || null,
  });
}
