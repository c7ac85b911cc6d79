// GET and POST /api/v1/invoices (contract); GET, PATCH and DELETE /{id}, POST /{id}/finalize, /{id}/void,
// /{id}/payments and /{id}/write-off[/void], and /api/v1/payments (beyond it).
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { type DocumentReader, documentPdfView, documentTotals } from '../documents/index.ts';
import { owedDocumentRoutes, pdfRoute } from '../documents/rest.ts';
import { invoiceRepresentation, paymentRepresentation } from './invoices.public.ts';
import { INVOICE_TYPE } from './invoices.service.ts';

export const invoiceRoutes: RestRoute[] = [
  ...owedDocumentRoutes(INVOICE_TYPE, {
    path: '/api/v1/invoices',
    typename: 'Invoice',
    plural: 'invoices',
    representation: invoiceRepresentation,
    paymentRepresentation,
    filters: ['status', 'customerId', 'from', 'to', 'dueBefore', 'overdue', 'search'],
    summaries: {
      list: 'List invoices',
      retrieve: 'Retrieve an invoice',
      create: 'Create an invoice (posted unless draft)',
      update: 'Edit a draft invoice (the lines given replace its lines)',
      delete: 'Delete a draft invoice',
      pay: 'Record a payment against an invoice',
    },
    payment: { mutation: 'recordPayment', inputType: 'RecordPaymentInput', path: '/api/v1/payments' },
    listedWith: resourceRoutes({
      path: '/api/v1/payments',
      typename: 'Payment',
      label: 'payment',
      plural: 'payments',
      representation: paymentRepresentation,
      filters: ['invoiceId', 'customerId', 'depositAccountId', 'from', 'to'],
      list: 'List payments received against invoices, oldest first',
      retrieve: 'Retrieve a payment',
    }),
  }),
  pdfRoute({ path: '/api/v1/invoices', typename: 'Invoice', label: 'invoice', view: invoicePdf }),
  // The customer's page: a new link (the old one finds nothing), or none.
  actionRoute({
    path: '/api/v1/invoices/:id/public-link/rotate',
    mutation: 'rotateInvoicePublicLink',
    summary: "Give an invoice's public page a new link (hostedUrl); the old link finds nothing",
    status: 200,
    schema: invoiceRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/invoices/:id/public-link/revoke',
    mutation: 'revokeInvoicePublicLink',
    summary: "Take an invoice's public page away (rotate gives it a new link)",
    status: 200,
    schema: invoiceRepresentation.schema,
  }),
  // An accepted estimate (modules/estimates) becomes a draft invoice: the answer is the invoice.
  actionRoute({
    path: '/api/v1/estimates/:id/convert',
    mutation: 'convertEstimateToInvoice',
    summary: 'Convert an accepted estimate into a draft invoice with its lines (answers the invoice; needs estimates:write too)',
    inputType: 'ConvertEstimateInput',
    status: 201,
    location: (id) => `/api/v1/invoices/${id}`,
    schema: invoiceRepresentation.schema,
  }),
  // Bad debt written off, and put back.
  actionRoute({
    path: '/api/v1/invoices/:id/write-off',
    mutation: 'writeOffInvoice',
    summary: 'Write off what is left on an invoice as bad debt',
    inputType: 'WriteOffInvoiceInput',
    status: 200,
    schema: invoiceRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/invoices/:id/write-off/void',
    mutation: 'voidInvoiceWriteOff',
    summary: "Void an invoice's write-off (posts the reversal; the invoice is owed again)",
    inputType: 'VoidInvoiceWriteOffInput',
    status: 200,
    schema: invoiceRepresentation.schema,
  }),
];

/** An invoice as it is sent: billed to its customer, due on its due date, what was paid, credited or written off, and what is due. */
export async function invoicePdf(tenant: DocumentReader, id: string) {
  const i = await tenant.prisma.invoice.findFirstOrThrow({
    where: { id, organizationId: tenant.organizationId },
    include: { lines: true },
  });
  const due = i.total - i.amountPaid - i.amountCredited - i.amountWrittenOff;
  return documentPdfView(tenant, {
    title: 'Invoice',
    number: i.number,
    currency: i.currency,
    stamp: i.status === 'VOID' ? 'VOID' : i.status === 'PAID' ? 'PAID' : i.status === 'DRAFT' ? 'DRAFT' : null,
    dates: [
      ['Issue date', i.issueDate],
      ['Due date', i.dueDate],
    ],
    party: { label: 'Bill to', customerId: i.customerId },
    lines: i.lines,
    totals: [
      ...documentTotals(i),
      ['Paid', -i.amountPaid],
      ['Credited', -i.amountCredited],
      ['Written off', -i.amountWrittenOff],
      ['Amount due', i.status === 'VOID' ? 0n : due],
    ],
    notes: [i.reference ? `Reference: ${i.reference}` : null, i.memo].filter(Boolean).join('\n') || null,
    // While something is owed: how to pay, quoting its number.
    paymentReference: i.status !== 'VOID' && i.status !== 'DRAFT' && due > 0n ? i.number : null,
  });
}
