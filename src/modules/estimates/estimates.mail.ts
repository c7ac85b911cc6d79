// An estimate sent by email (modules/emails runs the sending), with its PDF; once the mail server takes
// it, a draft becomes sent (`estimate.sent`).
import { AppError, notFound } from '../../lib/errors.ts';
import { defineMailable } from '../emails/emails.service.ts';
import { estimatePdf } from './estimates.rest.ts';

export const estimateMail = defineMailable({
  type: 'estimate',
  async check(tenant, id) {
    const e = await tenant.prisma.estimate.findFirst({ where: { id: id!, organizationId: tenant.organizationId } });
    if (!e) throw notFound('estimate', id!);
    if (e.status === 'DECLINED' || e.status === 'INVOICED')
      throw new AppError('INVALID_STATE', `Estimate ${e.number} is ${e.status.toLowerCase()}: there is nothing to offer`);
    return { customerId: e.customerId };
  },
  async read(tenant, id, _parameters, format) {
    const e = await tenant.prisma.estimate.findFirstOrThrow({ where: { id: id!, organizationId: tenant.organizationId } });
    return {
      customerId: e.customerId,
      title: `${format.say('Estimate')} ${e.number}`,
      filename: e.number,
      pdf: await estimatePdf(tenant, e.id),
      publicPath: null,
      summary: e.expiryDate
        ? format.say('Total: {amount}, valid until {date}.', { amount: format.money(e.total, e.currency), date: format.date(e.expiryDate) })
        : format.say('Total: {amount}.', { amount: format.money(e.total, e.currency) }),
    };
  },
  async recordSent(scope, id, to) {
    const e = await scope.prisma.estimate.findFirstOrThrow({ where: { id } });
    await scope.prisma.estimate.update({
      where: { id },
      data: { sentAt: scope.now, sentTo: to, status: e.status === 'DRAFT' ? 'SENT' : e.status, updatedAt: scope.now },
    });
    return [{ type: 'estimate.sent', resource: { type: 'estimate', id } }];
  },
});
