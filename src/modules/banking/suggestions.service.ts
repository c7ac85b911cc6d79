// What a bank line may be: the postings to the bank's account not yet matched and the open documents of
// its direction and currency, each scored (amount required, dates near, a reference or number the line
// names, the party the bank names) and the best few answered with their reasons.
import type { Tenant } from '../../core/tenant.ts';
import { addDays } from '../../lib/dates.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import { amountDueOf, delegate, type OwedDocumentRow, owedDocumentTypes, type OwedDocumentType } from '../documents/index.ts';
import { loadBankAccount } from './bank-accounts.service.ts';
import { loadBankTransaction, MATCH_WINDOW_DAYS, unmatchedCandidates } from './matching.service.ts';

/** Suggestions answered for a line, best first. */
const MAX_SUGGESTIONS = 10;

export interface BankSuggestion {
  /** What it is: a recorded transaction's source type (payment, bill_payment, manual…), or invoice / bill. */
  type: string;
  /** The id to match with: the document or payment's id, or the journal entry's for entries of their own. */
  id: string;
  journalEntryId: string | null;
  date: string;
  /** In `currency`, the bank account's. */
  amount: bigint;
  currency: string;
  description: string;
  score: number;
  reasons: string[];
}

const days = (a: string, b: string) => Math.round(Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000);

/** The words of a line's text that could be a document number or reference (INV-0042, 10042). */
const tokensOf = (text: string) =>
  [
    ...new Set(
      text
        .toUpperCase()
        .split(/[^A-Z0-9-]+/)
        .filter((t) => t.length >= 3 && /\d/.test(t)),
    ),
  ].slice(0, 20);

/**
 * The recorded transactions and open documents a line may be, best first, each with why: the same amount
 * (required of transactions), how near the dates are, a reference or document number the line names,
 * the party the bank names. Every owed document type of the line's direction is looked in: money in pays
 * what customers owe (invoices, and any sale-side owed document a module adds), money out what we owe.
 * Long on purpose: the postings' suggestions scored in one pass, each reason beside its score.
 */
export async function suggestMatches(
  tenant: Tenant,
  id: string,
  /** Whether the caller may read documents of a type (`invoice`, `bill`): those it may not are not suggested. */
  mayRead: (documentType: string) => boolean = () => true,
): Promise<BankSuggestion[]> {
  const line = await loadBankTransaction(tenant, id);
  if (line.status !== 'UNMATCHED') return [];
  const bank = await loadBankAccount(tenant, line.bankAccountId);
  const text = `${line.description} ${line.counterparty ?? ''} ${line.reference ?? ''}`;
  const upper = text.toUpperCase();
  const tokens = tokensOf(text);
  const counterparty = line.counterparty?.trim();
  const suggestions: BankSuggestion[] = [];
  const window = [addDays(line.date, -MATCH_WINDOW_DAYS), addDays(line.date, MATCH_WINDOW_DAYS)] as const;
  const candidates = await unmatchedCandidates(tenant, bank, window[0], window[1], line.amount, 'all');
  for (const c of candidates) {
    const apart = days(c.date, line.date);
    const reasons = ['same amount', apart === 0 ? 'same date' : `dated ${apart} day${apart === 1 ? '' : 's'} apart`];
    let score = 50 + 20 - 2 * apart;
    if (c.reference && upper.includes(c.reference.toUpperCase())) {
      score += 40;
      reasons.push(`its reference ${c.reference} is in the bank's text`);
    }
    // Half of a void pair no line matches yet: the bank shows it only if the money came and went back.
    if (c.voidPartner && !c.voidPartner.matched) {
      score -= 20;
      reasons.push(
        c.sourceType.endsWith('_void')
          ? 'it undoes a voided payment: the item the bank returned'
          : `voided on ${c.voidPartner.date}: the deposit that came back`,
      );
    }
    const own = c.sourceType === 'manual' || c.sourceType.startsWith('bank_');
    suggestions.push({
      type: own ? 'journal_entry' : c.sourceType,
      // A void is matched by its entry's id: its source's id names the voided record's own posting.
      id: own || !c.sourceId || c.sourceType.endsWith('_void') ? c.journalEntryId : c.sourceId,
      journalEntryId: c.journalEntryId,
      date: c.date,
      amount: c.amount,
      currency: bank.currency,
      description: c.description,
      score,
      reasons,
    });
  }
  // Open documents of the line's direction and currency, of every owed type of that side.
  const side = line.amount > 0n ? 'sale' : 'purchase';
  for (const type of owedDocumentTypes().filter((t) => t.side === side && mayRead(t.resource)))
    suggestions.push(...(await documentSuggestions(tenant, type, { line, bank, candidates, counterparty, upper, tokens })));
  return rank(suggestions);
}

/** What a line's suggestions are read from, for its documents' part. */
interface LineContext {
  line: Awaited<ReturnType<typeof loadBankTransaction>>;
  bank: Awaited<ReturnType<typeof loadBankAccount>>;
  candidates: Awaited<ReturnType<typeof unmatchedCandidates>>;
  counterparty: string | undefined;
  upper: string;
  tokens: string[];
}

/**
 * The open documents of one owed type a line may pay: its amount due, its number in the bank's text, or
 * its party named; never one a voided payment among the line's candidates reopened (a bounced payment).
 * Long on purpose: the documents read and scored in one pass, each reason beside its score.
 */
async function documentSuggestions(
  tenant: Tenant,
  type: OwedDocumentType,
  { line, bank, candidates, counterparty, upper, tokens }: LineContext,
): Promise<BankSuggestion[]> {
  const decimals = currencyDecimals(bank.currency);
  const suggestions: BankSuggestion[] = [];
  const magnitude = line.amount < 0n ? -line.amount : line.amount;
  const partyKey = type.party.key as 'customerId' | 'vendorId';
  const parties = counterparty
    ? ((await delegate(tenant, type.party.model).findMany({
        where: { organizationId: tenant.organizationId, name: counterparty },
        select: { id: true },
        take: 5,
      })) as { id: string }[])
    : [];
  // A document whose voided payment is this line's own candidate was reopened by that void: the line is
  // that payment (a bounced one), not a new one, and matching the document would pay it twice.
  const voidedPayments = candidates.filter(
    (c) => c.voidPartner && c.sourceType === type.payment.sourceType && c.sourceId && !c.sourceType.endsWith('_void'),
  );
  const reopened = new Set(
    voidedPayments.length
      ? (
          (await delegate(tenant, type.payment.model).findMany({
            where: { organizationId: tenant.organizationId, id: { in: voidedPayments.map((c) => c.sourceId!) } },
            select: { [type.parentKey]: true },
          })) as Record<string, string>[]
        ).map((p) => p[type.parentKey]!)
      : [],
  );
  const open = {
    organizationId: tenant.organizationId,
    status: { in: ['OPEN', 'PARTIALLY_PAID'] },
    currency: bank.currency,
    // Only what can be accepted: matching records a payment on the line's date, never before the document's.
    issueDate: { lte: line.date },
    ...(reopened.size ? { id: { notIn: [...reopened] } } : {}),
  };
  const documents = (await delegate(tenant, type.model).findMany({
    where: {
      ...open,
      OR: [
        ...(tokens.length ? [{ number: { in: tokens } }] : []),
        { total: magnitude, amountPaid: 0n, amountCredited: 0n, ...(type.writeOff ? { amountWrittenOff: 0n } : {}) },
        ...(parties.length ? [{ [partyKey]: { in: parties.map((p) => p.id) } }] : []),
      ],
    },
    include: { [type.party.relation]: { select: { name: true } } },
    orderBy: { dueDate: 'asc' },
    take: 20,
  })) as (OwedDocumentRow & { id: string; dueDate: string } & Record<string, { name: string } | undefined>)[];
  for (const d of documents) {
    const due = amountDueOf(d);
    const partyName = d[type.party.relation]?.name;
    const reasons = [
      due === magnitude ? 'the amount due is the same' : '',
      upper.includes(d.number.toUpperCase()) ? `${d.number} is in the bank's text` : '',
      partyName && (upper.includes(partyName.toUpperCase()) || counterparty?.toUpperCase() === partyName.toUpperCase())
        ? `the ${type.party.model} ${partyName} is named`
        : '',
    ];
    const score = (reasons[0] ? 50 : 0) + (reasons[1] ? 40 : 0) + (reasons[2] ? 20 : 0);
    if (!score) continue;
    suggestions.push({
      type: type.resource,
      id: d.id,
      journalEntryId: null,
      date: d.dueDate,
      amount: line.amount > 0n ? due : -due,
      currency: bank.currency,
      description: `${type.label} ${d.number}${partyName ? ` to ${partyName}` : ''}, ${formatMoney(due, decimals)} due`,
      score,
      reasons: reasons.filter(Boolean),
    });
  }
  return suggestions;
}

const rank = (suggestions: BankSuggestion[]) =>
  suggestions.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, MAX_SUGGESTIONS);
