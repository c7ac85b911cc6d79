import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateOrganization } from '../../src/modules/organizations/organizations.service.ts';
import { createJournalEntry, reverseJournalEntry, writePosting } from '../../src/modules/journal/journal.service.ts';
import { customers } from '../../src/modules/contacts/contacts.service.ts';
import { createInvoice } from '../../src/modules/invoices/invoices.service.ts';
import { change } from '../../src/core/representations.ts';
import { failure, serviceFixture } from '../helpers.ts';

let f: Awaited<ReturnType<typeof serviceFixture>>;
let t: Awaited<ReturnType<typeof f.tenant>>;
let cash: string;
let rent: string;
let sales: string;

beforeAll(async () => {
  f = await serviceFixture();
  t = await f.tenant('Journal Co');
  cash = await f.accountId(t, '1000');
  rent = await f.accountId(t, '6100');
  sales = await f.accountId(t, '4000');
});
afterAll(() => f.drop());

const counts = async () => ({
  entries: await f.db.prisma.journalEntry.count(),
  lines: await f.db.prisma.journalLine.count(),
  events: await f.db.prisma.event.count(),
});

const rentEntry = (amount = '1200.00', date = '2026-03-01') => ({
  date,
  description: 'March rent',
  lines: [
    { accountId: rent, debit: amount, credit: '0' },
    { accountId: cash, debit: '0', credit: amount },
  ],
});

describe('posting a journal entry', () => {
  it('writes the entry, its lines and an event, numbered in sequence', async () => {
    const first = await f.run(t, createJournalEntry, rentEntry());
    const second = await f.run(t, createJournalEntry, rentEntry('10.50'));
    expect(second.number).toBe(first.number + 1);
    const lines = await f.db.prisma.journalLine.findMany({ where: { entryId: first.id }, orderBy: { lineNo: 'asc' } });
    expect(lines.map((l) => [l.accountId, l.debit, l.credit, l.date])).toEqual([
      [rent, 120000n, 0n, '2026-03-01'],
      [cash, 0n, 120000n, '2026-03-01'],
    ]);
    expect(first.totalAmount).toBe(120000n);
    const event = await f.db.prisma.event.findFirst({ where: { resourceId: first.id, type: 'journal_entry.created' } });
    expect(JSON.parse(event!.payload).object).toMatchObject({ id: first.id, totalAmount: 1200, status: 'posted' });
  });

  it('accepts JSON numbers as amounts, as REST sends them', async () => {
    const entry = await f.run(t, createJournalEntry, {
      date: '2026-03-02',
      description: 'x',
      lines: [
        { accountId: rent, debit: 0.1, credit: 0 },
        { accountId: cash, debit: 0, credit: 0.1 },
      ],
    });
    expect(entry.totalAmount).toBe(10n);
  });

  const bad: [string, () => object, string, string[]][] = [
    ['fewer than two lines', () => ({ date: '2026-03-01', lines: [{ accountId: cash, debit: '1' }] }), 'VALIDATION_FAILED', ['lines']],
    [
      'a line with both sides',
      () => ({
        date: '2026-03-01',
        lines: [
          { accountId: cash, debit: '1', credit: '1' },
          { accountId: rent, credit: '0' },
        ],
      }),
      'VALIDATION_FAILED',
      ['lines.0', 'lines.1'],
    ],
    [
      'a negative amount',
      () => ({
        date: '2026-03-01',
        lines: [
          { accountId: rent, debit: '-5' },
          { accountId: cash, credit: '-5' },
        ],
      }),
      'VALIDATION_FAILED',
      ['lines.0.debit', 'lines.1.credit'],
    ],
    [
      'more decimals than the currency',
      () => ({
        date: '2026-03-01',
        lines: [
          { accountId: rent, debit: '1.005' },
          { accountId: cash, credit: '1.005' },
        ],
      }),
      'VALIDATION_FAILED',
      ['lines.0.debit', 'lines.1.credit'],
    ],
    ['a date that does not exist', () => ({ ...rentEntry(), date: '2026-02-30' }), 'VALIDATION_FAILED', ['date']],
    [
      'an unknown account',
      () => ({
        date: '2026-03-01',
        lines: [
          { accountId: 'acct_00000000000000000000000000', debit: '1' },
          { accountId: cash, credit: '1' },
        ],
      }),
      'VALIDATION_FAILED',
      ['lines.0.accountId'],
    ],
    [
      'debits that do not equal credits',
      () => ({
        date: '2026-03-01',
        lines: [
          { accountId: rent, debit: '100.00' },
          { accountId: cash, credit: '99.99' },
        ],
      }),
      'UNBALANCED_ENTRY',
      ['lines'],
    ],
  ];
  for (const [what, input, code, paths] of bad) {
    it(`refuses ${what}, naming the fields, and writes nothing`, async () => {
      const before = await counts();
      const error = await failure(f.run(t, createJournalEntry, input() as any));
      expect(error.code).toBe(code);
      expect(error.fieldErrors.map((e) => e.path).sort()).toEqual(paths);
      expect(await counts()).toEqual(before);
    });
  }

  it('states both totals of an unbalanced entry', async () => {
    const error = await failure(
      f.run(t, createJournalEntry, {
        date: '2026-03-01',
        lines: [
          { accountId: rent, debit: '100.00' },
          { accountId: cash, credit: '99.99' },
        ],
      }),
    );
    expect(error.details).toEqual({ totalDebit: 100, totalCredit: 99.99 });
    expect(error.message).toBe('Total debit 100.00 does not equal total credit 99.99');
  });

  it("refuses another organization's account exactly like a missing one", async () => {
    const other = await f.tenant('Other Co');
    const theirs = await f.accountId(other, '1000');
    const error = await failure(
      f.run(t, createJournalEntry, {
        date: '2026-03-01',
        lines: [
          { accountId: theirs, debit: '1' },
          { accountId: cash, credit: '1' },
        ],
      }),
    );
    expect(error.fieldErrors).toEqual([{ path: 'lines.0.accountId', message: `no account with id "${theirs}"` }]);
  });

  it('refuses inactive accounts and the receivables control account', async () => {
    const closed = await f.db.prisma.account.create({
      data: {
        id: 'acct_0000000000000000000000clsd',
        organizationId: t.organizationId,
        code: '6999',
        name: 'Closed',
        type: 'EXPENSE',
        active: false,
      },
    });
    const receivable = await f.accountId(t, '1200');
    const error = await failure(
      f.run(t, createJournalEntry, {
        date: '2026-03-01',
        lines: [
          { accountId: closed.id, debit: '1' },
          { accountId: receivable, credit: '1' },
        ],
      }),
    );
    expect(error.fieldErrors.map((e) => e.path)).toEqual(['lines.0.accountId', 'lines.1.accountId']);
    // The refusal names the documents that do the job.
    expect(error.fieldErrors[1].message).toBe(
      'is the receivables control account, moved only by documents: record a payment for money received (a customer ' +
        'prepayment for money ahead of an invoice), issue a credit note to give a customer credit, or write off what is left on an invoice',
    );
    const payables = await failure(
      f.run(t, createJournalEntry, {
        date: '2026-03-01',
        lines: [
          { accountId: await f.accountId(t, '2000'), debit: '1' },
          { accountId: await f.accountId(t, '1010'), credit: '1' },
        ],
      }),
    );
    expect(payables.fieldErrors).toEqual([
      {
        path: 'lines.0.accountId',
        message:
          'is the payables control account, moved only by documents: record a bill payment for money paid (a vendor prepayment ' +
          'for money ahead of a bill), or enter a vendor credit for what a vendor owes back',
      },
    ]);
  });

  it('refuses a posting on or before the lock date with PERIOD_LOCKED, and accepts the day after', async () => {
    const locked = await f.tenant('Locked Co');
    const lockedCash = await f.accountId(locked, '1000');
    const lockedRent = await f.accountId(locked, '6100');
    await f.run(locked, updateOrganization, { lockDate: '2026-03-31' });
    locked.organization.lockDate = '2026-03-31';
    const entry = (date: string) => ({
      date,
      lines: [
        { accountId: lockedRent, debit: '5' },
        { accountId: lockedCash, credit: '5' },
      ],
    });
    for (const date of ['2026-03-31', '2025-12-01']) {
      const error = await failure(f.run(locked, createJournalEntry, entry(date)));
      expect(error.code).toBe('PERIOD_LOCKED');
      expect(error.fieldErrors[0].path).toBe('date');
    }
    expect((await f.run(locked, createJournalEntry, entry('2026-04-01'))).date).toBe('2026-04-01');
  });
});

describe('reversing a journal entry', () => {
  it('posts the mirror entry, links both ways, and leaves the original untouched', async () => {
    const original = await f.run(t, createJournalEntry, rentEntry('300.00', '2026-05-01'));
    const reversal = await f.run(t, reverseJournalEntry, original.id, { date: '2026-05-02', reason: 'wrong month' });
    const lines = await f.db.prisma.journalLine.findMany({ where: { entryId: reversal.id }, orderBy: { lineNo: 'asc' } });
    expect(lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [rent, 0n, 30000n],
      [cash, 30000n, 0n],
    ]);
    expect(reversal.reversalOfId).toBe(original.id);
    expect(reversal.description).toBe(`Reversal of #${original.number}: wrong month`);
    const reloaded = await f.db.prisma.journalEntry.findUniqueOrThrow({ where: { id: original.id }, include: { reversedBy: true } });
    expect(reloaded.reversedBy?.id).toBe(reversal.id);
    expect(reloaded).toMatchObject({ date: original.date, totalAmount: original.totalAmount, description: original.description });
  });

  it('refuses to reverse twice, before the original date, or an entry an invoice posted', async () => {
    const original = await f.run(t, createJournalEntry, rentEntry('1.00', '2026-06-10'));
    expect((await failure(f.run(t, reverseJournalEntry, original.id, { date: '2026-06-09' }))).fieldErrors[0].path).toBe('date');
    await f.run(t, reverseJournalEntry, original.id, { date: '2026-06-10' });
    const twice = await failure(f.run(t, reverseJournalEntry, original.id, { date: '2026-06-11' }));
    expect(twice.code).toBe('INVALID_STATE');
    expect(twice.message).toMatch(/already reversed/);

    const customer = await f.run(t, customers.create, { name: 'Buyer' });
    const invoice = await f.run(t, createInvoice, {
      customerId: customer.id,
      issueDate: '2026-06-10',
      lines: [{ description: 'Work', unitPrice: '10', accountId: sales }],
    });
    const byInvoice = await failure(f.run(t, reverseJournalEntry, invoice.journalEntryId!, {}));
    expect(byInvoice.code).toBe('INVALID_STATE');
    expect(byInvoice.message).toMatch(/void the invoice/);
  });

  it('answers NOT_FOUND for an entry of another organization', async () => {
    const other = await f.tenant('Stranger Co');
    const theirs = await f.run(other, createJournalEntry, {
      date: '2026-03-01',
      lines: [
        { accountId: await f.accountId(other, '6100'), debit: '1' },
        { accountId: await f.accountId(other, '1000'), credit: '1' },
      ],
    });
    expect((await failure(f.run(t, reverseJournalEntry, theirs.id))).code).toBe('NOT_FOUND');
  });
});

describe('writePosting keeps the books whoever calls it', () => {
  const post = (lines: { accountId: string; debit: bigint; credit: bigint }[], date = '2026-06-01') =>
    f.run(t, async function writeRaw(scope) {
      const { entry, event } = await writePosting(scope, { date, description: 'direct', sourceType: 'manual', lines });
      return change(event.resource.type, entry, [event]);
    });

  it('refuses unbalanced lines, a line with both or no sides, a single line, and a locked date; writes nothing', async () => {
    const before = await counts();
    expect(
      (
        await failure(
          post([
            { accountId: rent, debit: 500n, credit: 0n },
            { accountId: cash, debit: 0n, credit: 400n },
          ]),
        )
      ).code,
    ).toBe('UNBALANCED_ENTRY');
    expect(
      (
        await failure(
          post([
            { accountId: rent, debit: 5n, credit: 5n },
            { accountId: cash, debit: 0n, credit: 0n },
          ]),
        )
      ).code,
    ).toBe('VALIDATION_FAILED');
    expect((await failure(post([{ accountId: rent, debit: 0n, credit: 0n }]))).code).toBe('VALIDATION_FAILED');
    const locked = await f.tenant('Locked direct Co');
    await f.run(locked, updateOrganization, { lockDate: '2026-06-30' });
    const lockedCash = await f.accountId(locked, '1000');
    const lockedRent = await f.accountId(locked, '6100');
    const refused = await failure(
      f.run(locked, async function writeRaw(scope) {
        const { entry, event } = await writePosting(scope, {
          date: '2026-06-01',
          description: 'direct',
          sourceType: 'manual',
          lines: [
            { accountId: lockedRent, debit: 1n, credit: 0n },
            { accountId: lockedCash, debit: 0n, credit: 1n },
          ],
        });
        return change(event.resource.type, entry, [event]);
      }),
    );
    expect(refused.code).toBe('PERIOD_LOCKED');
    expect(await counts()).toEqual({ ...before, events: before.events + 1 }); // the lock date's own organization.updated event
  });
});
