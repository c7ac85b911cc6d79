// GraphQL: a bank account's reconciliation report as at a date (reconciliation.service.ts): where it starts,
// what cleared, the statement's balance, and what the books hold that no line matched yet.
import { builder } from '../../graphql/builder.ts';
import { moneyIn } from '../../graphql/money.ts';
import { requires } from '../../graphql/scopes.ts';
import { IN_ACCOUNT_CURRENCY } from './banking.schema.ts';
import { reconciliationReport } from './reconciliation.service.ts';

type Report = Awaited<ReturnType<typeof reconciliationReport>>;

const OutstandingItemRef = builder.objectRef<Report['outstanding'][number] & { currency: string }>('BankOutstandingItem').implement({
  description:
    'A transaction in the books that no statement line up to the date has matched: a deposit in transit or an outstanding payment.',
  fields: (t) => ({
    journalEntryId: t.exposeID('journalEntryId', { description: 'Its journal entry.' }),
    type: t.exposeString('sourceType', { description: 'What made it (payment, bill_payment, manual…).' }),
    sourceId: t.exposeID('sourceId', { nullable: true, description: 'The payment, receipt or document that made it.' }),
    date: t.expose('date', { type: 'Date', description: 'Its date in the books.' }),
    description: t.exposeString('description', { description: 'Its description.' }),
    amount: t.field({
      type: 'Money',
      description: 'Money in above 0, out below 0.',
      resolve: (o, _a, ctx) => moneyIn(ctx, o.currency, o.amount),
    }),
  }),
});

const BankReconciliationReportRef = builder.objectRef<Report>('BankReconciliationReport').implement({
  description:
    "A bank account's reconciliation as at a date: opening balance, cleared money in and out, the cleared balance, the " +
    'statement balance, and what the books hold that no statement line has matched (deposits in transit, outstanding payments).',
  fields: (t) => {
    const amount = (
      field: keyof Report & `${string}${'Balance' | 'Deposits' | 'Payments' | 'InTransit' | 'Amount'}`,
      description: string,
    ) =>
      t.field({
        type: 'Money',
        description: `${description} ${IN_ACCOUNT_CURRENCY}.`,
        resolve: (r, _a, ctx) => moneyIn(ctx, r.currency, r[field] as bigint),
      });
    return {
      asOf: t.field({ type: 'Date', description: 'The date.', resolve: (r) => r.asOf }),
      currency: t.exposeString('currency', { description: 'ISO 4217.' }),
      openingBalance: amount(
        'openingBalance',
        "Where the period starts: the closing balance of the last reconciliation before the date, or the account's opening balance.",
      ),
      openingDate: t.field({
        type: 'Date',
        description: "That reconciliation's statement date, or the account's opening date.",
        resolve: (r) => r.openingDate,
      }),
      clearedDeposits: amount('clearedDeposits', 'Matched money in up to the date.'),
      clearedPayments: amount('clearedPayments', 'Matched money out up to the date.'),
      clearedBalance: amount('clearedBalance', 'Opening balance plus what cleared.'),
      statementBalance: t.field({
        type: 'Money',
        nullable: true,
        description: `The latest imported statement balance on or before the date. ${IN_ACCOUNT_CURRENCY}.`,
        resolve: (r, _a, ctx) => (r.statementBalance === null ? null : moneyIn(ctx, r.currency, r.statementBalance)),
      }),
      statementDate: t.field({ type: 'Date', nullable: true, description: 'Its date.', resolve: (r) => r.statementDate }),
      unmatchedStatementLines: t.exposeInt('unmatchedStatementLines', { description: 'Statement lines up to the date not yet matched.' }),
      unmatchedStatementAmount: amount('unmatchedStatementAmount', 'Their sum.'),
      depositsInTransit: amount('depositsInTransit', 'Money in recorded in the books and not yet on a statement.'),
      outstandingPayments: amount('outstandingPayments', 'Money out recorded in the books and not yet on a statement.'),
      bookBalance: amount('bookBalance', 'The cleared balance plus what is outstanding: the account in the books.'),
      outstanding: t.field({
        type: [OutstandingItemRef],
        description: 'The outstanding transactions, by date.',
        resolve: (r) => r.outstanding.map((o) => ({ ...o, currency: r.currency })),
      }),
      lastReconciliationId: t.exposeID('lastReconciliationId', {
        nullable: true,
        description: 'The latest reconciliation up to the date.',
      }),
    };
  },
});

builder.queryField('bankReconciliationReport', (t) =>
  t.field({
    type: BankReconciliationReportRef,
    extensions: requires('banking:read'),
    description: "A bank account's reconciliation report as at a date (today when omitted).",
    args: {
      bankAccountId: t.arg.id({ required: true, description: 'The bank account.' }),
      asOf: t.arg({ type: 'Date', description: 'The date.' }),
    },
    resolve: (_p, args, ctx) => reconciliationReport(ctx, String(args.bankAccountId), { asOf: args.asOf }),
  }),
);
