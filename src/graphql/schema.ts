// Builds the schema: importing a module registers its types on the builder.
import { builder } from './builder.ts';
import './scalars.ts';
import '../modules/accounts/accounts.schema.ts';
import '../modules/organizations/organizations.schema.ts';
import '../modules/customers/customers.schema.ts';
import '../modules/vendors/vendors.schema.ts';
import '../modules/products/products.schema.ts';
import '../modules/employees/employees.schema.ts';
import '../modules/journal/journal.schema.ts';
import '../modules/invoices/invoices.schema.ts';
import '../modules/webhooks/webhooks.schema.ts';
import '../modules/reports/reports.schema.ts';

export const schema = builder.toSchema({ sortSchema: true });
