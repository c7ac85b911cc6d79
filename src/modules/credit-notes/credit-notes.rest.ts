// GET and POST /api/v1/credit-notes, GET /{id}, POST /{id}/apply, /{id}/refund and /{id}/void (beyond
// the contract): credit for returns and overcharges, applied to invoices or paid back.
import type { RestRoute } from '../../http/rest.ts';
import { type DocumentReader, documentPdfView, documentTotals } from '../documents/index.ts';
import { creditDocumentRoutes, pdfRoute } from '../documents/rest.ts';
import { CREDIT_NOTE_TYPE, creditNoteRepresentation } from './credit-notes.public.ts';

export const creditNoteRoutes: RestRoute[] = [
  ...creditDocumentRoutes(CREDIT_NOTE_TYPE, {
    path: '/api/v1/credit-notes',
    plural: 'creditNotes',
    representation: creditNoteRepresentation,
    filters: ['status', 'customerId', 'from', 'to', 'search'],
    summaries: {
      list: 'List credit notes',
      retrieve: 'Retrieve a credit note',
      create: 'Issue a credit note (posted at once)',
      apply: 'Apply credit to open invoices of the customer',
      refund: 'Pay credit back to the customer (posts it)',
      void: 'Void a credit note none of whose credit is used (posts the reversal)',
      unapply: 'Undo an application of credit to an invoice (the invoice owes it again)',
      voidRefund: 'Void a refund of credit (posts the reversal; the credit is free again)',
    },
  }),
  pdfRoute({ path: '/api/v1/credit-notes', typename: 'CreditNote', label: 'credit note', view: creditNotePdf }),
];

/** A credit note as it is sent: credited to its customer, what of it was applied or refunded, what credit is left. */
export async function creditNotePdf(tenant: DocumentReader, id: string) {
  const c = await tenant.prisma.creditNote.findFirstOrThrow({
    where: { id, organizationId: tenant.organizationId },
    include: { lines: true },
  });
  return documentPdfView(tenant, {
    title: 'Credit note',
    number: c.number,
    currency: c.currency,
    stamp: c.status === 'VOID' ? 'VOID' : null,
    dates: [['Issue date', c.issueDate]],
    party: { label: 'Credit to', customerId: c.customerId },
    lines: c.lines,
    totals: [
      ...documentTotals(c),
      ['Applied', -c.amountApplied],
      ['Refunded', -c.amountRefunded],
      ['Credit remaining', c.status === 'VOID' ? 0n : c.total - c.amountApplied - c.amountRefunded],
    ],
    notes: c.memo,
  });
}
