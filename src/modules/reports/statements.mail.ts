// A customer's statement for a period sent by email as a PDF (modules/emails runs the sending).
import type { Tenant } from '../../core/tenant.ts';
import { validationError } from '../../lib/errors.ts';
import { defineMailable } from '../emails/emails.service.ts';
import { statementPdfView } from './reports.rest.ts';

/** A statement's customer and period, as its email's parameters hold them. */
function statementPeriod(parameters: Record<string, string> | null) {
  const { customerId, from, to } = parameters ?? {};
  if (!customerId || !from || !to) throw validationError([{ path: 'customerId', message: 'a statement needs customerId, from and to' }]);
  return { customerId, from, to };
}

export const statementMail = defineMailable({
  type: 'customer_statement',
  async check(tenant, _id, parameters) {
    const { customerId, from, to } = statementPeriod(parameters);
    if (to < from) throw validationError([{ path: 'to', message: `must not be before from (${from})` }]);
    const customer = await tenant.prisma.customer.findFirst({ where: { id: customerId, organizationId: tenant.organizationId } });
    if (!customer) throw validationError([{ path: 'customerId', message: `no customer with id "${customerId}"` }]);
    return { customerId };
  },
  async read(tenant: Tenant, _id, parameters) {
    const { customerId, from, to } = statementPeriod(parameters);
    return {
      customerId,
      title: `Statement ${from} to ${to}`,
      filename: `statement-${from}-${to}`,
      pdf: await statementPdfView(tenant, 'customer', customerId, from, to),
      publicPath: null,
      summary: null,
    };
  },
});
