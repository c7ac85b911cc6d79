/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

/** Whether a key authenticates. */
export type ApiKeyStatus =
  /** It authenticates. */
  | 'ACTIVE'
  /** Past its expiresAt: refused with 401 saying so. */
  | 'EXPIRED'
  /** Revoked: refused with 401. */
  | 'REVOKED';

/** How the tax charged on a bad debt is reclaimed. */
export type BadDebtTaxRelief =
  /** A write-off leaves the tax as charged: Dr the bad-debt account with the whole amount. */
  | 'NONE'
  /** A write-off takes back the tax in what it writes off (VAT or GST bad-debt relief): Dr each tax account its share, the rest Dr the bad-debt account; the tax summary takes it off the tax collected in the write-off's period. */
  | 'ON_WRITE_OFF';

/** What a bank account is. */
export type BankAccountKind =
  /** A bank account (an asset, subtype bank). */
  | 'BANK'
  /** Cash on hand (an asset, subtype cash). */
  | 'CASH'
  /** A credit card (a liability, subtype credit_card). */
  | 'CREDIT_CARD';

/** Where a statement line stands. */
export type BankTransactionStatus =
  /** Not for the books (a duplicate, a line that is not the organization’s). */
  | 'EXCLUDED'
  /** Matched to recorded transactions (or explained into one). */
  | 'MATCHED'
  /** Not yet in the books: match it, explain it, or exclude it. */
  | 'UNMATCHED';

/** A new API key. It may hold only scopes the key creating it holds. */
export type CreateApiKeyInput = {
  /** When it stops working; omitted: never. */
  expiresAt?: string | null | undefined;
  /** What the key is for, up to 100 characters. */
  name: string;
  /** What it may do: `<resource>:read` or `<resource>:write` (write implies read), or `*`. */
  scopes: Array<string>;
};

/** A new bank account: a new ledger account (name and kind), or an existing bank, cash or credit card account (accountId). */
export type CreateBankAccountInput = {
  /** An existing bank, cash or credit card account of the chart; nothing is posted for it. */
  accountId?: string | null | undefined;
  /** The account number or IBAN; only its last four digits are kept. */
  accountNumber?: string | null | undefined;
  /** The bank's name. */
  bankName?: string | null | undefined;
  /** Its code; the next free one of its kind when omitted. */
  code?: string | null | undefined;
  /** ISO 4217; the home currency when omitted (a credit card is in the home currency). */
  currency?: string | null | undefined;
  /** bank, cash, credit_card (without accountId). */
  kind?: string | null | undefined;
  /** The new ledger account’s name (without accountId). */
  name?: string | null | undefined;
  /** Its balance on the opening date (a card owing is negative); posted for a new account. */
  openingBalance?: string | null | undefined;
  /** The date of the opening balance; today when omitted. */
  openingDate?: string | null | undefined;
};

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

/** A webhook endpoint to deliver events to. */
export type RegisterWebhookInput = {
  /** What the endpoint is for. */
  description?: string | null | undefined;
  /** Event types to deliver (see webhookEventTypes), or ["*"] for all. */
  eventTypes: Array<string>;
  /** An http(s) URL that accepts POSTed JSON. */
  url: string;
};

/** How long the replaced secret keeps working. */
export type RollApiKeyInput = {
  /** Hours the old secret keeps working (0 to 168; default 24). 0 stops it at once. */
  expiresInHours?: number | null | undefined;
};

/** Organization settings to change; only the fields given change. */
export type UpdateOrganizationInput = {
  /** Its postal address on its documents, lines separated by newlines (at most 500 characters); null clears. */
  address?: string | null | undefined;
  /** How write-offs from now on treat the tax in what they write off; write-offs made before keep theirs. */
  badDebtTaxRelief?: BadDebtTaxRelief | null | undefined;
  /** Default payment terms in days (0–365). */
  defaultPaymentTermsDays?: number | null | undefined;
  /** Its email address on its documents; null clears. */
  email?: string | null | undefined;
  /** The last day of the fiscal year, MM-DD, e.g. 12-31 or 06-30 (not 02-29). Reports follow it at once, for past dates too: no entry is posted. */
  fiscalYearEnd?: string | null | undefined;
  /** The BCP 47 locale its documents write numbers and dates in (e.g. de-DE); null: en-US. */
  locale?: string | null | undefined;
  /** Lock the books up to and including this date; null unlocks. */
  lockDate?: string | null | undefined;
  /** Its logo, a PNG or JPEG of at most 256 KB, as base64 or a data: URL; null removes it. */
  logo?: string | null | undefined;
  /** The organization name. */
  name?: string | null | undefined;
  /** How to pay it: bank details (IBAN and BIC, or account and routing number), lines separated by newlines (at most 500 characters), on its invoices with the invoice's number as the reference; null clears. */
  paymentDetails?: string | null | undefined;
  /** Its tax id on its documents; null clears. */
  taxId?: string | null | undefined;
};

/** Where a delivery stands. */
export type WebhookDeliveryStatus =
  /** Every attempt of the retry schedule failed. */
  | 'FAILED'
  /** Not delivered yet: due now or waiting for a retry. */
  | 'PENDING'
  /** The receiver answered 2xx. */
  | 'SUCCEEDED';

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { organization: { name: string, baseCurrency: string }, apiKey: { name: string, scopes: Array<string> } } };

export type FiguresFragment = { viewer: { organization: { name: string, baseCurrency: string } }, agedReceivables: { asOf: string, totals: { current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string } }, agedPayables: { asOf: string, totals: { current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string } }, balanceSheet: { assets: { rows: Array<{ amount: string, account: { id: string, code: string, name: string, subtype: string | null } }> } }, m01: { from: string, to: string, income: { total: string } }, m02: { from: string, to: string, income: { total: string } }, m03: { from: string, to: string, income: { total: string } }, m04: { from: string, to: string, income: { total: string } }, m05: { from: string, to: string, income: { total: string } }, m06: { from: string, to: string, income: { total: string } }, m07: { from: string, to: string, income: { total: string } }, m08: { from: string, to: string, income: { total: string } }, m09: { from: string, to: string, income: { total: string } }, m10: { from: string, to: string, income: { total: string } }, m11: { from: string, to: string, income: { total: string } }, m12: { from: string, to: string, income: { total: string } }, invoices: { edges: Array<{ node: { id: string, number: string, status: InvoiceStatus, issueDate: string, dueDate: string, total: string, amountDue: string, isOverdue: boolean, customer: { id: string, name: string } } }> }, journalEntries: { edges: Array<{ node: { id: string, number: number, date: string, description: string, sourceType: string, totalAmount: string } }> } };

export type RevenueFragment = { from: string, to: string, income: { total: string } };

export type FeedEventFragment = { id: string, sequence: number, type: string, createdAt: string, data: unknown };

export type DashboardFiguresQueryVariables = Exact<{
  m01From: string;
  m01To: string;
  m02From: string;
  m02To: string;
  m03From: string;
  m03To: string;
  m04From: string;
  m04To: string;
  m05From: string;
  m05To: string;
  m06From: string;
  m06To: string;
  m07From: string;
  m07To: string;
  m08From: string;
  m08To: string;
  m09From: string;
  m09To: string;
  m10From: string;
  m10To: string;
  m11From: string;
  m11To: string;
  m12From: string;
  m12To: string;
}>;


export type DashboardFiguresQuery = { viewer: { organization: { name: string, baseCurrency: string } }, agedReceivables: { asOf: string, totals: { current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string } }, agedPayables: { asOf: string, totals: { current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string } }, balanceSheet: { assets: { rows: Array<{ amount: string, account: { id: string, code: string, name: string, subtype: string | null } }> } }, m01: { from: string, to: string, income: { total: string } }, m02: { from: string, to: string, income: { total: string } }, m03: { from: string, to: string, income: { total: string } }, m04: { from: string, to: string, income: { total: string } }, m05: { from: string, to: string, income: { total: string } }, m06: { from: string, to: string, income: { total: string } }, m07: { from: string, to: string, income: { total: string } }, m08: { from: string, to: string, income: { total: string } }, m09: { from: string, to: string, income: { total: string } }, m10: { from: string, to: string, income: { total: string } }, m11: { from: string, to: string, income: { total: string } }, m12: { from: string, to: string, income: { total: string } }, invoices: { edges: Array<{ node: { id: string, number: string, status: InvoiceStatus, issueDate: string, dueDate: string, total: string, amountDue: string, isOverdue: boolean, customer: { id: string, name: string } } }> }, journalEntries: { edges: Array<{ node: { id: string, number: number, date: string, description: string, sourceType: string, totalAmount: string } }> } };

export type DashboardQueryVariables = Exact<{
  m01From: string;
  m01To: string;
  m02From: string;
  m02To: string;
  m03From: string;
  m03To: string;
  m04From: string;
  m04To: string;
  m05From: string;
  m05To: string;
  m06From: string;
  m06To: string;
  m07From: string;
  m07To: string;
  m08From: string;
  m08To: string;
  m09From: string;
  m09To: string;
  m10From: string;
  m10To: string;
  m11From: string;
  m11To: string;
  m12From: string;
  m12To: string;
}>;


export type DashboardQuery = { events: { edges: Array<{ node: { id: string, sequence: number, type: string, createdAt: string, data: unknown } }> }, viewer: { organization: { name: string, baseCurrency: string } }, agedReceivables: { asOf: string, totals: { current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string } }, agedPayables: { asOf: string, totals: { current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string } }, balanceSheet: { assets: { rows: Array<{ amount: string, account: { id: string, code: string, name: string, subtype: string | null } }> } }, m01: { from: string, to: string, income: { total: string } }, m02: { from: string, to: string, income: { total: string } }, m03: { from: string, to: string, income: { total: string } }, m04: { from: string, to: string, income: { total: string } }, m05: { from: string, to: string, income: { total: string } }, m06: { from: string, to: string, income: { total: string } }, m07: { from: string, to: string, income: { total: string } }, m08: { from: string, to: string, income: { total: string } }, m09: { from: string, to: string, income: { total: string } }, m10: { from: string, to: string, income: { total: string } }, m11: { from: string, to: string, income: { total: string } }, m12: { from: string, to: string, income: { total: string } }, invoices: { edges: Array<{ node: { id: string, number: string, status: InvoiceStatus, issueDate: string, dueDate: string, total: string, amountDue: string, isOverdue: boolean, customer: { id: string, name: string } } }> }, journalEntries: { edges: Array<{ node: { id: string, number: number, date: string, description: string, sourceType: string, totalAmount: string } }> } };

export type LiveEventsSubscriptionVariables = Exact<{
  after?: string | null | undefined;
}>;


export type LiveEventsSubscription = { events: { id: string, sequence: number, type: string, createdAt: string, data: unknown } };

export type DueSoonInvoiceFragment = { id: string, number: string, dueDate: string, amountDue: string, currency: string, customer: { name: string } };

export type DueSoonBillFragment = { id: string, number: string, dueDate: string, amountDue: string, currency: string, vendor: { name: string } };

export type InvoicesDueSoonQueryVariables = Exact<{
  before: string;
}>;


export type InvoicesDueSoonQuery = { open: { edges: Array<{ node: { id: string, number: string, dueDate: string, amountDue: string, currency: string, customer: { name: string } } }> }, partlyPaid: { edges: Array<{ node: { id: string, number: string, dueDate: string, amountDue: string, currency: string, customer: { name: string } } }> } };

export type BillsDueSoonQueryVariables = Exact<{
  before: string;
}>;


export type BillsDueSoonQuery = { open: { edges: Array<{ node: { id: string, number: string, dueDate: string, amountDue: string, currency: string, vendor: { name: string } } }> }, partlyPaid: { edges: Array<{ node: { id: string, number: string, dueDate: string, amountDue: string, currency: string, vendor: { name: string } } }> } };

export type EstimatesAwaitingQueryVariables = Exact<{ [key: string]: never; }>;


export type EstimatesAwaitingQuery = { estimates: { edges: Array<{ node: { id: string, number: string, issueDate: string, expiryDate: string | null, isExpired: boolean, total: string, currency: string, customer: { name: string } } }> } };

export type FailedEmailsQueryVariables = Exact<{ [key: string]: never; }>;


export type FailedEmailsQuery = { documentEmails: { edges: Array<{ node: { id: string, subject: string, to: Array<string>, lastError: string | null, createdAt: string } }> } };

export type ReconcileStartQueryVariables = Exact<{ [key: string]: never; }>;


export type ReconcileStartQuery = { viewer: { organization: { name: string, baseCurrency: string }, apiKey: { scopes: Array<string> } }, bankAccountsPage: { data: Array<{ id: string, kind: BankAccountKind, currency: string, bankName: string | null, accountNumber: string | null, statementBalance: string | null, statementDate: string | null, account: { name: string, code: string } }> }, accountsPage: { data: Array<{ id: string, code: string, name: string, type: AccountType, active: boolean }> } };

export type ReconcileLinesQueryVariables = Exact<{
  bankAccountId: string;
  asOf?: string | null | undefined;
}>;


export type ReconcileLinesQuery = { bankTransactionsPage: { total: number, data: Array<{ id: string, date: string, amount: string, description: string, counterparty: string | null, suggestions: Array<{ type: string, id: string, date: string, amount: string, description: string, reasons: Array<string> }> }> }, node:
    | { clearedBalance: string }
    | Record<PropertyKey, never>
   | null };

export type ReconcileMatchMutationVariables = Exact<{
  id: string;
  targetId: string;
}>;


export type ReconcileMatchMutation = { matchBankTransaction: { id: string, status: BankTransactionStatus } | null };

export type ReconcileExplainMutationVariables = Exact<{
  id: string;
  accountId: string;
}>;


export type ReconcileExplainMutation = { explainBankTransaction: { id: string, status: BankTransactionStatus } | null };

export type ReconcileExcludeMutationVariables = Exact<{
  id: string;
}>;


export type ReconcileExcludeMutation = { excludeBankTransaction: { id: string, status: BankTransactionStatus } | null };

export type ReconcileFinishMutationVariables = Exact<{
  id: string;
  statementDate: string;
  closingBalance: string;
}>;


export type ReconcileFinishMutation = { reconcileBankAccount: { id: string, statementDate: string, closingBalance: string, transactionCount: number } | null };

export type ReconcileCreateBankAccountMutationVariables = Exact<{
  input: CreateBankAccountInput;
}>;


export type ReconcileCreateBankAccountMutation = { createBankAccount: { id: string } | null };

export type ReconcileImportMutationVariables = Exact<{
  id: string;
  format: string;
  file: string;
  filename?: string | null | undefined;
  encoding?: string | null | undefined;
}>;


export type ReconcileImportMutation = { importBankStatement: { id: string, lineCount: number, newCount: number, skippedCount: number, closingBalance: string | null, closingDate: string | null } | null };

export type SettingsCatalogueQueryVariables = Exact<{ [key: string]: never; }>;


export type SettingsCatalogueQuery = { viewer: { organization: { name: string }, apiKey: { id: string, name: string, scopes: Array<string> } }, scopeResources: Array<{ resource: string, description: string, readOnly: boolean }>, scopePresets: Array<{ id: string, name: string, description: string, scopes: Array<string> }>, webhookEventTypes: Array<{ type: string, description: string }> };

export type ApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysQuery = { apiKeys: { edges: Array<{ node: { id: string, name: string, prefix: string, scopes: Array<string>, status: ApiKeyStatus, createdAt: string, lastUsedAt: string | null, expiresAt: string | null, revokedAt: string | null, previousSecretExpiresAt: string | null, createdBy: { name: string } | null } }> } };

export type CreateApiKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type CreateApiKeyMutation = { createApiKey: { id: string, name: string, secret: string | null } | null };

export type RevokeApiKeyMutationVariables = Exact<{
  id: string;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: { id: string, status: ApiKeyStatus } | null };

export type RollApiKeyMutationVariables = Exact<{
  id: string;
  input?: RollApiKeyInput | null | undefined;
}>;


export type RollApiKeyMutation = { rollApiKey: { id: string, name: string, secret: string | null, previousSecretExpiresAt: string | null } | null };

export type WebhookSubscriptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhookSubscriptionsQuery = { webhookSubscriptions: { edges: Array<{ node: { id: string, url: string, eventTypes: Array<string>, description: string | null, status: string, secretLast4: string, createdAt: string } }> } };

export type RegisterWebhookMutationVariables = Exact<{
  input: RegisterWebhookInput;
}>;


export type RegisterWebhookMutation = { registerWebhook: { id: string, secret: string | null } | null };

export type DisableWebhookSubscriptionMutationVariables = Exact<{
  id: string;
}>;


export type DisableWebhookSubscriptionMutation = { disableWebhookSubscription: { id: string, status: string } | null };

export type EnableWebhookSubscriptionMutationVariables = Exact<{
  id: string;
}>;


export type EnableWebhookSubscriptionMutation = { enableWebhookSubscription: { id: string, status: string } | null };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: string;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { id: string, secret: string | null } | null };

export type SendTestWebhookMutationVariables = Exact<{
  id: string;
}>;


export type SendTestWebhookMutation = { sendTestWebhook: { id: string } | null };

export type WebhookDeliveriesQueryVariables = Exact<{
  subscriptionId: string;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries: { edges: Array<{ node: { id: string, status: WebhookDeliveryStatus, attemptCount: number, nextAttemptAt: string | null, event: { id: string, type: string }, attempts: Array<{ attemptedAt: string, durationMs: number, responseStatus: number | null, responseBody: string | null, error: string | null }> } }> } };

export type RedeliverWebhookEventMutationVariables = Exact<{
  id: string;
  eventId: string;
}>;


export type RedeliverWebhookEventMutation = { redeliverWebhookEvent: { id: string } | null };

export type EventLogQueryVariables = Exact<{
  after?: string | null | undefined;
  filter?: EventFilter | null | undefined;
}>;


export type EventLogQuery = { events: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, type: string, resourceType: string, resourceId: string, createdAt: string, actor: { type: string, apiKeyId: string | null, name: string | null, prefix: string | null } | null } }> } };

export type OrganizationFieldsFragment = { name: string, address: string | null, email: string | null, taxId: string | null, locale: string, paymentDetails: string | null, hasLogo: boolean, defaultPaymentTermsDays: number, fiscalYearEnd: string, lockDate: string | null };

export type OrganizationSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type OrganizationSettingsQuery = { viewer: { organization: { name: string, address: string | null, email: string | null, taxId: string | null, locale: string, paymentDetails: string | null, hasLogo: boolean, defaultPaymentTermsDays: number, fiscalYearEnd: string, lockDate: string | null } } };

export type UpdateOrganizationMutationVariables = Exact<{
  input: UpdateOrganizationInput;
}>;


export type UpdateOrganizationMutation = { updateOrganization: { name: string, address: string | null, email: string | null, taxId: string | null, locale: string, paymentDetails: string | null, hasLogo: boolean, defaultPaymentTermsDays: number, fiscalYearEnd: string, lockDate: string | null } | null };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const RevenueFragmentDoc = new TypedDocumentString(`
    fragment Revenue on ProfitAndLoss {
  from
  to
  income {
    total
  }
}
    `, {"fragmentName":"Revenue"}) as unknown as TypedDocumentString<RevenueFragment, unknown>;
export const FiguresFragmentDoc = new TypedDocumentString(`
    fragment Figures on Query {
  viewer {
    organization {
      name
      baseCurrency
    }
  }
  agedReceivables {
    asOf
    totals {
      current
      days1to30
      days31to60
      days61to90
      over90
      total
    }
  }
  agedPayables {
    asOf
    totals {
      current
      days1to30
      days31to60
      days61to90
      over90
      total
    }
  }
  balanceSheet {
    assets {
      rows {
        account {
          id
          code
          name
          subtype
        }
        amount
      }
    }
  }
  m01: profitAndLoss(from: $m01From, to: $m01To) {
    ...Revenue
  }
  m02: profitAndLoss(from: $m02From, to: $m02To) {
    ...Revenue
  }
  m03: profitAndLoss(from: $m03From, to: $m03To) {
    ...Revenue
  }
  m04: profitAndLoss(from: $m04From, to: $m04To) {
    ...Revenue
  }
  m05: profitAndLoss(from: $m05From, to: $m05To) {
    ...Revenue
  }
  m06: profitAndLoss(from: $m06From, to: $m06To) {
    ...Revenue
  }
  m07: profitAndLoss(from: $m07From, to: $m07To) {
    ...Revenue
  }
  m08: profitAndLoss(from: $m08From, to: $m08To) {
    ...Revenue
  }
  m09: profitAndLoss(from: $m09From, to: $m09To) {
    ...Revenue
  }
  m10: profitAndLoss(from: $m10From, to: $m10To) {
    ...Revenue
  }
  m11: profitAndLoss(from: $m11From, to: $m11To) {
    ...Revenue
  }
  m12: profitAndLoss(from: $m12From, to: $m12To) {
    ...Revenue
  }
  invoices(first: 8, orderBy: {field: CREATED_AT, direction: DESC}) {
    edges {
      node {
        id
        number
        status
        issueDate
        dueDate
        total
        amountDue
        isOverdue
        customer {
          id
          name
        }
      }
    }
  }
  journalEntries(first: 8, orderBy: {field: NUMBER, direction: DESC}) {
    edges {
      node {
        id
        number
        date
        description
        sourceType
        totalAmount
      }
    }
  }
}
    fragment Revenue on ProfitAndLoss {
  from
  to
  income {
    total
  }
}`, {"fragmentName":"Figures"}) as unknown as TypedDocumentString<FiguresFragment, unknown>;
export const FeedEventFragmentDoc = new TypedDocumentString(`
    fragment FeedEvent on Event {
  id
  sequence
  type
  createdAt
  data
}
    `, {"fragmentName":"FeedEvent"}) as unknown as TypedDocumentString<FeedEventFragment, unknown>;
export const DueSoonInvoiceFragmentDoc = new TypedDocumentString(`
    fragment DueSoonInvoice on Invoice {
  id
  number
  dueDate
  amountDue
  currency
  customer {
    name
  }
}
    `, {"fragmentName":"DueSoonInvoice"}) as unknown as TypedDocumentString<DueSoonInvoiceFragment, unknown>;
export const DueSoonBillFragmentDoc = new TypedDocumentString(`
    fragment DueSoonBill on Bill {
  id
  number
  dueDate
  amountDue
  currency
  vendor {
    name
  }
}
    `, {"fragmentName":"DueSoonBill"}) as unknown as TypedDocumentString<DueSoonBillFragment, unknown>;
export const OrganizationFieldsFragmentDoc = new TypedDocumentString(`
    fragment OrganizationFields on Organization {
  name
  address
  email
  taxId
  locale
  paymentDetails
  hasLogo
  defaultPaymentTermsDays
  fiscalYearEnd
  lockDate
}
    `, {"fragmentName":"OrganizationFields"}) as unknown as TypedDocumentString<OrganizationFieldsFragment, unknown>;
export const ViewerDocument = new TypedDocumentString(`
    query Viewer {
  viewer {
    organization {
      name
      baseCurrency
    }
    apiKey {
      name
      scopes
    }
  }
}
    `) as unknown as TypedDocumentString<ViewerQuery, ViewerQueryVariables>;
export const DashboardFiguresDocument = new TypedDocumentString(`
    query DashboardFigures($m01From: Date!, $m01To: Date!, $m02From: Date!, $m02To: Date!, $m03From: Date!, $m03To: Date!, $m04From: Date!, $m04To: Date!, $m05From: Date!, $m05To: Date!, $m06From: Date!, $m06To: Date!, $m07From: Date!, $m07To: Date!, $m08From: Date!, $m08To: Date!, $m09From: Date!, $m09To: Date!, $m10From: Date!, $m10To: Date!, $m11From: Date!, $m11To: Date!, $m12From: Date!, $m12To: Date!) {
  ...Figures
}
    fragment Figures on Query {
  viewer {
    organization {
      name
      baseCurrency
    }
  }
  agedReceivables {
    asOf
    totals {
      current
      days1to30
      days31to60
      days61to90
      over90
      total
    }
  }
  agedPayables {
    asOf
    totals {
      current
      days1to30
      days31to60
      days61to90
      over90
      total
    }
  }
  balanceSheet {
    assets {
      rows {
        account {
          id
          code
          name
          subtype
        }
        amount
      }
    }
  }
  m01: profitAndLoss(from: $m01From, to: $m01To) {
    ...Revenue
  }
  m02: profitAndLoss(from: $m02From, to: $m02To) {
    ...Revenue
  }
  m03: profitAndLoss(from: $m03From, to: $m03To) {
    ...Revenue
  }
  m04: profitAndLoss(from: $m04From, to: $m04To) {
    ...Revenue
  }
  m05: profitAndLoss(from: $m05From, to: $m05To) {
    ...Revenue
  }
  m06: profitAndLoss(from: $m06From, to: $m06To) {
    ...Revenue
  }
  m07: profitAndLoss(from: $m07From, to: $m07To) {
    ...Revenue
  }
  m08: profitAndLoss(from: $m08From, to: $m08To) {
    ...Revenue
  }
  m09: profitAndLoss(from: $m09From, to: $m09To) {
    ...Revenue
  }
  m10: profitAndLoss(from: $m10From, to: $m10To) {
    ...Revenue
  }
  m11: profitAndLoss(from: $m11From, to: $m11To) {
    ...Revenue
  }
  m12: profitAndLoss(from: $m12From, to: $m12To) {
    ...Revenue
  }
  invoices(first: 8, orderBy: {field: CREATED_AT, direction: DESC}) {
    edges {
      node {
        id
        number
        status
        issueDate
        dueDate
        total
        amountDue
        isOverdue
        customer {
          id
          name
        }
      }
    }
  }
  journalEntries(first: 8, orderBy: {field: NUMBER, direction: DESC}) {
    edges {
      node {
        id
        number
        date
        description
        sourceType
        totalAmount
      }
    }
  }
}
fragment Revenue on ProfitAndLoss {
  from
  to
  income {
    total
  }
}`) as unknown as TypedDocumentString<DashboardFiguresQuery, DashboardFiguresQueryVariables>;
export const DashboardDocument = new TypedDocumentString(`
    query Dashboard($m01From: Date!, $m01To: Date!, $m02From: Date!, $m02To: Date!, $m03From: Date!, $m03To: Date!, $m04From: Date!, $m04To: Date!, $m05From: Date!, $m05To: Date!, $m06From: Date!, $m06To: Date!, $m07From: Date!, $m07To: Date!, $m08From: Date!, $m08To: Date!, $m09From: Date!, $m09To: Date!, $m10From: Date!, $m10To: Date!, $m11From: Date!, $m11To: Date!, $m12From: Date!, $m12To: Date!) {
  ...Figures
  events(first: 20, orderBy: {field: SEQUENCE, direction: DESC}) {
    edges {
      node {
        ...FeedEvent
      }
    }
  }
}
    fragment Figures on Query {
  viewer {
    organization {
      name
      baseCurrency
    }
  }
  agedReceivables {
    asOf
    totals {
      current
      days1to30
      days31to60
      days61to90
      over90
      total
    }
  }
  agedPayables {
    asOf
    totals {
      current
      days1to30
      days31to60
      days61to90
      over90
      total
    }
  }
  balanceSheet {
    assets {
      rows {
        account {
          id
          code
          name
          subtype
        }
        amount
      }
    }
  }
  m01: profitAndLoss(from: $m01From, to: $m01To) {
    ...Revenue
  }
  m02: profitAndLoss(from: $m02From, to: $m02To) {
    ...Revenue
  }
  m03: profitAndLoss(from: $m03From, to: $m03To) {
    ...Revenue
  }
  m04: profitAndLoss(from: $m04From, to: $m04To) {
    ...Revenue
  }
  m05: profitAndLoss(from: $m05From, to: $m05To) {
    ...Revenue
  }
  m06: profitAndLoss(from: $m06From, to: $m06To) {
    ...Revenue
  }
  m07: profitAndLoss(from: $m07From, to: $m07To) {
    ...Revenue
  }
  m08: profitAndLoss(from: $m08From, to: $m08To) {
    ...Revenue
  }
  m09: profitAndLoss(from: $m09From, to: $m09To) {
    ...Revenue
  }
  m10: profitAndLoss(from: $m10From, to: $m10To) {
    ...Revenue
  }
  m11: profitAndLoss(from: $m11From, to: $m11To) {
    ...Revenue
  }
  m12: profitAndLoss(from: $m12From, to: $m12To) {
    ...Revenue
  }
  invoices(first: 8, orderBy: {field: CREATED_AT, direction: DESC}) {
    edges {
      node {
        id
        number
        status
        issueDate
        dueDate
        total
        amountDue
        isOverdue
        customer {
          id
          name
        }
      }
    }
  }
  journalEntries(first: 8, orderBy: {field: NUMBER, direction: DESC}) {
    edges {
      node {
        id
        number
        date
        description
        sourceType
        totalAmount
      }
    }
  }
}
fragment Revenue on ProfitAndLoss {
  from
  to
  income {
    total
  }
}
fragment FeedEvent on Event {
  id
  sequence
  type
  createdAt
  data
}`) as unknown as TypedDocumentString<DashboardQuery, DashboardQueryVariables>;
export const LiveEventsDocument = new TypedDocumentString(`
    subscription LiveEvents($after: ID) {
  events(after: $after) {
    ...FeedEvent
  }
}
    fragment FeedEvent on Event {
  id
  sequence
  type
  createdAt
  data
}`) as unknown as TypedDocumentString<LiveEventsSubscription, LiveEventsSubscriptionVariables>;
export const InvoicesDueSoonDocument = new TypedDocumentString(`
    query InvoicesDueSoon($before: Date!) {
  open: invoices(
    first: 10
    filter: {status: OPEN, overdue: false, dueBefore: $before}
    orderBy: {field: DUE_DATE, direction: ASC}
  ) {
    edges {
      node {
        ...DueSoonInvoice
      }
    }
  }
  partlyPaid: invoices(
    first: 10
    filter: {status: PARTIALLY_PAID, overdue: false, dueBefore: $before}
    orderBy: {field: DUE_DATE, direction: ASC}
  ) {
    edges {
      node {
        ...DueSoonInvoice
      }
    }
  }
}
    fragment DueSoonInvoice on Invoice {
  id
  number
  dueDate
  amountDue
  currency
  customer {
    name
  }
}`) as unknown as TypedDocumentString<InvoicesDueSoonQuery, InvoicesDueSoonQueryVariables>;
export const BillsDueSoonDocument = new TypedDocumentString(`
    query BillsDueSoon($before: Date!) {
  open: bills(
    first: 10
    filter: {status: OPEN, overdue: false, dueBefore: $before}
    orderBy: {field: DUE_DATE, direction: ASC}
  ) {
    edges {
      node {
        ...DueSoonBill
      }
    }
  }
  partlyPaid: bills(
    first: 10
    filter: {status: PARTIALLY_PAID, overdue: false, dueBefore: $before}
    orderBy: {field: DUE_DATE, direction: ASC}
  ) {
    edges {
      node {
        ...DueSoonBill
      }
    }
  }
}
    fragment DueSoonBill on Bill {
  id
  number
  dueDate
  amountDue
  currency
  vendor {
    name
  }
}`) as unknown as TypedDocumentString<BillsDueSoonQuery, BillsDueSoonQueryVariables>;
export const EstimatesAwaitingDocument = new TypedDocumentString(`
    query EstimatesAwaiting {
  estimates(
    first: 8
    filter: {status: SENT}
    orderBy: {field: ISSUE_DATE, direction: ASC}
  ) {
    edges {
      node {
        id
        number
        issueDate
        expiryDate
        isExpired
        total
        currency
        customer {
          name
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<EstimatesAwaitingQuery, EstimatesAwaitingQueryVariables>;
export const FailedEmailsDocument = new TypedDocumentString(`
    query FailedEmails {
  documentEmails(
    first: 8
    filter: {status: FAILED}
    orderBy: {field: CREATED_AT, direction: DESC}
  ) {
    edges {
      node {
        id
        subject
        to
        lastError
        createdAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<FailedEmailsQuery, FailedEmailsQueryVariables>;
export const ReconcileStartDocument = new TypedDocumentString(`
    query ReconcileStart {
  viewer {
    organization {
      name
      baseCurrency
    }
    apiKey {
      scopes
    }
  }
  bankAccountsPage(limit: 100) {
    data {
      id
      kind
      currency
      bankName
      accountNumber
      statementBalance
      statementDate
      account {
        name
        code
      }
    }
  }
  accountsPage(limit: 100) {
    data {
      id
      code
      name
      type
      active
    }
  }
}
    `) as unknown as TypedDocumentString<ReconcileStartQuery, ReconcileStartQueryVariables>;
export const ReconcileLinesDocument = new TypedDocumentString(`
    query ReconcileLines($bankAccountId: ID!, $asOf: Date) {
  bankTransactionsPage(
    limit: 100
    filter: {bankAccountId: $bankAccountId, status: "unmatched"}
  ) {
    total
    data {
      id
      date
      amount
      description
      counterparty
      suggestions {
        type
        id
        date
        amount
        description
        reasons
      }
    }
  }
  node(id: $bankAccountId) {
    ... on BankAccount {
      clearedBalance(asOf: $asOf)
    }
  }
}
    `) as unknown as TypedDocumentString<ReconcileLinesQuery, ReconcileLinesQueryVariables>;
export const ReconcileMatchDocument = new TypedDocumentString(`
    mutation ReconcileMatch($id: ID!, $targetId: ID!) {
  matchBankTransaction(id: $id, input: {matches: [{id: $targetId}]}) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<ReconcileMatchMutation, ReconcileMatchMutationVariables>;
export const ReconcileExplainDocument = new TypedDocumentString(`
    mutation ReconcileExplain($id: ID!, $accountId: ID!) {
  explainBankTransaction(id: $id, input: {accountId: $accountId}) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<ReconcileExplainMutation, ReconcileExplainMutationVariables>;
export const ReconcileExcludeDocument = new TypedDocumentString(`
    mutation ReconcileExclude($id: ID!) {
  excludeBankTransaction(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<ReconcileExcludeMutation, ReconcileExcludeMutationVariables>;
export const ReconcileFinishDocument = new TypedDocumentString(`
    mutation ReconcileFinish($id: ID!, $statementDate: Date!, $closingBalance: Money!) {
  reconcileBankAccount(
    id: $id
    input: {statementDate: $statementDate, closingBalance: $closingBalance}
  ) {
    id
    statementDate
    closingBalance
    transactionCount
  }
}
    `) as unknown as TypedDocumentString<ReconcileFinishMutation, ReconcileFinishMutationVariables>;
export const ReconcileCreateBankAccountDocument = new TypedDocumentString(`
    mutation ReconcileCreateBankAccount($input: CreateBankAccountInput!) {
  createBankAccount(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<ReconcileCreateBankAccountMutation, ReconcileCreateBankAccountMutationVariables>;
export const ReconcileImportDocument = new TypedDocumentString(`
    mutation ReconcileImport($id: ID!, $format: String!, $file: String!, $filename: String, $encoding: String) {
  importBankStatement(
    id: $id
    input: {format: $format, file: $file, filename: $filename, encoding: $encoding}
  ) {
    id
    lineCount
    newCount
    skippedCount
    closingBalance
    closingDate
  }
}
    `) as unknown as TypedDocumentString<ReconcileImportMutation, ReconcileImportMutationVariables>;
export const SettingsCatalogueDocument = new TypedDocumentString(`
    query SettingsCatalogue {
  viewer {
    organization {
      name
    }
    apiKey {
      id
      name
      scopes
    }
  }
  scopeResources {
    resource
    description
    readOnly
  }
  scopePresets {
    id
    name
    description
    scopes
  }
  webhookEventTypes {
    type
    description
  }
}
    `) as unknown as TypedDocumentString<SettingsCatalogueQuery, SettingsCatalogueQueryVariables>;
export const ApiKeysDocument = new TypedDocumentString(`
    query ApiKeys {
  apiKeys(first: 100, orderBy: {field: CREATED_AT, direction: DESC}) {
    edges {
      node {
        id
        name
        prefix
        scopes
        status
        createdAt
        lastUsedAt
        expiresAt
        revokedAt
        previousSecretExpiresAt
        createdBy {
          name
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ApiKeysQuery, ApiKeysQueryVariables>;
export const CreateApiKeyDocument = new TypedDocumentString(`
    mutation CreateApiKey($input: CreateApiKeyInput!) {
  createApiKey(input: $input) {
    id
    name
    secret
  }
}
    `) as unknown as TypedDocumentString<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const RevokeApiKeyDocument = new TypedDocumentString(`
    mutation RevokeApiKey($id: ID!) {
  revokeApiKey(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const RollApiKeyDocument = new TypedDocumentString(`
    mutation RollApiKey($id: ID!, $input: RollApiKeyInput) {
  rollApiKey(id: $id, input: $input) {
    id
    name
    secret
    previousSecretExpiresAt
  }
}
    `) as unknown as TypedDocumentString<RollApiKeyMutation, RollApiKeyMutationVariables>;
export const WebhookSubscriptionsDocument = new TypedDocumentString(`
    query WebhookSubscriptions {
  webhookSubscriptions(first: 100, orderBy: {field: CREATED_AT, direction: DESC}) {
    edges {
      node {
        id
        url
        eventTypes
        description
        status
        secretLast4
        createdAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<WebhookSubscriptionsQuery, WebhookSubscriptionsQueryVariables>;
export const RegisterWebhookDocument = new TypedDocumentString(`
    mutation RegisterWebhook($input: RegisterWebhookInput!) {
  registerWebhook(input: $input) {
    id
    secret
  }
}
    `) as unknown as TypedDocumentString<RegisterWebhookMutation, RegisterWebhookMutationVariables>;
export const DisableWebhookSubscriptionDocument = new TypedDocumentString(`
    mutation DisableWebhookSubscription($id: ID!) {
  disableWebhookSubscription(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<DisableWebhookSubscriptionMutation, DisableWebhookSubscriptionMutationVariables>;
export const EnableWebhookSubscriptionDocument = new TypedDocumentString(`
    mutation EnableWebhookSubscription($id: ID!) {
  enableWebhookSubscription(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<EnableWebhookSubscriptionMutation, EnableWebhookSubscriptionMutationVariables>;
export const RotateWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookSecret($id: ID!) {
  rotateWebhookSecret(id: $id) {
    id
    secret
  }
}
    `) as unknown as TypedDocumentString<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const SendTestWebhookDocument = new TypedDocumentString(`
    mutation SendTestWebhook($id: ID!) {
  sendTestWebhook(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<SendTestWebhookMutation, SendTestWebhookMutationVariables>;
export const WebhookDeliveriesDocument = new TypedDocumentString(`
    query WebhookDeliveries($subscriptionId: ID!) {
  webhookDeliveries(
    first: 25
    filter: {subscriptionId: $subscriptionId}
    orderBy: {field: CREATED_AT, direction: DESC}
  ) {
    edges {
      node {
        id
        status
        attemptCount
        nextAttemptAt
        event {
          id
          type
        }
        attempts {
          attemptedAt
          durationMs
          responseStatus
          responseBody
          error
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const RedeliverWebhookEventDocument = new TypedDocumentString(`
    mutation RedeliverWebhookEvent($id: ID!, $eventId: ID!) {
  redeliverWebhookEvent(id: $id, input: {eventId: $eventId}) {
    id
  }
}
    `) as unknown as TypedDocumentString<RedeliverWebhookEventMutation, RedeliverWebhookEventMutationVariables>;
export const EventLogDocument = new TypedDocumentString(`
    query EventLog($after: String, $filter: EventFilter) {
  events(
    first: 50
    after: $after
    filter: $filter
    orderBy: {field: SEQUENCE, direction: DESC}
  ) {
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        id
        type
        resourceType
        resourceId
        createdAt
        actor {
          type
          apiKeyId
          name
          prefix
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<EventLogQuery, EventLogQueryVariables>;
export const OrganizationSettingsDocument = new TypedDocumentString(`
    query OrganizationSettings {
  viewer {
    organization {
      ...OrganizationFields
    }
  }
}
    fragment OrganizationFields on Organization {
  name
  address
  email
  taxId
  locale
  paymentDetails
  hasLogo
  defaultPaymentTermsDays
  fiscalYearEnd
  lockDate
}`) as unknown as TypedDocumentString<OrganizationSettingsQuery, OrganizationSettingsQueryVariables>;
export const UpdateOrganizationDocument = new TypedDocumentString(`
    mutation UpdateOrganization($input: UpdateOrganizationInput!) {
  updateOrganization(input: $input) {
    ...OrganizationFields
  }
}
    fragment OrganizationFields on Organization {
  name
  address
  email
  taxId
  locale
  paymentDetails
  hasLogo
  defaultPaymentTermsDays
  fiscalYearEnd
  lockDate
}`) as unknown as TypedDocumentString<UpdateOrganizationMutation, UpdateOrganizationMutationVariables>;