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
  async read(tenant: Tenant, _id, parameters, format) {
    const { customerId, from, to } = statementPeriod(parameters);
    const pdf = await statementPdfView(tenant, 'customer', customerId, from, to);
    const closing = pdf.totals.find(([label]) => label === 'Closing balance')?.[1] ?? 0n;
    return {
      customerId,
      title: format.say('Statement {from} to {to}', { from, to }),
      filename: `statement-${from}-${to}`,
      pdf,
      publicPath: null,
      // What the customer owes at the period's end (a credit to them, when negative), as the statement's last line,
      // and how overdue it is, bucket by bucket (those with something in them).
      summary:
        closing > 0n
          ? [
              format.say('Balance owed on {date}: {amount}.', { date: format.date(to), amount: format.money(closing, pdf.currency) }),
              ...(pdf.aging ?? [])
                .filter(([, amount]) => amount !== 0n)
                .map(([label, amount]) => `${format.say(label)}: ${format.money(amount, pdf.currency)}`),
            ].join('\n')
          : closing < 0n
            ? format.say('Credit in your favour on {date}: {amount}.', {
                date: format.date(to),
                amount: format.money(-closing, pdf.currency),
              })
            : format.say('Nothing is owed on {date}.', { date: format.date(to) }),
    };
  },
});
