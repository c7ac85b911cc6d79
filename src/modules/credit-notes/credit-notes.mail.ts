// A credit note sent by email (modules/emails runs the sending), with its PDF; `credit_note.sent` once taken.
import { AppError, notFound } from '../../lib/errors.ts';
import { defineMailable } from '../emails/emails.service.ts';
import { creditNotePdf } from './credit-notes.rest.ts';

export const creditNoteMail = defineMailable({
  type: 'credit_note',
  async check(tenant, id) {
    const c = await tenant.prisma.creditNote.findFirst({ where: { id: id!, organizationId: tenant.organizationId } });
    if (!c) throw notFound('credit note', id!);
    if (c.status === 'VOID') throw new AppError('INVALID_STATE', `Credit note ${c.number} is void: there is nothing to send`);
    return { customerId: c.customerId };
  },
  async read(tenant, id, _parameters, format) {
    const c = await tenant.prisma.creditNote.findFirstOrThrow({ where: { id: id!, organizationId: tenant.organizationId } });
    return {
      customerId: c.customerId,
      title: `${format.say('Credit note')} ${c.number}`,
      filename: c.number,
      pdf: await creditNotePdf(tenant, c.id),
      publicPath: null,
      summary: format.say('Credit: {amount}.', { amount: format.money(c.total, c.currency) }),
    };
  },
  recordSent: async (_scope, id) => [{ type: 'credit_note.sent', resource: { type: 'credit_note', id } }],
});
