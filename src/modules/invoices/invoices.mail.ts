// An invoice sent by email (modules/emails runs the sending): only once posted and not void, with its
// PDF, the link to its public page and what is due; once the mail server takes it, recorded on the
// invoice (sentAt, sentTo) with `invoice.sent`.
import { AppError, notFound } from '../../lib/errors.ts';
import { amountDueOf } from '../documents/index.ts';
import { defineMailable } from '../emails/emails.service.ts';
import { invoicePdf } from './invoices.rest.ts';

export const invoiceMail = defineMailable({
  type: 'invoice',
  async check(tenant, id) {
    const i = await tenant.prisma.invoice.findFirst({ where: { id: id!, organizationId: tenant.organizationId } });
    if (!i) throw notFound('invoice', id!);
    if (i.status === 'DRAFT') throw new AppError('INVALID_STATE', `Invoice ${i.number} is a draft: finalize it before sending it`);
    if (i.status === 'VOID') throw new AppError('INVALID_STATE', `Invoice ${i.number} is void: there is nothing to send`);
    return { customerId: i.customerId };
  },
  async read(tenant, id, _parameters, format) {
    const i = await tenant.prisma.invoice.findFirstOrThrow({ where: { id: id!, organizationId: tenant.organizationId } });
    const due = amountDueOf(i);
    return {
      customerId: i.customerId,
      title: `${format.say('Invoice')} ${i.number}`,
      filename: i.number,
      pdf: await invoicePdf(tenant, i.id),
      publicPath: i.publicToken ? `/i/${i.publicToken}` : null,
      paymentReference: due > 0n ? i.number : null,
      summary:
        due > 0n
          ? format.say('Amount due: {amount}, due on {date}.', { amount: format.money(due, i.currency), date: format.date(i.dueDate) })
          : format.say('This invoice is paid.'),
    };
  },
  async recordSent(scope, id, to) {
    await scope.prisma.invoice.update({ where: { id }, data: { sentAt: scope.now, sentTo: to, updatedAt: scope.now } });
    return [{ type: 'invoice.sent', resource: { type: 'invoice', id } }];
  },
});
