// The one place that knows every domain module. Each module hands up its parts: its GraphQL types
// (registered on the shared builder when its .schema.ts is imported), its /api/v1 routes and the public
// representations of its resources. Infrastructure (core, http, graphql, events, db, lib) never imports a
// module; app.ts takes these parts from here.
import { representationsOf } from './core/representations.ts';
import { builder } from './graphql/builder.ts';
import type { RestRoute } from './http/rest.ts';
import './graphql/scalars.ts';
import './modules/accounts/accounts.schema.ts';
import './modules/organizations/organizations.schema.ts';
import './modules/contacts/contacts.schema.ts';
import './modules/products/products.schema.ts';
import './modules/tax-rates/tax-rates.schema.ts';
import './modules/employees/employees.schema.ts';
import './modules/journal/journal.schema.ts';
import './modules/invoices/invoices.schema.ts';
import './modules/bills/bills.schema.ts';
import './modules/sales-receipts/sales-receipts.schema.ts';
import './modules/credit-notes/credit-notes.schema.ts';
import './modules/webhooks/webhooks.schema.ts';
import './modules/reports/reports.schema.ts';
import './modules/api-keys/api-keys.schema.ts';
import { accountRoutes } from './modules/accounts/accounts.rest.ts';
import { accountRepresentation } from './modules/accounts/accounts.public.ts';
import { customerRoutes, vendorRoutes } from './modules/contacts/contacts.rest.ts';
import { customerRepresentation, vendorRepresentation } from './modules/contacts/contacts.public.ts';
import { employeeRoutes } from './modules/employees/employees.rest.ts';
import { employeeRepresentation } from './modules/employees/employees.public.ts';
import { invoiceRoutes } from './modules/invoices/invoices.rest.ts';
import { invoiceRepresentation, paymentRepresentation } from './modules/invoices/invoices.public.ts';
import { billRoutes } from './modules/bills/bills.rest.ts';
import { billPaymentRepresentation, billRepresentation } from './modules/bills/bills.public.ts';
import { salesReceiptRoutes } from './modules/sales-receipts/sales-receipts.rest.ts';
import { salesReceiptRepresentation } from './modules/sales-receipts/sales-receipts.public.ts';
import { creditNoteRoutes } from './modules/credit-notes/credit-notes.rest.ts';
import { creditNoteRepresentation } from './modules/credit-notes/credit-notes.public.ts';
import { journalRoutes } from './modules/journal/journal.rest.ts';
import { journalEntryRepresentation } from './modules/journal/journal.public.ts';
import { organizationRepresentation } from './modules/organizations/organizations.public.ts';
import { productRoutes } from './modules/products/products.rest.ts';
import { productRepresentation } from './modules/products/products.public.ts';
import { taxRateRoutes } from './modules/tax-rates/tax-rates.rest.ts';
import { taxRateRepresentation } from './modules/tax-rates/tax-rates.public.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.rest.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.rest.ts';
import { reportRoutes } from './modules/reports/reports.rest.ts';
import { organizationRoutes } from './modules/organizations/organizations.rest.ts';
import { apiKeyRepresentation } from './modules/api-keys/api-keys.public.ts';
import {
  eventRepresentation,
  webhookDeliveryRepresentation,
  webhookSubscriptionRepresentation,
} from './modules/webhooks/webhooks.public.ts';

/** What the webhook dispatcher (infrastructure) may ask of the webhooks module. */
export { disableWebhookSubscription, recordWebhookDeliveries } from './modules/webhooks/webhooks.service.ts';

export const schema = builder.toSchema({ sortSchema: true });

export const restRoutes: RestRoute[] = [
  ...organizationRoutes,
  ...accountRoutes,
  ...journalRoutes,
  ...customerRoutes,
  ...vendorRoutes,
  ...productRoutes,
  ...taxRateRoutes,
  ...invoiceRoutes,
  ...billRoutes,
  ...salesReceiptRoutes,
  ...creditNoteRoutes,
  ...employeeRoutes,
  ...webhookRoutes,
  ...apiKeyRoutes,
  ...reportRoutes,
];

export const representations = representationsOf([
  organizationRepresentation,
  apiKeyRepresentation,
  accountRepresentation,
  journalEntryRepresentation,
  customerRepresentation,
  vendorRepresentation,
  productRepresentation,
  taxRateRepresentation,
  employeeRepresentation,
  invoiceRepresentation,
  paymentRepresentation,
  billRepresentation,
  billPaymentRepresentation,
  salesReceiptRepresentation,
  creditNoteRepresentation,
  webhookSubscriptionRepresentation,
  webhookDeliveryRepresentation,
]);

/** The public shape of each resource by the name OpenAPI gives it (`sales_receipt` → `SalesReceipt`). */
export const resourceSchemas = Object.fromEntries(
  [...representations.values(), eventRepresentation].map((r) => [
    r.type
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(''),
    r.schema,
  ]),
);
