// GET and POST /api/v1/sales-receipts, GET /{id}, POST /{id}/void: sales paid at once and refunds, for
// tills and shops (beyond the contract).
import { type RestRoute, upperCaseFields } from '../../http/rest.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { type DocumentReader, documentPdfView, documentTotals } from '../documents/index.ts';
import { pdfRoute, quantitiesAsNumbers, quantitiesAsText } from '../documents/rest.ts';
import { salesReceiptRepresentation } from './sales-receipts.public.ts';

export const salesReceiptRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/sales-receipts',
    typename: 'SalesReceipt',
    label: 'sales receipt',
    plural: 'salesReceipts',
    representation: salesReceiptRepresentation,
    filters: ['kind', 'status', 'customerId', 'from', 'to', 'search'],
    list: 'List sales and refund receipts',
    retrieve: 'Retrieve a sales or refund receipt',
    create: {
      summary: 'Record a sale paid at once, or a refund (posted at once)',
      bodyToInput: (body) => quantitiesAsText(upperCaseFields(body, ['kind'])),
      documentBody: quantitiesAsNumbers,
    },
  }),
  actionRoute({
    path: '/api/v1/sales-receipts/:id/void',
    mutation: 'voidSalesReceipt',
    summary: 'Void a receipt (posts the reversal)',
    inputType: 'VoidSalesReceiptInput',
    status: 200,
    schema: salesReceiptRepresentation.schema,
  }),
  pdfRoute({ path: '/api/v1/sales-receipts', typename: 'SalesReceipt', label: 'sales receipt', view: salesReceiptPdf }),
];

/** A sales receipt (or refund receipt) as it is handed over: paid in full on its date. */
export async function salesReceiptPdf(tenant: DocumentReader, id: string) {
  const r = await tenant.prisma.salesReceipt.findFirstOrThrow({
    where: { id, organizationId: tenant.organizationId },
    include: { lines: true },
  });
  const refund = !!r.refundOfId;
  return documentPdfView(tenant, {
    title: refund ? 'Refund receipt' : 'Sales receipt',
    number: r.number,
    currency: r.currency,
    stamp: r.status === 'VOID' ? 'VOID' : refund ? 'REFUNDED' : 'PAID',
    dates: [['Date', r.date]],
    party: r.customerId ? { label: refund ? 'Refunded to' : 'Sold to', customerId: r.customerId } : null,
    lines: r.lines,
    totals: [...documentTotals(r).slice(0, 3), [refund ? 'Total refunded' : 'Total paid', r.total]],
    notes: [r.paymentMethod ? `Paid by ${r.paymentMethod}` : null, r.memo].filter(Boolean).join('\n') || null,
  });
}
