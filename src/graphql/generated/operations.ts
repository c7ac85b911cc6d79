/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Narrows a list of accounts; all given conditions must hold. */
export type AccountFilter = {
  /** Only active (true) or inactive (false) accounts. */
  active?: boolean | null | undefined;
  /** Code prefix or part of the name. */
  search?: string | null | undefined;
  /** Only accounts of this type. */
  type?: AccountType | null | undefined;
};

/** The five classes of the chart of accounts; they decide the side an account normally sits on. */
export type AccountType =
  /** What the organization owns or is owed (debit normal). */
  | 'ASSET'
  /** The owners' stake (credit normal). */
  | 'EQUITY'
  /** Costs (debit normal). */
  | 'EXPENSE'
  /** Revenue (credit normal). */
  | 'INCOME'
  /** What the organization owes (credit normal). */
  | 'LIABILITY';

/** A postal address; every part is optional. */
export type AddressInput = {
  /** City or town. */
  city?: string | null | undefined;
  /** ISO 3166-1 alpha-2 country code, e.g. US. */
  country?: string | null | undefined;
  /** Street and number. */
  line1?: string | null | undefined;
  /** Apartment, suite, building. */
  line2?: string | null | undefined;
  /** ZIP or postal code. */
  postalCode?: string | null | undefined;
  /** State, province or county. */
  region?: string | null | undefined;
};

/** How overdue an amount was at the end of asOf: days overdue = asOf − due date. */
export type AgingBucket =
  /** Not yet due: due on or after asOf. */
  | 'CURRENT'
  /** 1 to 30 days past due. */
  | 'DAYS_1_TO_30'
  /** 31 to 60 days past due. */
  | 'DAYS_31_TO_60'
  /** 61 to 90 days past due. */
  | 'DAYS_61_TO_90'
  /** More than 90 days past due. */
  | 'OVER_90';

/** Narrows the list of API keys. */
export type ApiKeyFilter = {
  /** Only keys in this state (now). */
  status?: ApiKeyStatus | null | undefined;
};

/** Whether a key authenticates. */
export type ApiKeyStatus =
  /** It authenticates. */
  | 'ACTIVE'
  /** Past its expiresAt: refused with 401 saying so. */
  | 'EXPIRED'
  /** Revoked: refused with 401. */
  | 'REVOKED';

/** Where to apply a credit note's credit: one or more open invoices of its customer, in all at most the credit remaining. */
export type ApplyCreditNoteInput = {
  /** At least one invoice and amount; each invoice once. */
  allocations: Array<CreditAllocationInput>;
  /** When it is applied; today when omitted. Not before either document's date, not in a locked period. */
  date?: string | null | undefined;
};

/** Narrows a list of bills; all given conditions must hold. */
export type BillFilter = {
  /** Due before this date. */
  dueBefore?: string | null | undefined;
  /** Dated on or after. */
  from?: string | null | undefined;
  /** Only overdue (true) or only not overdue (false). */
  overdue?: boolean | null | undefined;
  /** Part of the number, the vendor's reference or the vendor's name. */
  search?: string | null | undefined;
  /** Only this status. */
  status?: BillStatus | null | undefined;
  /** Dated on or before. */
  to?: string | null | undefined;
  /** Only this vendor's bills. */
  vendorId?: string | null | undefined;
};

/** One bill line. With a product, the description and account default to the product's (its expense account). */
export type BillLineInput = {
  /** Expense or asset account to debit; default the product's expense account, and required without one. Not receivables or payables. */
  accountId?: string | null | undefined;
  /** Line text; required without a product. */
  description?: string | null | undefined;
  /** Discount in percent; default 0. */
  discountPercent?: string | null | undefined;
  /** A product of your organization (`prod_…`). */
  productId?: string | null | undefined;
  /** Quantity above 0, up to 3 decimals; default 1. */
  quantity?: string | null | undefined;
  /** A tax rate of your organization (`txr_…`): its percentage applies and its tax is debited to its purchase account (default the recoverable tax account). No tax without one. */
  taxRateId?: string | null | undefined;
  /** Price per unit, as the vendor charged it. */
  unitPrice: string;
};

/** Where a bill is in its life: DRAFT → OPEN → PARTIALLY_PAID → PAID, or VOID. */
export type BillStatus =
  /** Entered but not posted; finalizeBill posts it. */
  | 'DRAFT'
  /** Posted and unpaid. */
  | 'OPEN'
  /** Paid in full. */
  | 'PAID'
  /** Posted, with payments less than the total. */
  | 'PARTIALLY_PAID'
  /** Cancelled; its posting was reversed. */
  | 'VOID';

/** A new account of the chart of accounts. */
export type CreateAccountInput = {
  /** Account number, unique in the organization (letters, digits, dots, dashes; up to 20). */
  code: string;
  /** What the account is for. */
  description?: string | null | undefined;
  /** Account name, up to 200 characters. */
  name: string;
  /** Parent account id (`acct_…`) of the same type, to make this a sub-account. */
  parentId?: string | null | undefined;
  /** A finer class, free text such as "bank". */
  subtype?: string | null | undefined;
  /** Asset, liability, equity, income or expense. */
  type: AccountType;
};

/** A new API key. It may hold only scopes the key creating it holds. */
export type CreateApiKeyInput = {
  /** When it stops working; omitted: never. */
  expiresAt?: string | null | undefined;
  /** What the key is for, up to 100 characters. */
  name: string;
  /** What it may do: `<resource>:read` or `<resource>:write` (write implies read), or `*`. */
  scopes: Array<string>;
};

/** A bill from a vendor. Unless `draft` is true it is posted at once (status OPEN). */
export type CreateBillInput = {
  /** Keep it as a draft (not posted) until finalizeBill. */
  draft?: boolean | null | undefined;
  /** Due date; default issueDate + payment terms. */
  dueDate?: string | null | undefined;
  /** Bill date; today (UTC) when omitted. Not in a locked period. */
  issueDate?: string | null | undefined;
  /** At least one line. */
  lines: Array<BillLineInput>;
  /** Internal note. */
  memo?: string | null | undefined;
  /** Payment terms in days; default the vendor's, else the organization's. */
  paymentTermsDays?: number | null | undefined;
  /** The vendor's own invoice number; refused when another bill of the vendor that is not void has it. */
  reference?: string | null | undefined;
  /** An active vendor of your organization (`ven_…`). */
  vendorId: string;
};

/** A credit note for a customer, posted at once. */
export type CreateCreditNoteInput = {
  /** The customer (`cus_…`). */
  customerId: string;
  /** Its date; today (UTC) when omitted. Not in a locked period. */
  issueDate?: string | null | undefined;
  /** At least one line. */
  lines: Array<CreditNoteLineInput>;
  /** Note to the customer. */
  memo?: string | null | undefined;
  /** E.g. the invoice or return it is for. */
  reference?: string | null | undefined;
};

/** A new customer. */
export type CreateCustomerInput = {
  /** Postal address; null clears it. */
  address?: AddressInput | null | undefined;
  /** Email address for documents and reminders. */
  email?: string | null | undefined;
  /** The customer's name (company or person), up to 200 characters. */
  name: string;
  /** Internal notes, up to 2000 characters. */
  notes?: string | null | undefined;
  /** Days until payment is due (0–365); the organization default when unset. */
  paymentTermsDays?: number | null | undefined;
  /** Phone number. */
  phone?: string | null | undefined;
  /** VAT, GST or tax identification number. */
  taxNumber?: string | null | undefined;
};

/** A new employee. */
export type CreateEmployeeInput = {
  /** Department. */
  department?: string | null | undefined;
  /** Work email. */
  email?: string | null | undefined;
  /** The HR system's number, unique in the organization. */
  employeeNumber?: string | null | undefined;
  /** Default: full time. */
  employmentType?: EmploymentType | null | undefined;
  /** Last day of employment; not before startDate. */
  endDate?: string | null | undefined;
  /** Given name. */
  firstName: string;
  /** Job title. */
  jobTitle?: string | null | undefined;
  /** Family name. */
  lastName: string;
  /** Yearly salary or hourly rate; needs payType. */
  payRate?: string | null | undefined;
  /** SALARY or HOURLY; needs payRate. */
  payType?: PayType | null | undefined;
  /** Phone number. */
  phone?: string | null | undefined;
  /** First day of employment. */
  startDate?: string | null | undefined;
  /** Default ACTIVE; TERMINATED needs an endDate. */
  status?: EmployeeStatus | null | undefined;
};

/** A new invoice. Unless `draft` is true it is posted at once (status OPEN). */
export type CreateInvoiceInput = {
  /** An active customer of your organization (`cus_…`). */
  customerId: string;
  /** Keep it as a draft (not posted) until finalizeInvoice. */
  draft?: boolean | null | undefined;
  /** Due date; default issueDate + payment terms. */
  dueDate?: string | null | undefined;
  /** Invoice date; today (UTC) when omitted. Not in a locked period. */
  issueDate?: string | null | undefined;
  /** At least one line. */
  lines: Array<InvoiceLineInput>;
  /** Note to the customer. */
  memo?: string | null | undefined;
  /** Payment terms in days; default the customer's, else the organization's. */
  paymentTermsDays?: number | null | undefined;
  /** The customer's reference, e.g. a purchase order number. */
  reference?: string | null | undefined;
};

/** A journal entry to post: at least two lines, total debit equal to total credit, dated after the lock date. */
export type CreateJournalEntryInput = {
  /** Posting date. */
  date: string;
  /** What the entry records. */
  description?: string | null | undefined;
  /** The posting lines. */
  lines: Array<JournalLineInput>;
  /** External reference. */
  reference?: string | null | undefined;
};

/** A new product or service. */
export type CreateProductInput = {
  /** Default line description. */
  description?: string | null | undefined;
  /** An expense account (`acct_…`) for its cost. */
  expenseAccountId?: string | null | undefined;
  /** An income account (`acct_…`) for its sales. */
  incomeAccountId?: string | null | undefined;
  /** Name shown on invoices, up to 200 characters. */
  name: string;
  /** Stock keeping unit (letters, digits, . _ - /), unique in the organization. */
  sku?: string | null | undefined;
  /** Default sales tax rate in percent; omitted or null: sold without tax (0 is a zero rate). */
  taxRate?: string | null | undefined;
  /** Default SERVICE. */
  type?: ProductType | null | undefined;
  /** Default unit price; default 0. */
  unitPrice?: string | null | undefined;
};

/** A sale paid at once, or (kind REFUND) money given back for a return. Posted at once. */
export type CreateSalesReceiptInput = {
  /** The customer (`cus_…`), if known: a walk-in sale has none. */
  customerId?: string | null | undefined;
  /** Date of the sale (refund); today (UTC) when omitted. Not in a locked period. */
  date?: string | null | undefined;
  /** Bank or cash account the money went into (a refund: came out of); default the bank account. */
  depositAccountId?: string | null | undefined;
  /** SALE (default) or REFUND. */
  kind?: ReceiptKind | null | undefined;
  /** At least one line. */
  lines: Array<SalesReceiptLineInput>;
  /** Note. */
  memo?: string | null | undefined;
  /** How it was paid, e.g. card or cash. */
  paymentMethod?: string | null | undefined;
  /** External reference, e.g. the till's or the shop's order number. */
  reference?: string | null | undefined;
  /** A refund: the sale receipt it refunds (`sr_…`); its customer is the refund's, and its refunds may not come to more than its total. */
  refundOfId?: string | null | undefined;
};

/** A new tax rate. */
export type CreateTaxRateInput = {
  /** Name, up to 100 characters, unique in the organization (e.g. "NY State 8.875%"). */
  name: string;
  /** An asset (recoverable tax) or liability account (`acct_…`) the tax paid on bills is debited to; default the recoverable tax account. */
  purchaseAccountId?: string | null | undefined;
  /** The rate in percent, 0 to 100 with at most 4 decimals; 0 for zero-rated sales. */
  rate: string;
  /** A liability account (`acct_…`) for the tax charged on sales; default: the sales tax account. */
  salesAccountId?: string | null | undefined;
};

/** A new vendor. */
export type CreateVendorInput = {
  /** Postal address; null clears it. */
  address?: AddressInput | null | undefined;
  /** Email address for documents and reminders. */
  email?: string | null | undefined;
  /** The vendor's name (company or person), up to 200 characters. */
  name: string;
  /** Internal notes, up to 2000 characters. */
  notes?: string | null | undefined;
  /** Days until payment is due (0–365); the organization default when unset. */
  paymentTermsDays?: number | null | undefined;
  /** Phone number. */
  phone?: string | null | undefined;
  /** VAT, GST or tax identification number. */
  taxNumber?: string | null | undefined;
};

/** Credit to apply to one invoice. */
export type CreditAllocationInput = {
  /** At most its amount due. */
  amount: string;
  /** An open invoice of the credit note's customer (`inv_…`). */
  invoiceId: string;
};

/** Narrows a list of credit notes; all given conditions must hold. */
export type CreditNoteFilter = {
  /** Only this customer's credit notes. */
  customerId?: string | null | undefined;
  /** Dated on or after. */
  from?: string | null | undefined;
  /** Part of the number, the reference or the customer's name. */
  search?: string | null | undefined;
  /** Only this status. */
  status?: CreditNoteStatus | null | undefined;
  /** Dated on or before. */
  to?: string | null | undefined;
};

/** One credit note line. With a product, description, unit price, tax and account default to the product's. */
export type CreditNoteLineInput = {
  /** Income account to debit; default the product's, else the sales account. */
  accountId?: string | null | undefined;
  /** Line text; required without a product. */
  description?: string | null | undefined;
  /** Discount in percent; default 0. */
  discountPercent?: string | null | undefined;
  /** A product of your organization (`prod_…`). */
  productId?: string | null | undefined;
  /** Quantity above 0, up to 3 decimals; default 1. */
  quantity?: string | null | undefined;
  /** A bare sales tax rate in percent, posted to the sales tax account; default the product's, else no tax. Not with taxRateId. */
  taxRate?: string | null | undefined;
  /** A tax rate of your organization (`txr_…`): its percentage applies and its tax posts to its sales account. Not with taxRate. */
  taxRateId?: string | null | undefined;
  /** Price per unit; required without a product. */
  unitPrice?: string | null | undefined;
};

/** Where a credit note is: OPEN while credit remains, CLOSED once all of it is applied or refunded, or VOID. */
export type CreditNoteStatus =
  /** All of its credit applied to invoices or refunded. */
  | 'CLOSED'
  /** Posted, with credit remaining. */
  | 'OPEN'
  /** Cancelled; its posting was reversed. */
  | 'VOID';

/** Narrows a list of customers; all given conditions must hold. */
export type CustomerFilter = {
  /** Only active (true) or inactive (false). */
  active?: boolean | null | undefined;
  /** Exact email address. */
  email?: string | null | undefined;
  /** Part of the name or email. */
  search?: string | null | undefined;
};

/** Narrows a list of employees; all given conditions must hold. */
export type EmployeeFilter = {
  /** Exact department. */
  department?: string | null | undefined;
  /** Only this employment type. */
  employmentType?: EmploymentType | null | undefined;
  /** Part of the name or email, or the start of the employee number. */
  search?: string | null | undefined;
  /** Only this status. */
  status?: EmployeeStatus | null | undefined;
};

/** Active, or terminated (with an end date). */
export type EmployeeStatus =
  /** Currently employed. */
  | 'ACTIVE'
  /** No longer employed; endDate says since when. */
  | 'TERMINATED';

/** Full time, part time, or contractor. */
export type EmploymentType =
  /** An independent contractor. */
  | 'CONTRACTOR'
  /** Employed full time. */
  | 'FULL_TIME'
  /** Employed part time. */
  | 'PART_TIME';

/** Narrows the event log (a key sees only events about resources it may read). */
export type EventFilter = {
  /** Only changes made by this API key (`key_…`). */
  apiKeyId?: string | null | undefined;
  /** At or after this time. */
  from?: string | null | undefined;
  /** Only events about this object: its history. */
  resourceId?: string | null | undefined;
  /** Only events about this kind of resource, e.g. invoice. */
  resourceType?: string | null | undefined;
  /** Before this time. */
  to?: string | null | undefined;
  /** Only this event type. */
  type?: string | null | undefined;
};

/** Narrows a list of invoices; all given conditions must hold. */
export type InvoiceFilter = {
  /** Only this customer's invoices. */
  customerId?: string | null | undefined;
  /** Due before this date. */
  dueBefore?: string | null | undefined;
  /** Issued on or after. */
  from?: string | null | undefined;
  /** Only overdue (true) or only not overdue (false). */
  overdue?: boolean | null | undefined;
  /** Part of the number, reference or customer name. */
  search?: string | null | undefined;
  /** Only this status. */
  status?: InvoiceStatus | null | undefined;
  /** Issued on or before. */
  to?: string | null | undefined;
};

/** One invoice line. With a product, description, unit price, tax and account default to the product's. */
export type InvoiceLineInput = {
  /** Income account to credit; default the product's, else the sales account. */
  accountId?: string | null | undefined;
  /** Line text; required without a product. */
  description?: string | null | undefined;
  /** Discount in percent; default 0. */
  discountPercent?: string | null | undefined;
  /** A product of your organization (`prod_…`). */
  productId?: string | null | undefined;
  /** Quantity above 0, up to 3 decimals; default 1. */
  quantity?: string | null | undefined;
  /** A bare sales tax rate in percent, posted to the sales tax account; default the product's, else no tax. Not with taxRateId. */
  taxRate?: string | null | undefined;
  /** A tax rate of your organization (`txr_…`): its percentage applies and its tax posts to its sales account. Not with taxRate. */
  taxRateId?: string | null | undefined;
  /** Price per unit; required without a product. */
  unitPrice?: string | null | undefined;
};

/** Where an invoice is in its life: DRAFT → OPEN → PARTIALLY_PAID → PAID, or VOID. */
export type InvoiceStatus =
  /** Not posted yet; finalizeInvoice posts it. */
  | 'DRAFT'
  /** Posted and unpaid. */
  | 'OPEN'
  /** Paid in full. */
  | 'PAID'
  /** Posted, with payments less than the total. */
  | 'PARTIALLY_PAID'
  /** Cancelled; its posting was reversed. */
  | 'VOID';

/** Narrows a list of journal entries; all given conditions must hold. */
export type JournalEntryFilter = {
  /** Only entries with a line on this account. */
  accountId?: string | null | undefined;
  /** Dated on or after. */
  from?: string | null | undefined;
  /** Part of the description or reference, or the entry number. */
  search?: string | null | undefined;
  /** manual, invoice, invoice_void, payment, bill, bill_void, bill_payment, sales_receipt, refund_receipt, sales_receipt_void, credit_note, credit_note_refund, credit_note_void or reversal. */
  sourceType?: string | null | undefined;
  /** Dated on or before. */
  to?: string | null | undefined;
};

/** One posting line: an account and an amount on exactly one side (the other side 0 or omitted). */
export type JournalLineInput = {
  /** An active account of your organization (`acct_…`). */
  accountId: string;
  /** Credit amount; 0 or omitted on a debit line. */
  credit?: string | null | undefined;
  /** A customer the line concerns. */
  customerId?: string | null | undefined;
  /** Debit amount; 0 or omitted on a credit line. */
  debit?: string | null | undefined;
  /** Line memo. */
  description?: string | null | undefined;
  /** A vendor the line concerns. */
  vendorId?: string | null | undefined;
};

/** How payRate is meant. */
export type PayType =
  /** payRate is per hour. */
  | 'HOURLY'
  /** payRate is per year. */
  | 'SALARY';

/** Narrows a payment list; all given conditions apply. */
export type PaymentFilter = {
  /** Payments of this customer's invoices. */
  customerId?: string | null | undefined;
  /** Payments into this account. */
  depositAccountId?: string | null | undefined;
  /** Received on or after this date. */
  from?: string | null | undefined;
  /** Payments of this invoice. */
  invoiceId?: string | null | undefined;
  /** Received on or before this date. */
  to?: string | null | undefined;
};

/** Narrows a list of products; all given conditions must hold. */
export type ProductFilter = {
  /** Only active (true) or inactive (false). */
  active?: boolean | null | undefined;
  /** Part of the name, or the start of the SKU. */
  search?: string | null | undefined;
  /** Only this type. */
  type?: ProductType | null | undefined;
};

/** What kind of thing a product is. */
export type ProductType =
  /** Goods kept in stock. */
  | 'INVENTORY'
  /** Goods not tracked in stock. */
  | 'NON_INVENTORY'
  /** Work or time, not goods. */
  | 'SERVICE';

/** What a receipt records. */
export type ReceiptKind =
  /** Money given back for a return: the mirror of a sale. */
  | 'REFUND'
  /** A sale paid at once: money in, revenue and tax out. */
  | 'SALE';

/** A receipt is posted when it is recorded; voiding posts the reversal. */
export type ReceiptStatus =
  /** Recorded and posted. */
  | 'POSTED'
  /** Cancelled; its posting was reversed. */
  | 'VOID';

/** A payment made against an open bill. Overpayment is refused. */
export type RecordBillPaymentInput = {
  /** Amount paid; at most the amount due. */
  amount: string;
  /** The bill paid (`bill_…`). */
  billId: string;
  /** Date paid; today when omitted. Not before the bill date, not in a locked period. */
  date?: string | null | undefined;
  /** How it was paid. */
  method?: string | null | undefined;
  /** Bank or cash account the money left; default the bank account. */
  paymentAccountId?: string | null | undefined;
  /** External reference, e.g. a check number. */
  reference?: string | null | undefined;
};

/** A payment received against an open invoice. Overpayment is refused. */
export type RecordPaymentInput = {
  /** Amount received; at most the amount due. */
  amount: string;
  /** Date received; today when omitted. Not before the invoice date, not in a locked period. */
  date?: string | null | undefined;
  /** Asset account the money went into; default the bank account. */
  depositAccountId?: string | null | undefined;
  /** The invoice paid (`inv_…`). */
  invoiceId: string;
  /** How it was paid. */
  method?: string | null | undefined;
  /** External reference. */
  reference?: string | null | undefined;
};

/** The event to send again. */
export type RedeliverWebhookEventInput = {
  /** An event of your organization (`evt_…`). */
  eventId: string;
};

/** Credit paid back to the customer. */
export type RefundCreditNoteInput = {
  /** At most the credit remaining. */
  amount: string;
  /** Date paid; today when omitted. Not before the credit note, not in a locked period. */
  date?: string | null | undefined;
  /** How it was paid. */
  method?: string | null | undefined;
  /** Bank or cash account the money left; default the bank account. */
  paymentAccountId?: string | null | undefined;
  /** External reference. */
  reference?: string | null | undefined;
};

/** A webhook endpoint to deliver events to. */
export type RegisterWebhookInput = {
  /** What the endpoint is for. */
  description?: string | null | undefined;
  /** Event types to deliver (see webhookEventTypes), or ["*"] for all. */
  eventTypes: Array<string>;
  /** An http(s) URL that accepts POSTed JSON. */
  url: string;
};

/** When and why an entry is reversed. */
export type ReverseJournalEntryInput = {
  /** Date of the reversal; today when omitted. Not before the original, not in a locked period. */
  date?: string | null | undefined;
  /** Why; added to the reversal's description. */
  reason?: string | null | undefined;
};

/** How long the replaced secret keeps working. */
export type RollApiKeyInput = {
  /** Hours the old secret keeps working (0 to 168; default 24). 0 stops it at once. */
  expiresInHours?: number | null | undefined;
};

/** Narrows a list of receipts; all given conditions must hold. */
export type SalesReceiptFilter = {
  /** Only this customer's receipts. */
  customerId?: string | null | undefined;
  /** Dated on or after. */
  from?: string | null | undefined;
  /** Only sales, or only refunds. */
  kind?: ReceiptKind | null | undefined;
  /** Part of the number, the reference or the customer's name. */
  search?: string | null | undefined;
  /** Only this status. */
  status?: ReceiptStatus | null | undefined;
  /** Dated on or before. */
  to?: string | null | undefined;
};

/** One receipt line. With a product, description, unit price, tax and account default to the product's. */
export type SalesReceiptLineInput = {
  /** Income account to credit; default the product's, else the sales account. */
  accountId?: string | null | undefined;
  /** Line text; required without a product. */
  description?: string | null | undefined;
  /** Discount in percent; default 0. */
  discountPercent?: string | null | undefined;
  /** A product of your organization (`prod_…`). */
  productId?: string | null | undefined;
  /** Quantity above 0, up to 3 decimals; default 1. */
  quantity?: string | null | undefined;
  /** A bare sales tax rate in percent, posted to the sales tax account; default the product's, else no tax. Not with taxRateId. */
  taxRate?: string | null | undefined;
  /** A tax rate of your organization (`txr_…`): its percentage applies and its tax posts to its sales account. Not with taxRate. */
  taxRateId?: string | null | undefined;
  /** Price per unit; required without a product. */
  unitPrice?: string | null | undefined;
};

/** Narrows a list of tax rates; all given conditions must hold. */
export type TaxRateFilter = {
  /** Only active (true) or inactive (false). */
  active?: boolean | null | undefined;
  /** Part of the name. */
  search?: string | null | undefined;
};

/** Changes to an account; code and type never change once lines may be posted to it. */
export type UpdateAccountInput = {
  /** Deactivate (false) or reactivate (true); system accounts stay active. */
  active?: boolean | null | undefined;
  /** What the account is for. */
  description?: string | null | undefined;
  /** New name. */
  name?: string | null | undefined;
  /** A finer class, free text. */
  subtype?: string | null | undefined;
};

/** Changes to a customer; only the fields given change. */
export type UpdateCustomerInput = {
  /** Deactivate (false) or reactivate (true). */
  active?: boolean | null | undefined;
  /** Postal address; null clears it. */
  address?: AddressInput | null | undefined;
  /** Email address for documents and reminders. */
  email?: string | null | undefined;
  /** The customer's name (company or person), up to 200 characters. */
  name?: string | null | undefined;
  /** Internal notes, up to 2000 characters. */
  notes?: string | null | undefined;
  /** Days until payment is due (0–365); the organization default when unset. */
  paymentTermsDays?: number | null | undefined;
  /** Phone number. */
  phone?: string | null | undefined;
  /** VAT, GST or tax identification number. */
  taxNumber?: string | null | undefined;
};

/** Changes to an employee; only the fields given change. */
export type UpdateEmployeeInput = {
  /** Department. */
  department?: string | null | undefined;
  /** Work email. */
  email?: string | null | undefined;
  /** The HR system's number, unique in the organization. */
  employeeNumber?: string | null | undefined;
  /** Default: full time. */
  employmentType?: EmploymentType | null | undefined;
  /** Last day of employment; not before startDate. */
  endDate?: string | null | undefined;
  /** Given name. */
  firstName?: string | null | undefined;
  /** Job title. */
  jobTitle?: string | null | undefined;
  /** Family name. */
  lastName?: string | null | undefined;
  /** Yearly salary or hourly rate; needs payType. */
  payRate?: string | null | undefined;
  /** SALARY or HOURLY; needs payRate. */
  payType?: PayType | null | undefined;
  /** Phone number. */
  phone?: string | null | undefined;
  /** First day of employment. */
  startDate?: string | null | undefined;
  /** Default ACTIVE; TERMINATED needs an endDate. */
  status?: EmployeeStatus | null | undefined;
};

/** Organization settings to change; only the fields given change. */
export type UpdateOrganizationInput = {
  /** Default payment terms in days (0–365). */
  defaultPaymentTermsDays?: number | null | undefined;
  /** The last day of the fiscal year, MM-DD, e.g. 12-31 or 06-30 (not 02-29). Reports follow it at once, for past dates too: no entry is posted. */
  fiscalYearEnd?: string | null | undefined;
  /** Lock the books up to and including this date; null unlocks. */
  lockDate?: string | null | undefined;
  /** The organization name. */
  name?: string | null | undefined;
};

/** Changes to a product; only the fields given change. Prices on existing invoices never change. */
export type UpdateProductInput = {
  /** Deactivate (false) or reactivate (true). */
  active?: boolean | null | undefined;
  /** Default line description. */
  description?: string | null | undefined;
  /** An expense account (`acct_…`) for its cost. */
  expenseAccountId?: string | null | undefined;
  /** An income account (`acct_…`) for its sales. */
  incomeAccountId?: string | null | undefined;
  /** Name shown on invoices, up to 200 characters. */
  name?: string | null | undefined;
  /** Stock keeping unit (letters, digits, . _ - /), unique in the organization. */
  sku?: string | null | undefined;
  /** Default sales tax rate in percent; omitted or null: sold without tax (0 is a zero rate). */
  taxRate?: string | null | undefined;
  /** Default SERVICE. */
  type?: ProductType | null | undefined;
  /** Default unit price; default 0. */
  unitPrice?: string | null | undefined;
};

/** Changes to a tax rate; only the fields given change. Documents already written keep the percentage they copied. */
export type UpdateTaxRateInput = {
  /** Deactivate (false) or reactivate (true). */
  active?: boolean | null | undefined;
  /** Name, up to 100 characters, unique in the organization (e.g. "NY State 8.875%"). */
  name?: string | null | undefined;
  /** An asset (recoverable tax) or liability account (`acct_…`) the tax paid on bills is debited to; default the recoverable tax account. */
  purchaseAccountId?: string | null | undefined;
  /** The rate in percent, 0 to 100 with at most 4 decimals; 0 for zero-rated sales. */
  rate?: string | null | undefined;
  /** A liability account (`acct_…`) for the tax charged on sales; default: the sales tax account. */
  salesAccountId?: string | null | undefined;
};

/** Changes to a vendor; only the fields given change. */
export type UpdateVendorInput = {
  /** Deactivate (false) or reactivate (true). */
  active?: boolean | null | undefined;
  /** Postal address; null clears it. */
  address?: AddressInput | null | undefined;
  /** Email address for documents and reminders. */
  email?: string | null | undefined;
  /** The vendor's name (company or person), up to 200 characters. */
  name?: string | null | undefined;
  /** Internal notes, up to 2000 characters. */
  notes?: string | null | undefined;
  /** Days until payment is due (0–365); the organization default when unset. */
  paymentTermsDays?: number | null | undefined;
  /** Phone number. */
  phone?: string | null | undefined;
  /** VAT, GST or tax identification number. */
  taxNumber?: string | null | undefined;
};

/** Changes to a webhook subscription; only the fields given change. */
export type UpdateWebhookSubscriptionInput = {
  /** What the endpoint is for. */
  description?: string | null | undefined;
  /** The event types to deliver, or ["*"]. */
  eventTypes?: Array<string> | null | undefined;
  /** A new http(s) URL. */
  url?: string | null | undefined;
};

/** Narrows a list of vendors; all given conditions must hold. */
export type VendorFilter = {
  /** Only active (true) or inactive (false). */
  active?: boolean | null | undefined;
  /** Exact email address. */
  email?: string | null | undefined;
  /** Part of the name or email. */
  search?: string | null | undefined;
};

/** When and why a bill is voided. */
export type VoidBillInput = {
  /** Date of the reversal; today (or the bill date if later) when omitted. */
  date?: string | null | undefined;
  /** Why; added to the reversal's description. */
  reason?: string | null | undefined;
};

/** When and why a credit note is voided. */
export type VoidCreditNoteInput = {
  /** Date of the reversal; today (or the credit note date if later) when omitted. */
  date?: string | null | undefined;
  /** Why; added to the reversal's description. */
  reason?: string | null | undefined;
};

/** When and why an invoice is voided. */
export type VoidInvoiceInput = {
  /** Date of the reversal; today (or the invoice date if later) when omitted. */
  date?: string | null | undefined;
  /** Why; added to the reversal's description. */
  reason?: string | null | undefined;
};

/** When and why a receipt is voided. */
export type VoidSalesReceiptInput = {
  /** Date of the reversal; today (or the receipt date if later) when omitted. */
  date?: string | null | undefined;
  /** Why; added to the reversal's description. */
  reason?: string | null | undefined;
};

/** Narrows the deliveries list. */
export type WebhookDeliveryFilter = {
  /** Only deliveries of this event. */
  eventId?: string | null | undefined;
  /** Only deliveries in this state. */
  status?: WebhookDeliveryStatus | null | undefined;
  /** Only deliveries to this subscription. */
  subscriptionId?: string | null | undefined;
};

/** Where a delivery stands. */
export type WebhookDeliveryStatus =
  /** Every attempt of the retry schedule failed. */
  | 'FAILED'
  /** Not delivered yet: due now or waiting for a retry. */
  | 'PENDING'
  /** The receiver answered 2xx. */
  | 'SUCCEEDED';

/** Reserved for future filters. */
export type WebhookSubscriptionFilter = {
  /** Exact URL. */
  url?: string | null | undefined;
};

export type ListInvoicesQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: InvoiceFilter | null | undefined;
}>;


export type ListInvoicesQuery = { invoicesPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type CreateVendorMutationVariables = Exact<{
  input: CreateVendorInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateVendorMutation = { createVendor: { id: string } | null };

export type RevokeApiKeyMutationVariables = Exact<{
  id: string;
  idempotencyKey?: string | null | undefined;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: { id: string } | null };

export type RedeliverWebhookEventMutationVariables = Exact<{
  id: string;
  input: RedeliverWebhookEventInput;
  idempotencyKey?: string | null | undefined;
}>;


export type RedeliverWebhookEventMutation = { redeliverWebhookEvent: { id: string } | null };

export type GetApiKeyQueryVariables = Exact<{
  id: string;
}>;


export type GetApiKeyQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey', id: string }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type GetCreditNoteQueryVariables = Exact<{
  id: string;
}>;


export type GetCreditNoteQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote', id: string }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type ListBillsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: BillFilter | null | undefined;
}>;


export type ListBillsQuery = { billsPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type FinalizeBillMutationVariables = Exact<{
  id: string;
  idempotencyKey?: string | null | undefined;
}>;


export type FinalizeBillMutation = { finalizeBill: { id: string } | null };

export type VoidBillMutationVariables = Exact<{
  id: string;
  input?: VoidBillInput | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type VoidBillMutation = { voidBill: { id: string } | null };

export type RollApiKeyMutationVariables = Exact<{
  id: string;
  input?: RollApiKeyInput | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type RollApiKeyMutation = { rollApiKey: { id: string, secret: string | null } | null };

export type ListWebhookDeliveriesQueryVariables = Exact<{
  subscriptionId: string;
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: WebhookDeliveryFilter | null | undefined;
}>;


export type ListWebhookDeliveriesQuery = { subscription:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null, webhookDeliveriesPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type GetJournalEntryQueryVariables = Exact<{
  id: string;
}>;


export type GetJournalEntryQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry', id: string }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type VoidInvoiceMutationVariables = Exact<{
  id: string;
  input?: VoidInvoiceInput | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type VoidInvoiceMutation = { voidInvoice: { id: string } | null };

export type GetBillQueryVariables = Exact<{
  id: string;
}>;


export type GetBillQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill', id: string }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type CreateTaxRateMutationVariables = Exact<{
  input: CreateTaxRateInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateTaxRateMutation = { createTaxRate: { id: string } | null };

export type CreateAccountMutationVariables = Exact<{
  input: CreateAccountInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateAccountMutation = { createAccount: { id: string } | null };

export type ListCreditNotesQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: CreditNoteFilter | null | undefined;
}>;


export type ListCreditNotesQuery = { creditNotesPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type ListEmployeesQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: EmployeeFilter | null | undefined;
}>;


export type ListEmployeesQuery = { employeesPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type ListWebhookEventTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type ListWebhookEventTypesQuery = { webhookEventTypes: Array<{ type: string, description: string }> };

export type ListProductsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: ProductFilter | null | undefined;
}>;


export type ListProductsQuery = { productsPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type ListAccountsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: AccountFilter | null | undefined;
}>;


export type ListAccountsQuery = { accountsPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type CreateProductMutationVariables = Exact<{
  input: CreateProductInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateProductMutation = { createProduct: { id: string } | null };

export type RegisterWebhookMutationVariables = Exact<{
  input: RegisterWebhookInput;
  idempotencyKey?: string | null | undefined;
}>;


export type RegisterWebhookMutation = { registerWebhook: { id: string, secret: string | null } | null };

export type GetAgedPayablesQueryVariables = Exact<{
  asOf?: string | null | undefined;
}>;


export type GetAgedPayablesQuery = { agedPayables: { asOf: string, rows: Array<{ current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string, vendor: { id: string, name: string } }>, totals: { current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string }, bills: Array<{ number: string, issueDate: string, dueDate: string, daysOverdue: number, bucket: AgingBucket, outstanding: string, bill: { id: string } }> } };

export type UpdateProductMutationVariables = Exact<{
  id: string;
  input: UpdateProductInput;
  idempotencyKey?: string | null | undefined;
}>;


export type UpdateProductMutation = { updateProduct: { id: string } | null };

export type GetWebhookSubscriptionQueryVariables = Exact<{
  id: string;
}>;


export type GetWebhookSubscriptionQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription', id: string }
   | null };

export type CreateInvoiceMutationVariables = Exact<{
  input: CreateInvoiceInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateInvoiceMutation = { createInvoice: { id: string } | null };

export type GetTaxSummaryQueryVariables = Exact<{
  from: string;
  to: string;
}>;


export type GetTaxSummaryQuery = { taxSummary: { from: string, to: string, totalTaxableAmount: string, totalTaxCollected: string, totalTaxablePurchases: string, totalTaxPaid: string, totalNetTax: string, rows: Array<{ rate: string, taxableAmount: string, taxCollected: string, taxablePurchases: string, taxPaid: string, netTax: string, taxRate: { id: string, name: string } | null, account: { id: string, code: string, name: string } | null, purchaseAccount: { id: string, code: string, name: string } | null }> } };

export type RecordBillPaymentMutationVariables = Exact<{
  input: RecordBillPaymentInput;
  idempotencyKey?: string | null | undefined;
}>;


export type RecordBillPaymentMutation = { recordBillPayment: { id: string } | null };

export type ListApiKeysQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: ApiKeyFilter | null | undefined;
}>;


export type ListApiKeysQuery = { apiKeysPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type UpdateAccountMutationVariables = Exact<{
  id: string;
  input: UpdateAccountInput;
  idempotencyKey?: string | null | undefined;
}>;


export type UpdateAccountMutation = { updateAccount: { id: string } | null };

export type UpdateWebhookSubscriptionMutationVariables = Exact<{
  id: string;
  input: UpdateWebhookSubscriptionInput;
  idempotencyKey?: string | null | undefined;
}>;


export type UpdateWebhookSubscriptionMutation = { updateWebhookSubscription: { id: string } | null };

export type ListTaxRatesQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: TaxRateFilter | null | undefined;
}>;


export type ListTaxRatesQuery = { taxRatesPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type GetCustomerQueryVariables = Exact<{
  id: string;
}>;


export type GetCustomerQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer', id: string }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type UpdateCustomerMutationVariables = Exact<{
  id: string;
  input: UpdateCustomerInput;
  idempotencyKey?: string | null | undefined;
}>;


export type UpdateCustomerMutation = { updateCustomer: { id: string } | null };

export type ListEventsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: EventFilter | null | undefined;
}>;


export type ListEventsQuery = { eventsPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type GetEventQueryVariables = Exact<{
  id: string;
}>;


export type GetEventQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event', id: string }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type GetPaymentQueryVariables = Exact<{
  id: string;
}>;


export type GetPaymentQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment', id: string }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type RecordPaymentMutationVariables = Exact<{
  input: RecordPaymentInput;
  idempotencyKey?: string | null | undefined;
}>;


export type RecordPaymentMutation = { recordPayment: { id: string } | null };

export type GetTaxRateQueryVariables = Exact<{
  id: string;
}>;


export type GetTaxRateQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate', id: string }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type GetProductQueryVariables = Exact<{
  id: string;
}>;


export type GetProductQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product', id: string }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type ListVendorsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: VendorFilter | null | undefined;
}>;


export type ListVendorsQuery = { vendorsPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type UpdateVendorMutationVariables = Exact<{
  id: string;
  input: UpdateVendorInput;
  idempotencyKey?: string | null | undefined;
}>;


export type UpdateVendorMutation = { updateVendor: { id: string } | null };

export type VoidSalesReceiptMutationVariables = Exact<{
  id: string;
  input?: VoidSalesReceiptInput | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type VoidSalesReceiptMutation = { voidSalesReceipt: { id: string } | null };

export type UpdateTaxRateMutationVariables = Exact<{
  id: string;
  input: UpdateTaxRateInput;
  idempotencyKey?: string | null | undefined;
}>;


export type UpdateTaxRateMutation = { updateTaxRate: { id: string } | null };

export type GetAccountQueryVariables = Exact<{
  id: string;
}>;


export type GetAccountQuery = { node:
    | { __typename: 'Account', id: string }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type ListWebhookSubscriptionsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: WebhookSubscriptionFilter | null | undefined;
}>;


export type ListWebhookSubscriptionsQuery = { webhookSubscriptionsPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type ListSalesReceiptsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: SalesReceiptFilter | null | undefined;
}>;


export type ListSalesReceiptsQuery = { salesReceiptsPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type ReverseJournalEntryMutationVariables = Exact<{
  id: string;
  input?: ReverseJournalEntryInput | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type ReverseJournalEntryMutation = { reverseJournalEntry: { id: string } | null };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: string;
  idempotencyKey?: string | null | undefined;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { id: string, secret: string | null } | null };

export type SendTestWebhookMutationVariables = Exact<{
  id: string;
  idempotencyKey?: string | null | undefined;
}>;


export type SendTestWebhookMutation = { sendTestWebhook: { id: string } | null };

export type GetBalanceSheetQueryVariables = Exact<{
  asOf?: string | null | undefined;
}>;


export type GetBalanceSheetQuery = { balanceSheet: { asOf: string, fiscalYearStart: string, retainedEarnings: string, currentEarnings: string, totalLiabilitiesAndEquity: string, assets: { total: string, rows: Array<{ amount: string, account: { id: string, code: string, name: string, type: AccountType } }> }, liabilities: { total: string, rows: Array<{ amount: string, account: { id: string, code: string, name: string, type: AccountType } }> }, equity: { total: string, rows: Array<{ amount: string, account: { id: string, code: string, name: string, type: AccountType } }> } } };

export type CreateCustomerMutationVariables = Exact<{
  input: CreateCustomerInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateCustomerMutation = { createCustomer: { id: string } | null };

export type EnableWebhookSubscriptionMutationVariables = Exact<{
  id: string;
  idempotencyKey?: string | null | undefined;
}>;


export type EnableWebhookSubscriptionMutation = { enableWebhookSubscription: { id: string } | null };

export type CreateCreditNoteMutationVariables = Exact<{
  input: CreateCreditNoteInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateCreditNoteMutation = { createCreditNote: { id: string } | null };

export type GetTrialBalanceQueryVariables = Exact<{
  asOf?: string | null | undefined;
}>;


export type GetTrialBalanceQuery = { trialBalance: { asOf: string, totalDebit: string, totalCredit: string, rows: Array<{ debit: string, credit: string, account: { id: string, code: string, name: string, type: AccountType } }> } };

export type GetInvoiceQueryVariables = Exact<{
  id: string;
}>;


export type GetInvoiceQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice', id: string }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type GetOrganizationQueryVariables = Exact<{ [key: string]: never; }>;


export type GetOrganizationQuery = { viewer: { organization: { id: string } } };

export type UpdateOrganizationMutationVariables = Exact<{
  input: UpdateOrganizationInput;
  idempotencyKey?: string | null | undefined;
}>;


export type UpdateOrganizationMutation = { updateOrganization: { id: string } | null };

export type CreateEmployeeMutationVariables = Exact<{
  input: CreateEmployeeInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateEmployeeMutation = { createEmployee: { id: string } | null };

export type GetAgedReceivablesQueryVariables = Exact<{
  asOf?: string | null | undefined;
}>;


export type GetAgedReceivablesQuery = { agedReceivables: { asOf: string, rows: Array<{ current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string, customer: { id: string, name: string } }>, totals: { current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string }, invoices: Array<{ number: string, issueDate: string, dueDate: string, daysOverdue: number, bucket: AgingBucket, outstanding: string, invoice: { id: string } }>, creditNotes: Array<{ number: string, issueDate: string, dueDate: string, daysOverdue: number, bucket: AgingBucket, outstanding: string, creditNote: { id: string } }> } };

export type GetProfitAndLossQueryVariables = Exact<{
  from: string;
  to: string;
}>;


export type GetProfitAndLossQuery = { profitAndLoss: { from: string, to: string, netIncome: string, income: { total: string, rows: Array<{ amount: string, account: { id: string, code: string, name: string, type: AccountType } }> }, expenses: { total: string, rows: Array<{ amount: string, account: { id: string, code: string, name: string, type: AccountType } }> } } };

export type GetVendorQueryVariables = Exact<{
  id: string;
}>;


export type GetVendorQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor', id: string }
    | { __typename: 'WebhookSubscription' }
   | null };

export type DisableWebhookSubscriptionMutationVariables = Exact<{
  id: string;
  idempotencyKey?: string | null | undefined;
}>;


export type DisableWebhookSubscriptionMutation = { disableWebhookSubscription: { id: string } | null };

export type CreateJournalEntryMutationVariables = Exact<{
  input: CreateJournalEntryInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateJournalEntryMutation = { createJournalEntry: { id: string } | null };

export type CreateApiKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateApiKeyMutation = { createApiKey: { id: string, secret: string | null } | null };

export type ListCustomersQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: CustomerFilter | null | undefined;
}>;


export type ListCustomersQuery = { customersPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type ApplyCreditNoteMutationVariables = Exact<{
  id: string;
  input: ApplyCreditNoteInput;
  idempotencyKey?: string | null | undefined;
}>;


export type ApplyCreditNoteMutation = { applyCreditNote: { id: string } | null };

export type GetSalesReceiptQueryVariables = Exact<{
  id: string;
}>;


export type GetSalesReceiptQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee' }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt', id: string }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type FinalizeInvoiceMutationVariables = Exact<{
  id: string;
  idempotencyKey?: string | null | undefined;
}>;


export type FinalizeInvoiceMutation = { finalizeInvoice: { id: string } | null };

export type CreateSalesReceiptMutationVariables = Exact<{
  input: CreateSalesReceiptInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateSalesReceiptMutation = { createSalesReceipt: { id: string } | null };

export type UpdateEmployeeMutationVariables = Exact<{
  id: string;
  input: UpdateEmployeeInput;
  idempotencyKey?: string | null | undefined;
}>;


export type UpdateEmployeeMutation = { updateEmployee: { id: string } | null };

export type ListPaymentsQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: PaymentFilter | null | undefined;
}>;


export type ListPaymentsQuery = { paymentsPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type ListJournalEntriesQueryVariables = Exact<{
  page?: number | null | undefined;
  limit?: number | null | undefined;
  filter?: JournalEntryFilter | null | undefined;
}>;


export type ListJournalEntriesQuery = { journalEntriesPage: { total: number, page: number, limit: number, pages: number, data: Array<{ id: string }> } };

export type CreateBillMutationVariables = Exact<{
  input: CreateBillInput;
  idempotencyKey?: string | null | undefined;
}>;


export type CreateBillMutation = { createBill: { id: string } | null };

export type RefundCreditNoteMutationVariables = Exact<{
  id: string;
  input: RefundCreditNoteInput;
  idempotencyKey?: string | null | undefined;
}>;


export type RefundCreditNoteMutation = { refundCreditNote: { id: string } | null };

export type GetEmployeeQueryVariables = Exact<{
  id: string;
}>;


export type GetEmployeeQuery = { node:
    | { __typename: 'Account' }
    | { __typename: 'ApiKey' }
    | { __typename: 'Bill' }
    | { __typename: 'BillPayment' }
    | { __typename: 'CreditNote' }
    | { __typename: 'Customer' }
    | { __typename: 'Employee', id: string }
    | { __typename: 'Event' }
    | { __typename: 'Invoice' }
    | { __typename: 'JournalEntry' }
    | { __typename: 'Payment' }
    | { __typename: 'Product' }
    | { __typename: 'SalesReceipt' }
    | { __typename: 'TaxRate' }
    | { __typename: 'Vendor' }
    | { __typename: 'WebhookSubscription' }
   | null };

export type GetGeneralLedgerQueryVariables = Exact<{
  accountId: string;
  from?: string | null | undefined;
  to?: string | null | undefined;
  page?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type GetGeneralLedgerQuery = { generalLedger: { from: string | null, to: string | null, openingBalance: string, closingBalance: string, account: { id: string, code: string, name: string, type: AccountType }, lines: { total: number, page: number, limit: number, pages: number, data: Array<{ balance: string, line: { id: string, date: string, description: string | null, debit: string, credit: string, entry: { id: string } } }> } } };

export type VoidCreditNoteMutationVariables = Exact<{
  id: string;
  input?: VoidCreditNoteInput | null | undefined;
  idempotencyKey?: string | null | undefined;
}>;


export type VoidCreditNoteMutation = { voidCreditNote: { id: string } | null };


export const ListInvoicesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listInvoices"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"InvoiceFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoicesPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListInvoicesQuery, ListInvoicesQueryVariables>;
export const CreateVendorDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createVendor"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateVendorInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createVendor"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateVendorMutation, CreateVendorMutationVariables>;
export const RevokeApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"revokeApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const RedeliverWebhookEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"redeliverWebhookEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RedeliverWebhookEventInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverWebhookEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<RedeliverWebhookEventMutation, RedeliverWebhookEventMutationVariables>;
export const GetApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKey"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetApiKeyQuery, GetApiKeyQueryVariables>;
export const GetCreditNoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getCreditNote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreditNote"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetCreditNoteQuery, GetCreditNoteQueryVariables>;
export const ListBillsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listBills"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"BillFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"billsPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListBillsQuery, ListBillsQueryVariables>;
export const FinalizeBillDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"finalizeBill"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"finalizeBill"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<FinalizeBillMutation, FinalizeBillMutationVariables>;
export const VoidBillDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"voidBill"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"VoidBillInput"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voidBill"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<VoidBillMutation, VoidBillMutationVariables>;
export const RollApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"rollApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"RollApiKeyInput"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rollApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}}]}}]}}]} as unknown as DocumentNode<RollApiKeyMutation, RollApiKeyMutationVariables>;
export const ListWebhookDeliveriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listWebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subscriptionId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDeliveryFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"subscription"},"name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subscriptionId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}},{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveriesPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"field"},"value":{"kind":"EnumValue","value":"CREATED_AT"}},{"kind":"ObjectField","name":{"kind":"Name","value":"direction"},"value":{"kind":"EnumValue","value":"DESC"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListWebhookDeliveriesQuery, ListWebhookDeliveriesQueryVariables>;
export const GetJournalEntryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getJournalEntry"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"JournalEntry"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetJournalEntryQuery, GetJournalEntryQueryVariables>;
export const VoidInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"voidInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"VoidInvoiceInput"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voidInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<VoidInvoiceMutation, VoidInvoiceMutationVariables>;
export const GetBillDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getBill"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Bill"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetBillQuery, GetBillQueryVariables>;
export const CreateTaxRateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createTaxRate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTaxRateInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTaxRate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateTaxRateMutation, CreateTaxRateMutationVariables>;
export const CreateAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateAccountInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateAccountMutation, CreateAccountMutationVariables>;
export const ListCreditNotesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listCreditNotes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CreditNoteFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"creditNotesPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListCreditNotesQuery, ListCreditNotesQueryVariables>;
export const ListEmployeesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listEmployees"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EmployeeFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"employeesPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListEmployeesQuery, ListEmployeesQueryVariables>;
export const ListWebhookEventTypesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listWebhookEventTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEventTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<ListWebhookEventTypesQuery, ListWebhookEventTypesQueryVariables>;
export const ListProductsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listProducts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProductFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"productsPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListProductsQuery, ListProductsQueryVariables>;
export const ListAccountsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listAccounts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AccountFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountsPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListAccountsQuery, ListAccountsQueryVariables>;
export const CreateProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createProduct"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateProductInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateProductMutation, CreateProductMutationVariables>;
export const RegisterWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"registerWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterWebhookInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}}]}}]}}]} as unknown as DocumentNode<RegisterWebhookMutation, RegisterWebhookMutationVariables>;
export const GetAgedPayablesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getAgedPayables"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"asOf"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"agedPayables"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"asOf"},"value":{"kind":"Variable","name":{"kind":"Name","value":"asOf"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"asOf"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"vendor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"current"}},{"kind":"Field","name":{"kind":"Name","value":"days1to30"}},{"kind":"Field","name":{"kind":"Name","value":"days31to60"}},{"kind":"Field","name":{"kind":"Name","value":"days61to90"}},{"kind":"Field","name":{"kind":"Name","value":"over90"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"current"}},{"kind":"Field","name":{"kind":"Name","value":"days1to30"}},{"kind":"Field","name":{"kind":"Name","value":"days31to60"}},{"kind":"Field","name":{"kind":"Name","value":"days61to90"}},{"kind":"Field","name":{"kind":"Name","value":"over90"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bills"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bill"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"issueDate"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"daysOverdue"}},{"kind":"Field","name":{"kind":"Name","value":"bucket"}},{"kind":"Field","name":{"kind":"Name","value":"outstanding"}}]}}]}}]}}]} as unknown as DocumentNode<GetAgedPayablesQuery, GetAgedPayablesQueryVariables>;
export const UpdateProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"updateProduct"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateProductInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProduct"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<UpdateProductMutation, UpdateProductMutationVariables>;
export const GetWebhookSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getWebhookSubscription"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookSubscription"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetWebhookSubscriptionQuery, GetWebhookSubscriptionQueryVariables>;
export const CreateInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateInvoiceInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateInvoiceMutation, CreateInvoiceMutationVariables>;
export const GetTaxSummaryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getTaxSummary"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"taxSummary"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"taxRate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"rate"}},{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"purchaseAccount"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"taxableAmount"}},{"kind":"Field","name":{"kind":"Name","value":"taxCollected"}},{"kind":"Field","name":{"kind":"Name","value":"taxablePurchases"}},{"kind":"Field","name":{"kind":"Name","value":"taxPaid"}},{"kind":"Field","name":{"kind":"Name","value":"netTax"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalTaxableAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalTaxCollected"}},{"kind":"Field","name":{"kind":"Name","value":"totalTaxablePurchases"}},{"kind":"Field","name":{"kind":"Name","value":"totalTaxPaid"}},{"kind":"Field","name":{"kind":"Name","value":"totalNetTax"}}]}}]}}]} as unknown as DocumentNode<GetTaxSummaryQuery, GetTaxSummaryQueryVariables>;
export const RecordBillPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"recordBillPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RecordBillPaymentInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recordBillPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<RecordBillPaymentMutation, RecordBillPaymentMutationVariables>;
export const ListApiKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listApiKeys"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ApiKeyFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeysPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListApiKeysQuery, ListApiKeysQueryVariables>;
export const UpdateAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"updateAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateAccountInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<UpdateAccountMutation, UpdateAccountMutationVariables>;
export const UpdateWebhookSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"updateWebhookSubscription"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookSubscriptionInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhookSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<UpdateWebhookSubscriptionMutation, UpdateWebhookSubscriptionMutationVariables>;
export const ListTaxRatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listTaxRates"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TaxRateFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"taxRatesPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListTaxRatesQuery, ListTaxRatesQueryVariables>;
export const GetCustomerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getCustomer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Customer"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetCustomerQuery, GetCustomerQueryVariables>;
export const UpdateCustomerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"updateCustomer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateCustomerInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateCustomer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<UpdateCustomerMutation, UpdateCustomerMutationVariables>;
export const ListEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EventFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventsPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListEventsQuery, ListEventsQueryVariables>;
export const GetEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetEventQuery, GetEventQueryVariables>;
export const GetPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Payment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetPaymentQuery, GetPaymentQueryVariables>;
export const RecordPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"recordPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RecordPaymentInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recordPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<RecordPaymentMutation, RecordPaymentMutationVariables>;
export const GetTaxRateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getTaxRate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaxRate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetTaxRateQuery, GetTaxRateQueryVariables>;
export const GetProductDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getProduct"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Product"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetProductQuery, GetProductQueryVariables>;
export const ListVendorsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listVendors"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"VendorFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"vendorsPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListVendorsQuery, ListVendorsQueryVariables>;
export const UpdateVendorDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"updateVendor"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateVendorInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateVendor"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<UpdateVendorMutation, UpdateVendorMutationVariables>;
export const VoidSalesReceiptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"voidSalesReceipt"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"VoidSalesReceiptInput"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voidSalesReceipt"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<VoidSalesReceiptMutation, VoidSalesReceiptMutationVariables>;
export const UpdateTaxRateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"updateTaxRate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTaxRateInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTaxRate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<UpdateTaxRateMutation, UpdateTaxRateMutationVariables>;
export const GetAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Account"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetAccountQuery, GetAccountQueryVariables>;
export const ListWebhookSubscriptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listWebhookSubscriptions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookSubscriptionFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookSubscriptionsPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListWebhookSubscriptionsQuery, ListWebhookSubscriptionsQueryVariables>;
export const ListSalesReceiptsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listSalesReceipts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SalesReceiptFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"salesReceiptsPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListSalesReceiptsQuery, ListSalesReceiptsQueryVariables>;
export const ReverseJournalEntryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"reverseJournalEntry"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ReverseJournalEntryInput"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reverseJournalEntry"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<ReverseJournalEntryMutation, ReverseJournalEntryMutationVariables>;
export const RotateWebhookSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"rotateWebhookSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}}]}}]}}]} as unknown as DocumentNode<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const SendTestWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"sendTestWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendTestWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<SendTestWebhookMutation, SendTestWebhookMutationVariables>;
export const GetBalanceSheetDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getBalanceSheet"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"asOf"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balanceSheet"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"asOf"},"value":{"kind":"Variable","name":{"kind":"Name","value":"asOf"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"asOf"}},{"kind":"Field","name":{"kind":"Name","value":"fiscalYearStart"}},{"kind":"Field","name":{"kind":"Name","value":"assets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"liabilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"equity"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"retainedEarnings"}},{"kind":"Field","name":{"kind":"Name","value":"currentEarnings"}},{"kind":"Field","name":{"kind":"Name","value":"totalLiabilitiesAndEquity"}}]}}]}}]} as unknown as DocumentNode<GetBalanceSheetQuery, GetBalanceSheetQueryVariables>;
export const CreateCustomerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createCustomer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCustomerInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCustomer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateCustomerMutation, CreateCustomerMutationVariables>;
export const EnableWebhookSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"enableWebhookSubscription"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"enableWebhookSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<EnableWebhookSubscriptionMutation, EnableWebhookSubscriptionMutationVariables>;
export const CreateCreditNoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createCreditNote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCreditNoteInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCreditNote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateCreditNoteMutation, CreateCreditNoteMutationVariables>;
export const GetTrialBalanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getTrialBalance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"asOf"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trialBalance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"asOf"},"value":{"kind":"Variable","name":{"kind":"Name","value":"asOf"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"asOf"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"debit"}},{"kind":"Field","name":{"kind":"Name","value":"credit"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalDebit"}},{"kind":"Field","name":{"kind":"Name","value":"totalCredit"}}]}}]}}]} as unknown as DocumentNode<GetTrialBalanceQuery, GetTrialBalanceQueryVariables>;
export const GetInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Invoice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetInvoiceQuery, GetInvoiceQueryVariables>;
export const GetOrganizationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getOrganization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetOrganizationQuery, GetOrganizationQueryVariables>;
export const UpdateOrganizationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"updateOrganization"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateOrganizationInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateOrganization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<UpdateOrganizationMutation, UpdateOrganizationMutationVariables>;
export const CreateEmployeeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createEmployee"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateEmployeeInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createEmployee"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateEmployeeMutation, CreateEmployeeMutationVariables>;
export const GetAgedReceivablesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getAgedReceivables"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"asOf"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"agedReceivables"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"asOf"},"value":{"kind":"Variable","name":{"kind":"Name","value":"asOf"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"asOf"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"current"}},{"kind":"Field","name":{"kind":"Name","value":"days1to30"}},{"kind":"Field","name":{"kind":"Name","value":"days31to60"}},{"kind":"Field","name":{"kind":"Name","value":"days61to90"}},{"kind":"Field","name":{"kind":"Name","value":"over90"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"current"}},{"kind":"Field","name":{"kind":"Name","value":"days1to30"}},{"kind":"Field","name":{"kind":"Name","value":"days31to60"}},{"kind":"Field","name":{"kind":"Name","value":"days61to90"}},{"kind":"Field","name":{"kind":"Name","value":"over90"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"invoices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"issueDate"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"daysOverdue"}},{"kind":"Field","name":{"kind":"Name","value":"bucket"}},{"kind":"Field","name":{"kind":"Name","value":"outstanding"}}]}},{"kind":"Field","name":{"kind":"Name","value":"creditNotes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"creditNote"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"issueDate"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"daysOverdue"}},{"kind":"Field","name":{"kind":"Name","value":"bucket"}},{"kind":"Field","name":{"kind":"Name","value":"outstanding"}}]}}]}}]}}]} as unknown as DocumentNode<GetAgedReceivablesQuery, GetAgedReceivablesQueryVariables>;
export const GetProfitAndLossDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getProfitAndLoss"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"profitAndLoss"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"income"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"expenses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}},{"kind":"Field","name":{"kind":"Name","value":"netIncome"}}]}}]}}]} as unknown as DocumentNode<GetProfitAndLossQuery, GetProfitAndLossQueryVariables>;
export const GetVendorDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getVendor"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Vendor"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetVendorQuery, GetVendorQueryVariables>;
export const DisableWebhookSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"disableWebhookSubscription"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disableWebhookSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DisableWebhookSubscriptionMutation, DisableWebhookSubscriptionMutationVariables>;
export const CreateJournalEntryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createJournalEntry"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateJournalEntryInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createJournalEntry"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateJournalEntryMutation, CreateJournalEntryMutationVariables>;
export const CreateApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateApiKeyInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}}]}}]}}]} as unknown as DocumentNode<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const ListCustomersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listCustomers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CustomerFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customersPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListCustomersQuery, ListCustomersQueryVariables>;
export const ApplyCreditNoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"applyCreditNote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ApplyCreditNoteInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"applyCreditNote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<ApplyCreditNoteMutation, ApplyCreditNoteMutationVariables>;
export const GetSalesReceiptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getSalesReceipt"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SalesReceipt"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetSalesReceiptQuery, GetSalesReceiptQueryVariables>;
export const FinalizeInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"finalizeInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"finalizeInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<FinalizeInvoiceMutation, FinalizeInvoiceMutationVariables>;
export const CreateSalesReceiptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createSalesReceipt"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSalesReceiptInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSalesReceipt"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateSalesReceiptMutation, CreateSalesReceiptMutationVariables>;
export const UpdateEmployeeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"updateEmployee"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateEmployeeInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateEmployee"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<UpdateEmployeeMutation, UpdateEmployeeMutationVariables>;
export const ListPaymentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listPayments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paymentsPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListPaymentsQuery, ListPaymentsQueryVariables>;
export const ListJournalEntriesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"listJournalEntries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JournalEntryFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"journalEntriesPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]} as unknown as DocumentNode<ListJournalEntriesQuery, ListJournalEntriesQueryVariables>;
export const CreateBillDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"createBill"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBillInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBill"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<CreateBillMutation, CreateBillMutationVariables>;
export const RefundCreditNoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"refundCreditNote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RefundCreditNoteInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refundCreditNote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<RefundCreditNoteMutation, RefundCreditNoteMutationVariables>;
export const GetEmployeeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getEmployee"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Employee"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<GetEmployeeQuery, GetEmployeeQueryVariables>;
export const GetGeneralLedgerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"getGeneralLedger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"accountId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Date"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"generalLedger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"accountId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"accountId"}}},{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}},{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"openingBalance"}},{"kind":"Field","name":{"kind":"Name","value":"closingBalance"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"line"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entry"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"debit"}},{"kind":"Field","name":{"kind":"Name","value":"credit"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"pages"}}]}}]}}]}}]} as unknown as DocumentNode<GetGeneralLedgerQuery, GetGeneralLedgerQueryVariables>;
export const VoidCreditNoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"voidCreditNote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"VoidCreditNoteInput"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voidCreditNote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<VoidCreditNoteMutation, VoidCreditNoteMutationVariables>;