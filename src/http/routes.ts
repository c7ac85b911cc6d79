// Every /api/v1 route, from each domain's <domain>.rest.ts.
import { accountRoutes } from '../modules/accounts/accounts.rest.ts';
import { customerRoutes, vendorRoutes } from '../modules/contacts/contacts.rest.ts';
import { employeeRoutes } from '../modules/employees/employees.rest.ts';
import { invoiceRoutes } from '../modules/invoices/invoices.rest.ts';
import { journalRoutes } from '../modules/journal/journal.rest.ts';
import { productRoutes } from '../modules/products/products.rest.ts';
import { webhookRoutes } from '../modules/webhooks/webhooks.rest.ts';
import type { RestRoute } from './rest.ts';

export const restRoutes: RestRoute[] = [
  ...accountRoutes,
  ...journalRoutes,
  ...customerRoutes,
  ...vendorRoutes,
  ...productRoutes,
  ...invoiceRoutes,
  ...employeeRoutes,
  ...webhookRoutes,
];
