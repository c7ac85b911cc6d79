// What every kind of document shares: its number, its party (read, checked, named on postings, its kept
// balance moved), its lines checked by its side's rule, and Prisma's delegates reached by model name.
import { selectOrganizationRow } from '../../db/model-rows.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { rawSqlOf, type SequenceName, type Tenant, type WriteScope } from '../../core/tenant.ts';
import type { Checker } from '../../lib/validate.ts';
import { checkPurchaseLines, checkSaleLines, type LineInput, SIDE_ACCOUNTS, type Side } from './lines.ts';
import { accountCurrency } from './currency.ts';
import type { PartyRef } from './posting.ts';
import type { PartyNames } from './kinds.ts';

/** A document's number: the prefix and the next number of its series, at least four digits (INV-0001). */
export const nextDocumentNumber = (scope: WriteScope, numbering: { prefix: string; sequence: SequenceName }) =>
  `${numbering.prefix}-${String(scope.nextNumber(numbering.sequence)).padStart(4, '0')}`;

/**
 * Prisma's delegates differ by model only in their types; the kernel reaches a description's models by
 * name through this one shape (each document's module keeps its typed rows for its readers).
 */
interface Delegate {
  findFirst(args: object): Promise<unknown>;
  findMany(args: object): Promise<unknown[]>;
  deleteMany(args: object): Promise<unknown>;
  createMany(args: object): Promise<unknown>;
  create(args: object): Promise<unknown>;
  update(args: object): Promise<unknown>;
  updateMany(args: object): Promise<unknown>;
  aggregate(args: { where: object; _max: { date: true } }): Promise<{ _max: { date: string | null } }>;
}

export const delegate = (tenant: Tenant, model: string) => (tenant.prisma as unknown as Record<string, Delegate>)[model]!;

/** A delegate's model (and table): `creditNoteAllocation` → `CreditNoteAllocation`. */
export const tableOf = (model: string) => `${model.charAt(0).toUpperCase()}${model.slice(1)}`;

export const articled = (label: string) => `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label.toLowerCase()}`;

/** The party a row names, as its posting lines name it. */
export const partyRef = (type: { party: PartyNames }, partyId: string): PartyRef =>
  type.party.key === 'customerId' ? { customerId: partyId } : { vendorId: partyId };

/**
 * The party and lines every document's input names: the party is required, the lines 1 to 200; answers
 * the party's id and the lines to check.
 */
export function checkPartyAndLineCount<Line>(
  check: Checker,
  type: { label: string; party: PartyNames },
  input: { customerId?: string | null; vendorId?: string | null; lines?: Line[] | null },
) {
  const partyId = input[type.party.key];
  if (!partyId) check.fail(type.party.key, 'is required');
  const inputLines = input.lines ?? [];
  const named = articled(type.label);
  if (inputLines.length === 0) check.fail('lines', `${named} needs at least one line`);
  if (inputLines.length > 200) check.fail('lines', `${named} may have at most 200 lines`);
  return { partyId, inputLines };
}

/** Reads the party a document names (null: none of the organization's); its whole row, raw (src/db/model-rows.ts). */
export async function readParty<Party>(tenant: Tenant, type: { party: PartyNames }, partyId: string | null | undefined) {
  if (!partyId) return null;
  return (await selectOrganizationRow<Party>(rawSqlOf(tenant), type.party.table, tenant.organizationId, partyId)) ?? null;
}

/** Checks a document's lines by its side's rule, their prices in `currency` (default home). */
export function checkSideLines(tenant: Tenant, check: Checker, type: { side: Side }, inputLines: LineInput[], currency?: string) {
  const sideAccounts = SIDE_ACCOUNTS[type.side];
  return type.side === 'sale'
    ? checkSaleLines(tenant, check, inputLines, [sideAccounts.control], { currency })
    : checkPurchaseLines(tenant, check, inputLines, [sideAccounts.control], { currency });
}

/** Reads the party a document names (null: none of the organization's), and checks its lines by its side's rule. */
export function partyAndLines<Party>(
  tenant: Tenant,
  check: Checker,
  type: { side: Side; party: PartyNames },
  partyId: string | null | undefined,
  inputLines: LineInput[],
) {
  return Promise.all([readParty<Party>(tenant, type, partyId), checkSideLines(tenant, check, type, inputLines)]);
}

/**
 * Moves a party's kept balance (what a customer owes on open invoices, what we owe a vendor on open
 * bills) by `delta`: every write that changes an amount due calls it, in its transaction. Not an event
 * of its own: a derived figure.
 */
export async function movePartyBalance(scope: WriteScope, table: 'Customer' | 'Vendor', partyId: string, delta: bigint) {
  if (delta !== 0n) await scope.sql.$executeRaw(partyBalanceStatement(table, partyId, delta));
}

export const partyBalanceStatement = (table: 'Customer' | 'Vendor', partyId: string, delta: bigint) =>
  Prisma.sql`UPDATE ${Prisma.raw(`"${table}"`)} SET "balance" = "balance" + ${delta} WHERE "id" = ${partyId}`;

/** The latest of some dates (null: none). */
export const latestOf = (dates: (string | null | undefined)[]) =>
  dates
    .filter((d): d is string => !!d)
    .sort()
    .at(-1) ?? null;

/** The currency a bank or cash account holds. */
export async function cashAccountCurrency(scope: WriteScope, accountId: string) {
  const account = await scope.prisma.account.findFirst({ where: { id: accountId, organizationId: scope.organizationId } });
  return accountCurrency(scope, account ?? {});
}
