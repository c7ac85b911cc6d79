// GraphQL: the revaluation report (unrealized exchange gains and losses as at a date) and posting it.
import { requires } from '../../graphql/scopes.ts';
import { builder } from '../../graphql/builder.ts';
import { money, moneyIn } from '../../graphql/money.ts';
import { createMutation } from '../../graphql/mutations.ts';
import { AccountRef } from '../accounts/accounts.schema.ts';
import { CustomerRef, VendorRef } from '../contacts/contacts.schema.ts';
import { postRevaluation, revaluationReport } from './revaluations.service.ts';

type Report = Awaited<ReturnType<typeof revaluationReport>>;

const RevaluationRowRef = builder.objectRef<Report['rows'][number]>('RevaluationRow').implement({
  description: 'One foreign balance as at the date: an account (with the party, on receivables and payables) in one currency.',
  fields: (t) => ({
    account: t.field({
      type: AccountRef,
      description: 'Receivables, payables, or a bank or cash account in the currency.',
      resolve: (r) => r.account,
    }),
    customer: t.field({ type: CustomerRef, nullable: true, description: 'The customer, on receivables.', resolve: (r) => r.customer }),
    vendor: t.field({ type: VendorRef, nullable: true, description: 'The vendor, on payables.', resolve: (r) => r.vendor }),
    currency: t.string({ description: 'ISO 4217 currency of the balance.', resolve: (r) => r.currency }),
    foreignBalance: t.field({
      type: 'Money',
      description: 'The balance in the currency (positive: a debit balance, as receivables and bank; negative: payables).',
      resolve: (r, _a, ctx) => moneyIn(ctx, r.currency, r.foreignBalance),
    }),
    bookedHome: t.field({
      type: 'Money',
      description: 'What it is booked at in the home currency (the sum of its posted home amounts).',
      resolve: (r, _a, ctx) => money(ctx, r.bookedHome),
    }),
    rate: t.string({ description: "The currency's rate in force on the date (home units per unit).", resolve: (r) => r.rate }),
    revaluedHome: t.field({
      type: 'Money',
      description: 'The balance at that rate, in the home currency.',
      resolve: (r, _a, ctx) => money(ctx, r.revaluedHome),
    }),
    unrealizedGain: t.field({
      type: 'Money',
      description: 'revaluedHome − bookedHome: the unrealized exchange gain (negative: a loss).',
      resolve: (r, _a, ctx) => money(ctx, r.unrealizedGain),
    }),
  }),
});

const RevaluationRef = builder.objectRef<Report>('Revaluation').implement({
  description:
    'Unrealized exchange gains and losses as at a date: every foreign balance still open then (receivables and payables per ' +
    "party, foreign bank and cash accounts) at that date's rate against the home amount it is booked at.",
  fields: (t) => ({
    asOf: t.field({ type: 'Date', description: 'The date, and the rates in force on it.', resolve: (r) => r.asOf }),
    rows: t.field({ type: [RevaluationRowRef], description: 'By currency, then account and party.', resolve: (r) => r.rows }),
    totalUnrealizedGain: t.field({
      type: 'Money',
      description: 'The sum of the rows: what posting the revaluation would put to exchange gains and losses (negative: a loss).',
      resolve: (r, _a, ctx) => money(ctx, r.totalUnrealizedGain),
    }),
  }),
});

builder.queryField('revaluation', (t) =>
  t.field({
    type: RevaluationRef,
    extensions: requires('reports:read'),
    description:
      "Unrealized exchange gains and losses as at a date (today when omitted), at each currency's rate in force that day; a " +
      'currency with no rate on or before it is refused, naming both.',
    args: { asOf: t.arg({ type: 'Date' }) },
    resolve: (_p, args, ctx) => revaluationReport(ctx, args.asOf ?? undefined),
  }),
);

const PostRevaluationInput = builder.inputType('PostRevaluationInput', {
  description: 'The date to revalue foreign balances at (a period end).',
  fields: (t) => ({ date: t.field({ type: 'Date', required: true, description: 'The date, and the rates in force on it.' }) }),
});

createMutation({
  name: 'postRevaluation',
  model: 'JournalEntry',
  input: PostRevaluationInput,
  description:
    "Posts the revaluation as at a date: each foreign balance moved to the date's rate against the exchange gains and losses " +
    'account, and its reversal the next day (reversedBy). Answers the revaluation entry.',
  run: (scope, input) => postRevaluation(scope, input),
});
