// The one place that knows every domain module: the list below. Each module declares itself in its own
// index.ts (src/module.ts): its GraphQL types (registered on the shared builder when it is imported), its
// /api/v1 routes and the public representations of its resources. Infrastructure (core, http, graphql,
// events, db, lib, fast-paths) never imports a module; app.ts takes these parts from here.
import { representationsOf } from './core/representations.ts';
import { builder } from './graphql/builder.ts';
import type { RestRoute } from './http/rest.ts';
import './graphql/scalars.ts';
import organizations from './modules/organizations/index.ts';
import accounts from './modules/accounts/index.ts';
import journal from './modules/journal/index.ts';
import contacts from './modules/contacts/index.ts';
import products from './modules/products/index.ts';
import taxRates from './modules/tax-rates/index.ts';
import invoices from './modules/invoices/index.ts';
import bills from './modules/bills/index.ts';
import salesReceipts from './modules/sales-receipts/index.ts';
import creditNotes from './modules/credit-notes/index.ts';
import employees from './modules/employees/index.ts';
import webhooks from './modules/webhooks/index.ts';
import apiKeys from './modules/api-keys/index.ts';
import reports from './modules/reports/index.ts';

/** Every domain module, in the order the OpenAPI document lists their routes. */
const MODULES = [
  organizations,
  accounts,
  journal,
  contacts,
  products,
  taxRates,
  invoices,
  bills,
  salesReceipts,
  creditNotes,
  employees,
  webhooks,
  apiKeys,
  reports,
];

/** What the webhook dispatcher (infrastructure) may ask of the webhooks module. */
export { disableWebhookSubscription, recordWebhookDeliveries } from './modules/webhooks/webhooks.service.ts';

export const schema = builder.toSchema({ sortSchema: true });

export const restRoutes: RestRoute[] = MODULES.flatMap((module) => module.routes ?? []);

export const representations = representationsOf(MODULES.flatMap((module) => module.representations ?? []));

/** The public shape of each resource by the name OpenAPI gives it (`sales_receipt` → `SalesReceipt`), in name order. */
export const resourceSchemas = Object.fromEntries(
  MODULES.flatMap((module) => [...(module.representations ?? []), ...(module.schemas ?? [])])
    .map(
      (r) =>
        [
          r.type
            .split('_')
            .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
            .join(''),
          r.schema,
        ] as const,
    )
    .sort(([a], [b]) => a.localeCompare(b)),
);
