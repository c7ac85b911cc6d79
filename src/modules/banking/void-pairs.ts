// Void pairs on the bank: a payment (or receipt) and the `…_void` entry that undoes it. A bounced cheque is
// such a pair on the statement too (the deposit, then the returned item), so both halves can be matched;
// a payment voided as a mistake moved nothing, so an unmatched pair is neither suggested first nor
// outstanding (matching.service.ts, reconciliation.service.ts).
import type { Tenant } from '../../core/tenant.ts';
import type { BankAccountRow } from './banking.public.ts';

/** Runs `read` over `ids` 500 at a time (a report may ask about a whole history; databases cap a query's parameters). */
export async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...(await read(ids.slice(i, i + 500))));
  return out;
}

/**
 * The void pairs among `entries`: an entry that a `…_void` entry undoes (a voided payment) and that void
 * entry, each mapped to the other (its id and date). On the bank a bounced cheque is such a pair: the
 * deposit, then the returned item, both real money through the account.
 */
export async function voidPartners(tenant: Tenant, entries: { id: string; sourceType: string; sourceId: string | null }[]) {
  const partners = new Map<string, { id: string; date: string }>();
  const sourceIds = [...new Set(entries.filter((e) => e.sourceId).map((e) => e.sourceId!))];
  if (sourceIds.length === 0) return partners;
  const related = await inChunks(sourceIds, (ids) =>
    tenant.prisma.journalEntry.findMany({
      where: { organizationId: tenant.organizationId, sourceId: { in: ids } },
      select: { id: true, sourceType: true, sourceId: true, date: true },
    }),
  );
  const bySource = new Map<string, typeof related>();
  for (const r of related) bySource.set(r.sourceId!, [...(bySource.get(r.sourceId!) ?? []), r]);
  for (const e of entries) {
    const undoes = e.sourceType.endsWith('_void');
    const partner = (bySource.get(e.sourceId ?? '') ?? []).find((r) => r.id !== e.id && r.sourceType.endsWith('_void') !== undoes);
    if (partner) partners.set(e.id, { id: partner.id, date: partner.date });
  }
  return partners;
}

/** The entries among `ids` that a reversal entry cancels (a journal entry reversed: never money through the bank). */
export async function reversedEntryIds(tenant: Tenant, ids: string[]) {
  const reversed = await inChunks(ids, (chunk) =>
    tenant.prisma.journalEntry.findMany({
      where: { organizationId: tenant.organizationId, reversalOfId: { in: chunk } },
      select: { reversalOfId: true },
    }),
  );
  return new Set(reversed.map((r) => r.reversalOfId!));
}

/** Which of `ids` a line of the bank account matches. */
async function matchedEntryIds(tenant: Tenant, bank: BankAccountRow, ids: string[]) {
  const matched = await inChunks(ids, (chunk) =>
    tenant.prisma.bankMatch.findMany({
      where: { bankAccountId: bank.id, journalEntryId: { in: chunk } },
      select: { journalEntryId: true },
    }),
  );
  return new Set(matched.map((m) => m.journalEntryId));
}

/**
 * Which of `candidates` stand as bank movements still to be matched: not matched yet, not reversed, and
 * not half of a void pair whose other half no line matches either (a payment recorded by mistake and
 * voided moved nothing; once the bank shows one half, as a bounced cheque's deposit, the other is due
 * too). An entry before the account's opening date counts as cleared. With `pairs: 'all'`, unmatched
 * pairs stand as well (suggestions: the line may be either half), each with its partner.
 */
export async function standingMovements<C extends { journalEntryId: string; sourceType: string; sourceId: string | null }>(
  tenant: Tenant,
  bank: BankAccountRow,
  candidates: C[],
  pairs: 'matched' | 'all' = 'matched',
): Promise<(C & { voidPartner?: { id: string; date: string; matched: boolean } })[]> {
  if (candidates.length === 0) return [];
  const entries = candidates.map((c) => ({ id: c.journalEntryId, sourceType: c.sourceType, sourceId: c.sourceId }));
  const [reversed, partners] = await Promise.all([
    reversedEntryIds(
      tenant,
      entries.map((e) => e.id),
    ),
    voidPartners(tenant, entries),
  ]);
  const matched = await matchedEntryIds(tenant, bank, [...entries.map((e) => e.id), ...[...partners.values()].map((p) => p.id)]);
  return candidates.flatMap((c) => {
    if (matched.has(c.journalEntryId) || reversed.has(c.journalEntryId)) return [];
    const partner = partners.get(c.journalEntryId);
    if (!partner) return [c];
    const partnerMatched = matched.has(partner.id) || partner.date < bank.openingDate;
    if (!partnerMatched && pairs === 'matched') return [];
    return [{ ...c, voidPartner: { ...partner, matched: partnerMatched } }];
  });
}
