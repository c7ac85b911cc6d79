// The one list of domain modules, in the order the OpenAPI document lists their routes. A new module
// adds its declaration here (one line) and nothing elsewhere: the central lists are made from these
// (src/module-declaration.ts says which), and src/registry.ts loads each module's code by its name.
import type { ModuleDeclaration } from './module-declaration.ts';
import organizations from './modules/organizations/declaration.ts';
import accounts from './modules/accounts/declaration.ts';
import journal from './modules/journal/declaration.ts';
import contacts from './modules/contacts/declaration.ts';
import products from './modules/products/declaration.ts';
import taxRates from './modules/tax-rates/declaration.ts';
import invoices from './modules/invoices/declaration.ts';
import bills from './modules/bills/declaration.ts';
import purchaseOrders from './modules/purchase-orders/declaration.ts';
import salesReceipts from './modules/sales-receipts/declaration.ts';
import estimates from './modules/estimates/declaration.ts';
import creditNotes from './modules/credit-notes/declaration.ts';
import vendorCredits from './modules/vendor-credits/declaration.ts';
import customerPrepayments from './modules/customer-prepayments/declaration.ts';
import vendorPrepayments from './modules/vendor-prepayments/declaration.ts';
import exchangeRates from './modules/exchange-rates/declaration.ts';
import employees from './modules/employees/declaration.ts';
import webhooks from './modules/webhooks/declaration.ts';
import apiKeys from './modules/api-keys/declaration.ts';
import reports from './modules/reports/declaration.ts';
import revaluations from './modules/revaluations/declaration.ts';
import banking from './modules/banking/declaration.ts';
import recurring from './modules/recurring/declaration.ts';
import emails from './modules/emails/declaration.ts';
import attachments from './modules/attachments/declaration.ts';
import bulkOperations from './modules/bulk-operations/declaration.ts';

export const DECLARATIONS = [
  organizations,
  accounts,
  journal,
  contacts,
  products,
  taxRates,
  invoices,
  bills,
  purchaseOrders,
  salesReceipts,
  estimates,
  creditNotes,
  vendorCredits,
  customerPrepayments,
  vendorPrepayments,
  exchangeRates,
  employees,
  webhooks,
  apiKeys,
  reports,
  revaluations,
  banking,
  recurring,
  emails,
  attachments,
  bulkOperations,
] as const;

type Declaration = (typeof DECLARATIONS)[number];
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void ? I : never;
type Named = 'ids' | 'resources' | 'representations' | 'types' | 'sequences' | 'events' | 'eventsAlsoRead';
type Listed = 'nodes' | 'sourceTypes' | 'lists';
type ListedItem<List> = List extends readonly (infer Item)[] ? Item : never;

/** What every module declares under `key`, merged into one object (keys in module order), typed by name. */
export function declared<Key extends Named>(key: Key): Intersection<NonNullable<Extract<Declaration, Record<Key, unknown>>[Key]>> {
  return Object.assign({}, ...DECLARATIONS.map((d: ModuleDeclaration) => d[key] ?? {}));
}

/** What every module lists under `key`, one list in module order, typed by name. */
export function declaredList<Key extends Listed>(key: Key): ListedItem<Extract<Declaration, Record<Key, unknown>>[Key]>[] {
  return DECLARATIONS.flatMap((d: ModuleDeclaration) => d[key] ?? []) as never;
}
