/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { organization: { name: string, baseCurrency: string }, apiKey: { name: string, scopes: Array<string> } } };

export type FiguresFragment = { viewer: { organization: { name: string, baseCurrency: string } }, agedReceivables: { asOf: string, totals: { current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string } }, balanceSheet: { assets: { rows: Array<{ amount: string, account: { id: string, code: string, name: string, subtype: string | null } }> } }, m01: { from: string, to: string, income: { total: string } }, m02: { from: string, to: string, income: { total: string } }, m03: { from: string, to: string, income: { total: string } }, m04: { from: string, to: string, income: { total: string } }, m05: { from: string, to: string, income: { total: string } }, m06: { from: string, to: string, income: { total: string } }, m07: { from: string, to: string, income: { total: string } }, m08: { from: string, to: string, income: { total: string } }, m09: { from: string, to: string, income: { total: string } }, m10: { from: string, to: string, income: { total: string } }, m11: { from: string, to: string, income: { total: string } }, m12: { from: string, to: string, income: { total: string } }, invoices: { edges: Array<{ node: { id: string, number: string, status: InvoiceStatus, issueDate: string, dueDate: string, total: string, amountDue: string, isOverdue: boolean, customer: { id: string, name: string } } }> }, journalEntries: { edges: Array<{ node: { id: string, number: number, date: string, description: string, sourceType: string, totalAmount: string } }> } };

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


export type DashboardFiguresQuery = { viewer: { organization: { name: string, baseCurrency: string } }, agedReceivables: { asOf: string, totals: { current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string } }, balanceSheet: { assets: { rows: Array<{ amount: string, account: { id: string, code: string, name: string, subtype: string | null } }> } }, m01: { from: string, to: string, income: { total: string } }, m02: { from: string, to: string, income: { total: string } }, m03: { from: string, to: string, income: { total: string } }, m04: { from: string, to: string, income: { total: string } }, m05: { from: string, to: string, income: { total: string } }, m06: { from: string, to: string, income: { total: string } }, m07: { from: string, to: string, income: { total: string } }, m08: { from: string, to: string, income: { total: string } }, m09: { from: string, to: string, income: { total: string } }, m10: { from: string, to: string, income: { total: string } }, m11: { from: string, to: string, income: { total: string } }, m12: { from: string, to: string, income: { total: string } }, invoices: { edges: Array<{ node: { id: string, number: string, status: InvoiceStatus, issueDate: string, dueDate: string, total: string, amountDue: string, isOverdue: boolean, customer: { id: string, name: string } } }> }, journalEntries: { edges: Array<{ node: { id: string, number: number, date: string, description: string, sourceType: string, totalAmount: string } }> } };

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


export type DashboardQuery = { events: { edges: Array<{ node: { id: string, sequence: number, type: string, createdAt: string, data: unknown } }> }, viewer: { organization: { name: string, baseCurrency: string } }, agedReceivables: { asOf: string, totals: { current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string } }, balanceSheet: { assets: { rows: Array<{ amount: string, account: { id: string, code: string, name: string, subtype: string | null } }> } }, m01: { from: string, to: string, income: { total: string } }, m02: { from: string, to: string, income: { total: string } }, m03: { from: string, to: string, income: { total: string } }, m04: { from: string, to: string, income: { total: string } }, m05: { from: string, to: string, income: { total: string } }, m06: { from: string, to: string, income: { total: string } }, m07: { from: string, to: string, income: { total: string } }, m08: { from: string, to: string, income: { total: string } }, m09: { from: string, to: string, income: { total: string } }, m10: { from: string, to: string, income: { total: string } }, m11: { from: string, to: string, income: { total: string } }, m12: { from: string, to: string, income: { total: string } }, invoices: { edges: Array<{ node: { id: string, number: string, status: InvoiceStatus, issueDate: string, dueDate: string, total: string, amountDue: string, isOverdue: boolean, customer: { id: string, name: string } } }> }, journalEntries: { edges: Array<{ node: { id: string, number: number, date: string, description: string, sourceType: string, totalAmount: string } }> } };

export type LiveEventsSubscriptionVariables = Exact<{
  after?: string | null | undefined;
}>;


export type LiveEventsSubscription = { events: { id: string, sequence: number, type: string, createdAt: string, data: unknown } };

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