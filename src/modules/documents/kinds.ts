// The kinds of document the kernel runs, as their modules describe them: owed documents (invoices,
// bills: documents/owed.ts) and credit documents (credit notes, vendor credits, prepayments:
// documents/credits.ts), each registered by its module and found by name, and the rows the kernel
// reads of them. The rest of the kernel reads these; this file reads none of it.
import type { CreditNoteStatus } from '../../db/generated/sqlite/enums.ts';
import type { SequenceName, Tenant } from '../../core/tenant.ts';
import type { IdType } from '../../lib/ids.ts';
import type { SourceType } from '../journal/journal.public.ts';
import type { Side } from './lines.ts';
import type { DocumentLabel, SettledDocument } from './settlement.ts';

type PartyKey = 'customerId' | 'vendorId';

/** How a document's rows name its party: its `<party>Id` column, `<party>` relation and model, and the party's table. */
export interface PartyNames {
  key: PartyKey;
  model: 'customer' | 'vendor';
  relation: string;
  table: 'Customer' | 'Vendor';
}

export const partyNames = (party: 'customer' | 'vendor'): PartyNames => ({
  key: `${party}Id`,
  model: party,
  relation: party,
  table: party === 'customer' ? 'Customer' : 'Vendor',
});

/** An owed document as its module describes it; the kernel derives the rest (OwedDocumentType). */
export interface OwedDocumentDescription {
  /** How messages name it: `Invoice INV-0001 is already void`. */
  label: DocumentLabel;
  /** Its representation's type and its events' prefix (`invoice` → `invoice.paid`). */
  resource: string;
  side: Side;
  /**
   * Its Prisma model, GraphQL type and id type (`Invoice`); its lines are `<typename>Line`, and they and
   * its payments name it by `<typename, first letter lower case>Id`.
   */
  typename: IdType;
  /** Its numbers: `<prefix>-0001` from the organization's `sequence`. */
  number: { prefix: string; sequence: SequenceName };
  /** Who it is with: its `<party>Id` column and `<party>` relation name the customer or the vendor. */
  party: 'customer' | 'vendor';
  sourceTypes: { posting: SourceType; void: SourceType };
  payment: {
    resource: string;
    /** Its Prisma model and id type (`Payment`, `BillPayment`). */
    typename: IdType;
    /** The column naming the bank or cash account the money went into or left. */
    accountKey: string;
    sourceType: SourceType;
    /** The source type of a voided payment's reversal. */
    voidSourceType: SourceType;
    describe: (number: string) => string;
  };
  /**
   * The models (keyed by the document's id column) whose dates count towards when it was settled besides
   * credit applied (found from the credit documents): payments, write-offs; a `voidable` one's voided
   * rows settle nothing.
   */
  settledBy: { model: string; voidable?: boolean }[];
  /** Whether what is left on it can be written off as bad debt, and the source types of a write-off and its void. */
  writeOff?: { sourceType: SourceType; voidSourceType: SourceType };
  /** Its lines in order, for reads of several documents' lines at once (the (parent, lineNo) index's order). */
  linesInOrder: object[];
  /** Whether, once posted, it has a public page its party opens without a key (invoices: `/i/<token>`). */
  publicLink?: boolean;
  /** A further check of the reference against the party's other documents; answers a refusal or nothing. */
  checkReference?: (tenant: Tenant, partyId: string, reference: string, exceptId?: string) => Promise<string | undefined>;
}

/** One owed document type: its description and the names derived from its typename, all the kernel needs to run its life. */
export interface OwedDocumentType extends Omit<OwedDocumentDescription, 'party'> {
  party: PartyNames;
  /** Its Prisma delegate (`invoice`), its lines' delegate and table, and the column its lines and payments name it by. */
  model: string;
  lineModel: string;
  lineTable: string;
  parentKey: string;
  idType: IdType;
  lineIdType: IdType;
  payment: OwedDocumentDescription['payment'] & { model: string; idType: IdType; label: string };
}

/** Prisma's delegate of a model: `CreditNoteAllocation` → `creditNoteAllocation`. */
export const delegateName = (typename: string) => `${typename.charAt(0).toLowerCase()}${typename.slice(1)}`;

const OWED_TYPES = new Map<string, OwedDocumentType>();

/** Declares an owed document type to the kernel, where documents that act on it (credit notes on invoices) find it by name. */
export function defineOwedDocument(description: OwedDocumentDescription): OwedDocumentType {
  const model = delegateName(description.typename);
  const type: OwedDocumentType = {
    ...description,
    model,
    lineModel: `${model}Line`,
    lineTable: `${description.typename}Line`,
    parentKey: `${model}Id`,
    idType: description.typename,
    lineIdType: `${description.typename}Line` as IdType,
    payment: {
      ...description.payment,
      model: delegateName(description.payment.typename),
      idType: description.payment.typename,
      label: `${description.payment.resource.charAt(0).toUpperCase()}${description.payment.resource.slice(1).replaceAll('_', ' ')}`,
    },
    party: partyNames(description.party),
  };
  OWED_TYPES.set(type.resource, type);
  return type;
}

/** The model of an owed document's write-offs (`invoiceWriteOff`), for a type whose description allows them. */
export const writeOffModel = (type: OwedDocumentType) => `${type.model}WriteOff`;

/** Every owed document type declared (aging keeps what each owes). */
export const owedDocumentTypes = () => [...OWED_TYPES.values()];

/** The owed document type declared under `resource` (`invoice`, `bill`). */
export function owedDocumentType(resource: string): OwedDocumentType {
  const type = OWED_TYPES.get(resource);
  if (!type) throw new Error(`no owed document type "${resource}" is declared`);
  return type;
}

/** An owed document's row as the kernel reads and writes it (the invoice's and bill's columns in common). */
export interface OwedDocumentRow extends SettledDocument {
  id: string;
  organizationId: string;
  customerId?: string;
  vendorId?: string;
  dueDate: string;
  currency: string;
  /** Set on a posted foreign-currency document: the rate it was posted at, and its total in home currency. */
  exchangeRate: string | null;
  homeTotal: bigint | null;
  subtotal: bigint;
  discountTotal: bigint;
  taxTotal: bigint;
  journalEntryId: string | null;
  lines: LineRow[];
}

/** What the kernel reads of a document's line. */
export interface LineRow {
  id: string;
  lineNo: number;
  accountId: string;
  amount: bigint;
  taxAmount: bigint;
  taxRateId: string | null;
  taxRatePpm: number | null;
  taxAccountId: string | null;
  currency: string | null;
  homeAmount: bigint | null;
  homeTaxAmount: bigint | null;
}

/** A credit document as its module describes it; the kernel derives the rest (CreditDocumentType). */
export interface CreditDocumentDescription {
  /** How messages name it: `Credit note CN-0001 is void`. */
  label: DocumentLabel;
  /** Its representation's type and its events' prefix (`credit_note` → `credit_note.applied`). */
  resource: string;
  /**
   * Its Prisma model, GraphQL type and id type (`CreditNote`); its lines, allocations and refunds are
   * `<typename>Line`, `<typename>Allocation` and `<typename>Refund`, naming it by `<typename, lower first>Id`.
   */
  typename: IdType;
  /** The side of the document it credits: it posts that side's mirror. */
  side: Side;
  party: 'customer' | 'vendor';
  number: { prefix: string; sequence: SequenceName };
  /** The owed document its credit is applied to, by resource (`invoice`): found when first applied. */
  appliesTo: string;
  sourceTypes: { posting: SourceType; refund: SourceType; refundVoid: SourceType; void: SourceType };
  /**
   * Its lines in order, for reads of several documents' lines at once; none for a prepayment (money paid
   * ahead, which has no lines: prepayments.ts creates it).
   */
  linesInOrder?: object[];
  /** A prepayment's bank or cash account column (`depositAccountId`); none for a document with lines. */
  accountKey?: string;
}

export interface CreditDocumentType extends Omit<CreditDocumentDescription, 'party'> {
  party: PartyNames;
  model: string;
  lineTable: string;
  parentKey: string;
  lineIdType: IdType;
  allocation: { model: string; idType: IdType };
  refund: { model: string; idType: IdType };
  /** The column an allocation names the credited document by (`invoiceId`). */
  appliedKey: string;
  /** What every read of one loads besides its row: lines, allocations and refunds in order. */
  include: object;
}

const CREDIT_TYPES = new Map<string, CreditDocumentType>();

/** Declares a credit document type to the kernel (reports find the credits of a side here). */
export function defineCreditDocument(description: CreditDocumentDescription): CreditDocumentType {
  const model = delegateName(description.typename);
  const appliedKey = `${description.appliesTo}Id`;
  const ordered = { orderBy: [{ date: 'asc' }, { id: 'asc' }] };
  const type: CreditDocumentType = {
    ...description,
    party: partyNames(description.party),
    model,
    lineTable: `${description.typename}Line`,
    parentKey: `${model}Id`,
    lineIdType: `${description.typename}Line` as IdType,
    allocation: { model: `${model}Allocation`, idType: `${description.typename}Allocation` as IdType },
    refund: { model: `${model}Refund`, idType: `${description.typename}Refund` as IdType },
    appliedKey,
    include: {
      ...(description.linesInOrder ? { lines: { orderBy: description.linesInOrder } } : {}),
      allocations: {
        ...ordered,
        select: {
          id: true,
          [appliedKey]: true,
          amount: true,
          date: true,
          voidDate: true,
          currency: true,
          homeApplied: true,
          homeSettled: true,
          journalEntryId: true,
        },
      },
      refunds: {
        ...ordered,
        select: {
          id: true,
          amount: true,
          date: true,
          paymentAccountId: true,
          journalEntryId: true,
          voidDate: true,
          currency: true,
          homeAmount: true,
          homeSettled: true,
        },
      },
    },
  };
  CREDIT_TYPES.set(type.resource, type);
  return type;
}

/** The credit document types declared for documents of `side` (aged reports show their unused credit). */
export const creditDocumentTypes = (side: Side) => [...CREDIT_TYPES.values()].filter((t) => t.side === side);

/** The allocation models of the credit document types whose credit applies to owed documents of `resource`. */
export const creditAllocationModels = (resource: string) =>
  [...CREDIT_TYPES.values()].filter((t) => t.appliesTo === resource).map((t) => t.allocation.model);

/** The prepayment type whose credit applies to owed documents of `resource` (`invoice`), if one is declared. */
export const prepaymentTypeFor = (resource: string) => [...CREDIT_TYPES.values()].find((t) => t.appliesTo === resource && !t.linesInOrder);

/** A credit document's row as the kernel reads and writes it (the columns credit notes and vendor credits share). */
export interface CreditDocumentRow {
  id: string;
  number: string;
  status: CreditNoteStatus;
  customerId?: string;
  vendorId?: string;
  issueDate: string;
  currency: string;
  /** A foreign-currency credit's rate and home total (null at home). */
  exchangeRate: string | null;
  homeTotal: bigint | null;
  total: bigint;
  amountApplied: bigint;
  amountRefunded: bigint;
  journalEntryId: string;
  /** The payment whose excess it holds (an overpayment). */
  paymentId?: string | null;
  lines?: unknown[];
  allocations: object[];
  refunds: object[];
}
