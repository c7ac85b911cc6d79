// Banking as a bookkeeper does it at a month end, through the API: a bank account with its opening
// balance, the bank's OFX imported (a line the bank sent twice skipped, the file again adding nothing),
// one line matched to a payment already recorded, one explained as a bank fee, one matched to the open
// invoice it names (which records its payment), the reconciliation refused until the cleared balance is
// the statement's, and what it reconciled locked until it is undone. Then the other files banks give
// (CSV with a debit and a credit column and decimal commas, CAMT.053 with a batch booking), transfers
// matched on both statements, and the walls between tenants and scopes.
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../src/core/tenant.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import { dedupeKeys } from '../../src/modules/banking/statement-files.ts';
import { packLines, type ReadStatement } from '../../src/modules/banking/statement-packing.ts';
import { dropStaged, stageStatement } from '../../src/modules/banking/statement-staging.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
const code: Record<string, string> = {};

const post = (path: string, body?: unknown) => http(t.url, path, { key, body: body ?? {} });
const get = (path: string) => http(t.url, path, { key });

const ofx = (lines: { date: string; amount: string; fitid: string; name: string; memo?: string }[], balance: string) => `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261130120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>121000248<ACCTID>9876541234<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261101<DTEND>20261130
${lines
  .map(
    (l) => `<STMTTRN>
<TRNTYPE>${l.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}
<DTPOSTED>${l.date.replaceAll('-', '')}120000[-5:EST]
<TRNAMT>${l.amount}
<FITID>${l.fitid}
<NAME>${l.name}
${l.memo ? `<MEMO>${l.memo}\n` : ''}</STMTTRN>`,
  )
  .join('\n')}
</BANKTRANLIST>
<LEDGERBAL><BALAMT>${balance}<DTASOF>20261130</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;

/** The organization as a service sees it outside a request (staging needs only its database and id). */
const tenantOf = () => ({ prisma: t.db.prisma, organizationId }) as unknown as Tenant;
const bankRow = (id: string) => t.db.prisma.bankAccount.findUniqueOrThrow({ where: { id }, include: { account: true } });
/** OFX lines as the statement reader answers them (amounts in cents). */
function parsedOfx(lines: { date: string; amount: string; fitid: string; name: string }[], closing?: [bigint, string]): ReadStatement {
  const read = lines.map((l, i) => ({
    date: l.date,
    amount: BigInt(Math.round(Number(l.amount) * 100)),
    description: l.name,
    counterparty: null,
    reference: l.fitid,
    fileLine: i + 1,
  }));
  return {
    lines: packLines(read, dedupeKeys(read)),
    fileHash: 'f'.repeat(64),
    closingBalance: closing?.[0] ?? null,
    closingDate: closing?.[1] ?? null,
    currency: 'USD',
    account: { number: null, creditCard: null },
  };
}
async function stagedRows(bankAccountId: string) {
  const where = { bankAccountId, staged: true };
  return { statements: await t.db.prisma.bankStatement.count({ where }), lines: await t.db.prisma.bankTransaction.count({ where }) };
}

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000 } });
  ({ key, organizationId } = await t.tenant('Banked Ltd'));
  for (const a of (await get('/api/v1/accounts?limit=100')).body.data as { id: string; code: string }[]) code[a.code] = a.id;
});
afterAll(() => t.close());

describe('a month of the bank, reconciled', () => {
  let bank: { id: string; accountId: string };
  let payment: { id: string };
  let invoice: { id: string; number: string };
  let lines: { id: string; amount: number; description: string }[];

  it('adds a bank account and posts its opening balance against Opening Balance Equity', async () => {
    const created = await post('/api/v1/bank-accounts', {
      name: 'Operating Account',
      kind: 'bank',
      bankName: 'First Bank',
      accountNumber: 'US12 3456 7890 1234',
      openingBalance: 1000,
      openingDate: '2026-10-31',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'bank', currency: 'USD', accountNumber: '••••1234', openingBalance: 1000 });
    bank = created.body;
    const account = (await get(`/api/v1/accounts/${bank.accountId}`)).body;
    expect(account).toMatchObject({ type: 'asset', subtype: 'bank', balance: 1000, name: 'Operating Account' });
    const equity = ((await get('/api/v1/accounts?limit=100')).body.data as { name: string; balance: number }[]).find(
      (a) => a.name === 'Opening Balance Equity',
    );
    expect(equity?.balance).toBe(1000);
  });

  it('imports an OFX file: a line sent twice is kept once, and the same file again adds nothing', async () => {
    const customer = (await post('/api/v1/customers', { name: 'Acme Co' })).body;
    invoice = (
      await post('/api/v1/invoices', {
        customerId: customer.id,
        issueDate: '2026-11-01',
        lines: [{ description: 'Work', unitPrice: 1250 }],
      })
    ).body;
    const small = (
      await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-11-01', lines: [{ description: 'Call', unitPrice: 300 }] })
    ).body;
    payment = (await post(`/api/v1/invoices/${small.id}/payments`, { amount: 300, date: '2026-11-03', depositAccountId: bank.accountId }))
      .body;
    const statement = [
      { date: '2026-11-04', amount: '300.00', fitid: 'F1', name: 'ACME CO', memo: `Payment ${small.number}` },
      { date: '2026-11-05', amount: '1250.00', fitid: 'F2', name: 'ACME CO', memo: `Settles ${invoice.number}` },
      { date: '2026-11-05', amount: '1250.00', fitid: 'F2', name: 'ACME CO', memo: `Settles ${invoice.number}` },
      { date: '2026-11-10', amount: '-15.00', fitid: 'F3', name: 'MONTHLY FEE' },
    ];
    const file = ofx(statement, '2535.00');
    const imported = await post(`/api/v1/bank-accounts/${bank.id}/statements`, { format: 'ofx', file, filename: 'nov.ofx' });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ lineCount: 4, newCount: 3, skippedCount: 1, closingBalance: 2535, closingDate: '2026-11-30' });
    const again = await post(`/api/v1/bank-accounts/${bank.id}/statements`, { format: 'qfx', file });
    expect(again.body).toMatchObject({ lineCount: 4, newCount: 0, skippedCount: 4 });
    expect((await get(`/api/v1/bank-accounts/${bank.id}`)).body).toMatchObject({ statementBalance: 2535, statementDate: '2026-11-30' });
    lines = (await get(`/api/v1/bank-transactions?bankAccountId=${bank.id}&status=unmatched`)).body.data;
    expect(lines.map((l) => [l.amount, l.description])).toEqual([
      [300, `Payment ${small.number}`],
      [1250, `Settles ${invoice.number}`],
      [-15, 'MONTHLY FEE'],
    ]);
  });

  it('suggests the recorded payment for its line, and matches it', async () => {
    const suggestions = (await get(`/api/v1/bank-transactions/${lines[0]!.id}/suggestions`)).body.data;
    expect(suggestions[0]).toMatchObject({ type: 'payment', id: payment.id, amount: 300 });
    expect(suggestions[0].reasons).toContain('same amount');
    expect(suggestions[0].reasons).toContain('dated 1 day apart');
    const matched = await post(`/api/v1/bank-transactions/${lines[0]!.id}/match`, { matches: [{ id: payment.id }] });
    expect(matched.status).toBe(200);
    expect(matched.body).toMatchObject({ status: 'matched', matches: [{ amount: 300, explained: false }] });
  });

  it('explains the fee into Bank Fees', async () => {
    const explained = await post(`/api/v1/bank-transactions/${lines[2]!.id}/explain`, { accountId: code['6900'] });
    expect(explained.body).toMatchObject({ status: 'matched', matches: [{ amount: -15, explained: true }] });
    const entry = (await get(`/api/v1/journal-entries/${explained.body.matches[0].journalEntryId}`)).body;
    expect(entry).toMatchObject({ date: '2026-11-10', sourceType: 'bank_transaction', description: 'MONTHLY FEE' });
    expect((await get(`/api/v1/accounts/${code['6900']}`)).body.balance).toBe(15);
  });

  it('suggests the open invoice the line names; matching it records the payment', async () => {
    const suggestions = (await get(`/api/v1/bank-transactions/${lines[1]!.id}/suggestions`)).body.data;
    expect(suggestions[0]).toMatchObject({ type: 'invoice', id: invoice.id, amount: 1250 });
    expect(suggestions[0].reasons).toEqual([
      'the amount due is the same',
      `${invoice.number} is in the bank's text`,
      'the customer Acme Co is named',
    ]);
    const matched = await post(`/api/v1/bank-transactions/${lines[1]!.id}/match`, { matches: [{ id: invoice.id }] });
    expect(matched.body.status).toBe('matched');
    expect((await get(`/api/v1/invoices/${invoice.id}`)).body).toMatchObject({ status: 'paid', amountDue: 0 });
    const payments = (await get(`/api/v1/payments?invoiceId=${invoice.id}`)).body.data;
    expect(payments).toMatchObject([{ amount: 1250, date: '2026-11-05', depositAccountId: bank.accountId }]);
  });

  it('refuses to reconcile until the cleared balance is the statement’s, then locks what it reconciled', async () => {
    const wrong = await post(`/api/v1/bank-accounts/${bank.id}/reconciliations`, { statementDate: '2026-11-30', closingBalance: 2600 });
    expectProblem(wrong, 400, 'VALIDATION_FAILED');
    expect(wrong.body.errors).toEqual([{ path: 'closingBalance', message: 'differs from the cleared balance 2535.00 by 65.00' }]);
    const done = await post(`/api/v1/bank-accounts/${bank.id}/reconciliations`, { statementDate: '2026-11-30', closingBalance: 2535 });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      openingBalance: 1000,
      clearedDeposits: 1550,
      clearedPayments: -15,
      closingBalance: 2535,
      transactionCount: 3,
    });
    const voided = await post(`/api/v1/payments/${payment.id}/void`, {});
    expectProblem(voided, 400, 'INVALID_STATE');
    expect(voided.body.detail).toContain(`bank reconciliation ${done.body.id}`);
    expectProblem(await post(`/api/v1/bank-transactions/${lines[0]!.id}/unmatch`), 400, 'INVALID_STATE');
    const fee = (await get(`/api/v1/bank-transactions/${lines[2]!.id}`)).body;
    expectProblem(await post(`/api/v1/journal-entries/${fee.matches[0].journalEntryId}/reverse`, {}), 400, 'INVALID_STATE');
    expect((await get(`/api/v1/payments/${payment.id}`)).body.voided ?? false).toBe(false);

    // A later deposit in the books but not yet on a statement is outstanding in the report.
    const later = (
      await post('/api/v1/invoices', {
        customerId: (await get(`/api/v1/invoices/${invoice.id}`)).body.customerId,
        issueDate: '2026-11-20',
        lines: [{ description: 'More', unitPrice: 40 }],
      })
    ).body;
    await post(`/api/v1/invoices/${later.id}/payments`, { amount: 40, date: '2026-11-28', depositAccountId: bank.accountId });
    const report = (await get(`/api/v1/bank-accounts/${bank.id}/reconciliation-report?asOf=2026-11-30`)).body;
    expect(report).toMatchObject({
      // At the statement date just reconciled it describes that statement's period: from the reconciliation
      // before (here none: the account's opening), with the lines it cleared.
      openingBalance: 1000,
      openingDate: '2026-10-31',
      clearedDeposits: 1550,
      clearedPayments: -15,
      clearedBalance: 2535,
      statementBalance: 2535,
      depositsInTransit: 40,
      outstandingPayments: 0,
      bookBalance: 2575,
      unmatchedStatementLines: 0,
      lastReconciliationId: done.body.id,
    });
    expect(report.outstanding).toMatchObject([{ type: 'payment', amount: 40, date: '2026-11-28' }]);
    // After it, it starts where the last reconciliation ended, as QuickBooks' report does.
    const after = (await get(`/api/v1/bank-accounts/${bank.id}/reconciliation-report?asOf=2026-12-01`)).body;
    expect(after).toMatchObject({ openingBalance: 2535, openingDate: '2026-11-30', clearedDeposits: 0, clearedBalance: 2535 });
    // Before the statement date nothing was reconciled: the report then runs from the opening balance.
    const before = (await get(`/api/v1/bank-accounts/${bank.id}/reconciliation-report?asOf=2026-11-06`)).body;
    expect(before).toMatchObject({ openingBalance: 1000, clearedDeposits: 1550, clearedBalance: 2550, lastReconciliationId: null });
    const cleared = await gql(t.url, key, `{ node(id: "${bank.id}") { ... on BankAccount { clearedBalance(asOf: "2026-11-30") } } }`);
    expect(cleared.body.data.node.clearedBalance).toBe('2535.00');
    expect((await get(`/api/v1/accounts/${bank.accountId}`)).body.balance).toBe(2575);

    // Undone, the payment can be voided again; voided within the statement's period with no line for its
    // void (a correction, not the bank returning it), the line matched to it then blocks the next reconciliation.
    const undone = await post(`/api/v1/bank-reconciliations/${done.body.id}/undo`);
    expect(undone.body).toMatchObject({ status: 'undone' });
    expect((await post(`/api/v1/payments/${payment.id}/void`, { date: '2026-11-20' })).status).toBe(200);
    const stale = await post(`/api/v1/bank-accounts/${bank.id}/reconciliations`, { statementDate: '2026-11-30', closingBalance: 2535 });
    expectProblem(stale, 400, 'INVALID_STATE');
    expect(stale.body.detail).toContain(lines[0]!.id);
  });

  it('unmatching an explained line reverses its entry', async () => {
    const unmatched = await post(`/api/v1/bank-transactions/${lines[2]!.id}/unmatch`);
    expect(unmatched.body).toMatchObject({ status: 'unmatched', matches: [] });
    expect((await get(`/api/v1/accounts/${code['6900']}`)).body.balance).toBe(0);
    const excluded = await post(`/api/v1/bank-transactions/${lines[2]!.id}/exclude`);
    expect(excluded.body.status).toBe('excluded');
  });
});

describe('the files banks give', () => {
  let bank: { id: string };
  beforeAll(async () => {
    bank = (await post('/api/v1/bank-accounts', { name: 'Euro Savings', kind: 'bank', openingDate: '2026-01-01' })).body;
  });

  const csv = [
    'Kontoauszug Musterbank',
    'Buchungstag;Empfänger;Verwendungszweck;Soll;Haben;Referenz',
    '02.11.2026;Stadtwerke;"Strom; November";1.234,56;;',
    '03.11.2026;Kunde A;Rechnung 17;;2.000,00;R-17',
    '03.11.2026;Kunde A;Rechnung 17;;2.000,00;R-17',
    '04.11.2026;Café;Kaffee;3,50;;',
    '04.11.2026;Café;Kaffee;3,50;;',
  ].join('\r\n');
  const layout = {
    dateColumn: 'Buchungstag',
    debitColumn: 'Soll',
    creditColumn: 'Haben',
    descriptionColumn: 'Verwendungszweck',
    counterpartyColumn: 'Empfänger',
    referenceColumn: 'Referenz',
    dateFormat: 'DD.MM.YYYY',
    decimalSeparator: ',',
    delimiter: ';',
    skipLines: 1,
  };

  it('reads a CSV with a debit and a credit column and decimal commas, and remembers its layout', async () => {
    const imported = await post(`/api/v1/bank-accounts/${bank.id}/statements`, { format: 'csv', file: csv, csv: layout });
    expect(imported.status).toBe(201);
    // The repeated reference is one line; the two equal coffees without one are two.
    expect(imported.body).toMatchObject({ lineCount: 5, newCount: 4, skippedCount: 1, startDate: '2026-11-02', endDate: '2026-11-04' });
    const got = (await get(`/api/v1/bank-transactions?bankAccountId=${bank.id}`)).body.data;
    expect(got.map((l: { amount: number; counterparty: string }) => [l.amount, l.counterparty])).toEqual([
      [-1234.56, 'Stadtwerke'],
      [2000, 'Kunde A'],
      [-3.5, 'Café'],
      [-3.5, 'Café'],
    ]);
    // The next file of the same bank needs no layout; its overlap is skipped.
    const next = await post(`/api/v1/bank-accounts/${bank.id}/statements`, {
      format: 'csv',
      file: `${csv}\r\n05.11.2026;Bäckerei;Brot;2,10;;`,
    });
    expect(next.body).toMatchObject({ lineCount: 6, newCount: 1, skippedCount: 5 });
  });

  it('saves a layout under a name for every account to use, and lists what is saved', async () => {
    const own = (await t.tenant('Named Layouts Co')).key;
    const call = (path: string, body?: unknown) => http(t.url, path, { key: own, ...(body === undefined ? {} : { body }) });
    const [a, b] = await Promise.all(
      ['Giro', 'Tagesgeld'].map(
        async (name) => (await call('/api/v1/bank-accounts', { name, kind: 'bank', openingDate: '2026-10-31' })).body,
      ),
    );
    const named = { ...layout, name: 'Musterbank export' };
    expect((await call(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'csv', file: csv, csv: named })).status).toBe(201);
    // Another account of the same bank: the layout by its name alone.
    const second = await call(`/api/v1/bank-accounts/${b.id}/statements`, { format: 'csv', file: csv, csv: { name: 'Musterbank export' } });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ lineCount: 5, newCount: 4 });
    const unknown = await call(`/api/v1/bank-accounts/${b.id}/statements`, { format: 'csv', file: csv, csv: { name: 'Other bank' } });
    expectProblem(unknown, 400, 'VALIDATION_FAILED');
    expect(unknown.body.errors).toEqual([{ path: 'csv.name', message: 'no layout is saved as "Other bank" (saved: "Musterbank export")' }]);
    const saved = (await call('/api/v1/bank-csv-layouts')).body;
    expect(saved.data).toMatchObject([
      {
        name: 'Musterbank export',
        dateColumn: 'Buchungstag',
        debitColumn: 'Soll',
        creditColumn: 'Haben',
        decimalSeparator: ',',
        skipLines: 1,
        hasHeader: true,
      },
    ]);
    // Saved again under the same name, it is replaced; GraphQL lists the same.
    await call(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'csv', file: csv, csv: { ...named, counterpartyColumn: null } });
    const listed = await gql(t.url, own, '{ bankCsvLayouts { data { name counterpartyColumn } } }');
    expect(listed.body.data.bankCsvLayouts.data).toEqual([{ name: 'Musterbank export', counterpartyColumn: null }]);
    // Another organization sees none of them.
    expect((await http(t.url, '/api/v1/bank-csv-layouts', { key })).body.data).toEqual([]);
  });

  it("reads a card's CSV without a header, with its balance and currency; refuses another currency and a layout that cannot be", async () => {
    // An organization of its own: a card account here takes no code the other tests expect.
    const own = (await t.tenant('Travel Card Co')).key;
    const post = (path: string, body?: unknown) => http(t.url, path, { key: own, body: body ?? {} });
    const get = (path: string) => http(t.url, path, { key: own });
    const card = (await post('/api/v1/bank-accounts', { name: 'Travel Card', kind: 'credit_card', openingDate: '2026-10-31' })).body;
    const file = '02/11/26,AIRLINE,350.00,USD,-350.00\n05/11/26,PAYMENT THANK YOU,-500.00,USD,150.00\nTOTAL,,,,150.00\n';
    const layout = {
      hasHeader: false,
      dateColumn: '1',
      descriptionColumn: '2',
      amountColumn: '3',
      currencyColumn: '4',
      balanceColumn: '5',
      dateFormat: 'DD/MM/YY',
      invertSign: true,
      footerLines: 1,
    };
    const imported = await post(`/api/v1/bank-accounts/${card.id}/statements`, { format: 'csv', file, csv: layout });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ lineCount: 2, newCount: 2, closingBalance: 150, closingDate: '2026-11-05' });
    const got = (await get(`/api/v1/bank-transactions?bankAccountId=${card.id}`)).body.data;
    expect(got.map((l: { amount: number }) => l.amount)).toEqual([-350, 500]);
    // A euro file for a dollar account is not stored as dollars.
    const euros = await post(`/api/v1/bank-accounts/${card.id}/statements`, { format: 'csv', file: file.replaceAll('USD', 'EUR') });
    expect(euros.body.errors).toEqual([{ path: 'file', message: 'the statement is in EUR; the bank account is in USD' }]);
    const wrong = await post(`/api/v1/bank-accounts/${card.id}/statements`, {
      format: 'csv',
      file,
      csv: { ...layout, dateColumn: 'Date', directionColumn: '6', amountColumn: '3', debitColumn: '3', creditColumn: '4' },
    });
    expectProblem(wrong, 400, 'VALIDATION_FAILED');
    expect(wrong.body.errors).toEqual([
      { path: 'csv.amountColumn', message: 'name either the amount column, or both the debit and the credit columns' },
      { path: 'csv.dateColumn', message: 'without a header, name the column by its number (1 is the first)' },
    ]);
  });

  it('refuses a malformed file whole, naming each bad line and field', async () => {
    const bad = `${csv}\r\n31.11.2026;X;Y;1,00;;\r\n06.11.2026;X;Z;abc;;\r\n07.11.2026;X;Z;1,00;2,00;`;
    const refused = await post(`/api/v1/bank-accounts/${bank.id}/statements`, { format: 'csv', file: bad });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual([
      { path: 'file', message: 'line 8, date: "31.11.2026" is not a date as DD.MM.YYYY' },
      { path: 'file', message: 'line 9, debit: "abc" is not an amount (decimal separator ",")' },
      {
        path: 'file',
        message: 'line 10, amount: exactly one of the debit and credit columns must hold an amount (the other empty or zero)',
      },
    ]);
    const list = (await get(`/api/v1/bank-transactions?bankAccountId=${bank.id}`)).body;
    expect(list.total).toBe(5);
    const noLayout = await post(`/api/v1/bank-accounts/${bank.id}/statements`, { format: 'pdf', file: 'x' });
    expect(noLayout.body.errors).toEqual([
      { path: 'format', message: 'must be one of csv, ofx, camt053, mt940 (qfx is read as ofx, sta as mt940)' },
    ]);
  });

  it('imports a statement of the most lines a file may have (10,000, past 1 MB): the REST body limit holds it', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'Busy Till', kind: 'bank', openingDate: '2026-10-01' })).body;
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      date: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`,
      amount: `${1 + (i % 900)}.${String(i % 100).padStart(2, '0')}`,
      fitid: `TILL${i}`,
      name: `SALE ${i % 37}`,
    }));
    const file = ofx(many, '0.00');
    expect(Buffer.byteLength(JSON.stringify({ format: 'ofx', file }))).toBeGreaterThan(1_000_000);
    const imported = await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'ofx', file });
    expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBe(201);
    expect(imported.body).toMatchObject({ lineCount: 10_000, newCount: 10_000, skippedCount: 0 });
  });

  it('reads OFX 2 (XML, every tag closed, entities) and refuses a tag name built to stall a parser, at once', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'XML Bank', kind: 'bank', openingDate: '2026-10-01' })).body;
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS><CURDEF>USD</CURDEF>
<BANKTRANLIST><DTSTART>20261001</DTSTART><DTEND>20261031</DTEND>
<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261007</DTPOSTED><TRNAMT>12.34</TRNAMT><FITID>X1</FITID>
<NAME>SMITH &amp; SONS</NAME><MEMO></MEMO></STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>12.34</BALAMT><DTASOF>20261031</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const imported = await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'ofx', file: xml });
    expect(imported.body).toMatchObject({ newCount: 1, closingBalance: 12.34 });
    const [line] = (await get(`/api/v1/bank-transactions?bankAccountId=${a.id}`)).body.data;
    expect(line).toMatchObject({ amount: 12.34, counterparty: 'SMITH & SONS', description: 'SMITH & SONS', reference: 'X1' });
    // A long run of tag characters with nothing to close it: linear to read, refused as what it is.
    const hostile = `OFXHEADER:100\n<OFX><${'A'.repeat(5000)}!<BANKMSGSRSV1>`;
    const refused = await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'ofx', file: hostile });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
  });

  it('reads MT940 (a .sta file), in the worker that reads statements', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'SWIFT Bank', kind: 'bank', openingDate: '2026-10-31' })).body;
    const file = [
      ':20:STMT-2026-11',
      ':25:12345678/0001234567',
      ':28C:00011/001',
      ':60F:C261031USD0,00',
      ':61:2611021102C1250,00NTRFINV-0042//BANK-77',
      ':86:Payment INV-0042 ACME CO',
      ':62F:C261130USD1250,00',
      '-',
    ].join('\r\n');
    const imported = await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'sta', file, filename: 'nov.sta' });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ format: 'mt940', lineCount: 1, closingBalance: 1250, closingDate: '2026-11-30' });
    const [line] = (await get(`/api/v1/bank-transactions?bankAccountId=${a.id}`)).body.data;
    expect(line).toMatchObject({ date: '2026-11-02', amount: 1250, description: 'Payment INV-0042 ACME CO', reference: 'BANK-77' });
    const broken = await post(`/api/v1/bank-accounts/${a.id}/statements`, {
      format: 'mt940',
      file: file.replace(':25:12345678/0001234567\r\n', ''),
    });
    expectProblem(broken, 400, 'VALIDATION_FAILED');
    expect(broken.body.errors[0].message).toBe('the MT940 file cannot be read: Mandatory tag 25 is missing in group 1');
  });

  it('reads a zip archive of statement files sent in base64, and refuses a body that is not base64', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'Zipped Bank', kind: 'bank', openingDate: '2026-10-31' })).body;
    const day = (n: string, amount: string, closing: string) =>
      [
        `:20:D${n}`,
        ':25:12345678/0001234567',
        ':28C:1/1',
        `:60F:C2611${n}USD0,00`,
        `:61:2611${n}C${amount}NTRFNONREF//D-${n}`,
        `:86:Day ${n}`,
        `:62F:C2611${n}USD${closing}`,
        '-',
      ].join('\r\n');
    const archive = Buffer.from(zipSync({ '02.sta': strToU8(day('02', '10,00', '10,00')), '03.sta': strToU8(day('03', '5,00', '5,00')) }));
    const imported = await post(`/api/v1/bank-accounts/${a.id}/statements`, {
      format: 'mt940',
      encoding: 'base64',
      file: archive.toString('base64'),
      filename: 'november.zip',
    });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ lineCount: 2, newCount: 2, closingDate: '2026-11-03', closingBalance: 5 });
    const refused = await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'mt940', encoding: 'base64', file: 'not base64!' });
    expect(refused.body.errors).toEqual([{ path: 'file', message: 'is not base64 (encoding says it is)' }]);
    const unknown = await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'mt940', encoding: 'latin1', file: 'x' });
    expect(unknown.body.errors).toEqual([{ path: 'encoding', message: 'must be text or base64' }]);
  });

  it('reads CAMT.053: booked entries only, a batch booking split into its transactions, the closing balance', async () => {
    const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG1</MsgId><CreDtTm>2026-12-01T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-2026-11</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>USD</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>
        <Dt><Dt>2026-11-01</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">550.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>
        <Dt><Dt>2026-11-30</Dt></Dt></Bal>
      <Ntry>
        <NtryRef>E1</NtryRef><Amt Ccy="USD">600.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-12</Dt></BookgDt><ValDt><Dt>2026-11-12</Dt></ValDt><AcctSvcrRef>BANK-E1</AcctSvcrRef>
        <NtryDtls>
          <Btch><NbOfTxs>3</NbOfTxs></Btch>
          <TxDtls><Refs><EndToEndId>A</EndToEndId></Refs><Amt Ccy="USD">100.00</Amt>
            <RltdPties><Dbtr><Nm>Alpha</Nm></Dbtr></RltdPties><RmtInf><Ustrd>INV-9001</Ustrd></RmtInf></TxDtls>
          <TxDtls><Refs><EndToEndId>B</EndToEndId></Refs><Amt Ccy="USD">200.00</Amt>
            <RltdPties><Dbtr><Nm>Beta</Nm></Dbtr></RltdPties><RmtInf><Ustrd>INV-9002</Ustrd></RmtInf></TxDtls>
          <TxDtls><Refs><EndToEndId>C</EndToEndId></Refs><Amt Ccy="USD">300.00</Amt>
            <RltdPties><Dbtr><Nm>Gamma</Nm></Dbtr></RltdPties><RmtInf><Ustrd>INV-9003</Ustrd></RmtInf></TxDtls>
        </NtryDtls>
      </Ntry>
      <Ntry>
        <NtryRef>E2</NtryRef><Amt Ccy="USD">50.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-15</Dt></BookgDt><AcctSvcrRef>BANK-E2</AcctSvcrRef>
        <NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Office Supplies Inc</Nm></Cdtr></RltdPties>
          <RmtInf><Ustrd>Order 77</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <NtryRef>E3</NtryRef><Amt Ccy="USD">999.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts>
        <BookgDt><Dt>2026-11-30</Dt></BookgDt><AddtlNtryInf>Pending</AddtlNtryInf>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
    const card = (await post('/api/v1/bank-accounts', { name: 'Clearing', kind: 'bank', openingDate: '2026-11-01' })).body;
    const imported = await post(`/api/v1/bank-accounts/${card.id}/statements`, { format: 'camt053', file: camt });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ lineCount: 4, newCount: 4, closingBalance: 550, closingDate: '2026-11-30' });
    const got = (await get(`/api/v1/bank-transactions?bankAccountId=${card.id}`)).body.data;
    expect(
      got.map((l: { amount: number; counterparty: string; reference: string; description: string }) => [
        l.amount,
        l.counterparty,
        l.reference,
        l.description,
      ]),
    ).toEqual([
      [100, 'Alpha', 'BANK-E1/1', 'INV-9001'],
      [200, 'Beta', 'BANK-E1/2', 'INV-9002'],
      [300, 'Gamma', 'BANK-E1/3', 'INV-9003'],
      [-50, 'Office Supplies Inc', 'BANK-E2', 'Order 77'],
    ]);
    const broken = await post(`/api/v1/bank-accounts/${card.id}/statements`, {
      format: 'camt053',
      file: camt.replace('<Amt Ccy="USD">50.00</Amt>', '<Amt Ccy="USD">5O.00</Amt>'),
    });
    expectProblem(broken, 400, 'VALIDATION_FAILED');
    expect(broken.body.errors[0].message).toMatch(/^line 25, Amt: "5O.00" is not an amount/);
    const euros = await post(`/api/v1/bank-accounts/${card.id}/statements`, {
      format: 'camt053',
      file: camt.replaceAll('Ccy="USD"', 'Ccy="EUR"').replace('<Ccy>USD</Ccy>', '<Ccy>EUR</Ccy>'),
    });
    expect(euros.body.errors).toEqual([{ path: 'file', message: 'the statement is in EUR; the bank account is in USD' }]);
  });
});

describe('a bounced cheque', () => {
  it('matches the deposit to the voided payment and the returned item to its void, and never offers the reopened invoice', async () => {
    const { key: own } = await t.tenant('Bounced Cheques Ltd');
    const call = (path: string, body?: unknown) => http(t.url, path, { key: own, ...(body === undefined ? {} : { body }) });
    const bank = (await call('/api/v1/bank-accounts', { name: 'Cheques', kind: 'bank', openingDate: '2026-10-31' })).body;
    const customer = (await call('/api/v1/customers', { name: 'Shaky Buyer' })).body;
    const invoice = (
      await call('/api/v1/invoices', {
        customerId: customer.id,
        issueDate: '2026-11-01',
        lines: [{ description: 'Goods', unitPrice: 500 }],
      })
    ).body;
    const payment = (
      await call(`/api/v1/invoices/${invoice.id}/payments`, { amount: 500, date: '2026-11-05', depositAccountId: bank.accountId })
    ).body;
    // The bank returns the cheque a week later; the bookkeeper voids the payment on that day.
    expect((await call(`/api/v1/payments/${payment.id}/void`, { date: '2026-11-12', reason: 'bounced' })).status).toBe(200);
    expect((await call(`/api/v1/invoices/${invoice.id}`)).body.amountDue).toBe(500);
    const file = ofx(
      [
        { date: '2026-11-06', amount: '500.00', fitid: 'BC1', name: 'SHAKY BUYER', memo: 'CHEQUE DEPOSIT' },
        { date: '2026-11-12', amount: '-500.00', fitid: 'BC2', name: 'RETURNED ITEM', memo: 'CHEQUE RETURNED UNPAID' },
      ],
      '0.00',
    );
    expect((await call(`/api/v1/bank-accounts/${bank.id}/statements`, { format: 'ofx', file })).body).toMatchObject({ newCount: 2 });
    const [deposit, returned] = (await call(`/api/v1/bank-transactions?bankAccountId=${bank.id}`)).body.data;

    // The deposit is the payment (voided since), not a new payment of the invoice it paid.
    const forDeposit = (await call(`/api/v1/bank-transactions/${deposit.id}/suggestions`)).body.data;
    expect(forDeposit.map((s: { type: string; id: string }) => [s.type, s.id])).toEqual([['payment', payment.id]]);
    expect(forDeposit[0].reasons).toContain('voided on 2026-11-12: the deposit that came back');
    expect((await call(`/api/v1/bank-transactions/${deposit.id}/match`, { matches: [{ id: payment.id }] })).status).toBe(200);
    // Matched, its void is outstanding until the returned item is matched to it.
    const midway = (await call(`/api/v1/bank-accounts/${bank.id}/reconciliation-report?asOf=2026-11-30`)).body;
    expect(midway.outstanding).toMatchObject([{ type: 'payment_void', amount: -500, date: '2026-11-12' }]);
    // The returned item is the one statement line not matched yet, counted and summed.
    expect(midway).toMatchObject({ unmatchedStatementLines: 1, unmatchedStatementAmount: -500 });
    const forReturned = (await call(`/api/v1/bank-transactions/${returned.id}/suggestions`)).body.data;
    expect(forReturned.map((s: { type: string }) => s.type)).toEqual(['payment_void']);
    const matched = await call(`/api/v1/bank-transactions/${returned.id}/match`, { matches: [{ id: forReturned[0].id }] });
    expect(matched.status).toBe(200);
    expect(matched.body.matches[0].journalEntryId).toBe(midway.outstanding[0].journalEntryId);
    // The month reconciles: in and out again, nothing outstanding, the invoice still owed.
    const done = await call(`/api/v1/bank-accounts/${bank.id}/reconciliations`, { statementDate: '2026-11-30', closingBalance: 0 });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ clearedDeposits: 500, clearedPayments: -500, transactionCount: 2 });
    expect((await call(`/api/v1/bank-accounts/${bank.id}/reconciliation-report?asOf=2026-11-30`)).body.outstanding).toEqual([]);
    expect((await call(`/api/v1/invoices/${invoice.id}`)).body).toMatchObject({ status: 'open', amountDue: 500 });
  });

  it('a payment voided as a mistake, with nothing on the bank, is neither suggested nor outstanding', async () => {
    const { key: own } = await t.tenant('Careful Corrections Ltd');
    const call = (path: string, body?: unknown) => http(t.url, path, { key: own, ...(body === undefined ? {} : { body }) });
    const bank = (await call('/api/v1/bank-accounts', { name: 'Main', kind: 'bank', openingDate: '2026-10-31' })).body;
    const customer = (await call('/api/v1/customers', { name: 'Buyer' })).body;
    const invoice = (
      await call('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-11-01', lines: [{ description: 'Goods', unitPrice: 70 }] })
    ).body;
    const wrong = (
      await call(`/api/v1/invoices/${invoice.id}/payments`, { amount: 70, date: '2026-11-05', depositAccountId: bank.accountId })
    ).body;
    await call(`/api/v1/payments/${wrong.id}/void`, { date: '2026-11-05', reason: 'recorded twice' });
    const report = (await call(`/api/v1/bank-accounts/${bank.id}/reconciliation-report?asOf=2026-11-30`)).body;
    expect([report.outstanding, report.bookBalance]).toEqual([[], 0]);
  });
});

describe('a file for another account', () => {
  const statement = (trnuid: string, account: string, fitid: string, amount: string) =>
    `<STMTTRNRS><TRNUID>${trnuid}</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><STMTRS><CURDEF>USD</CURDEF>
<BANKACCTFROM><BANKID>121000248</BANKID><ACCTID>${account}</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><STMTTRN><TRNTYPE>OTHER</TRNTYPE><DTPOSTED>20261105</DTPOSTED><TRNAMT>${amount}</TRNAMT><FITID>${fitid}</FITID>
<NAME>Line ${fitid}</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>`;
  const file = (statements: string) => `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1>${statements}</BANKMSGSRSV1></OFX>`;
  const card = `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>9</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><CCSTMTRS>
<CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>XXXXXXXXXXXX4242</ACCTID></CCACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE>
<DTPOSTED>20261105</DTPOSTED><TRNAMT>-9.99</TRNAMT><FITID>CC1</FITID><NAME>Streaming</NAME></STMTTRN></BANKTRANLIST></CCSTMTRS>
</CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>`;
  // An organization of its own: the accounts made here take no codes the other tests expect.
  let own: string;
  beforeAll(async () => {
    own = (await t.tenant('Many Accounts Ltd')).key;
  });
  const post = (path: string, body?: unknown) => http(t.url, path, { key: own, body: body ?? {} });
  const lines = async (id: string) =>
    (await http(t.url, `/api/v1/bank-transactions?bankAccountId=${id}`, { key: own })).body.data.map(
      (l: { reference: string }) => l.reference,
    );

  it("is refused when the file names another account number, or is a card's statement for a bank account; nothing is imported", async () => {
    const checking = (
      await post('/api/v1/bank-accounts', { name: 'Checking 7890', kind: 'bank', openingDate: '2026-10-01', accountNumber: '12-3456-7890' })
    ).body;
    const other = await post(`/api/v1/bank-accounts/${checking.id}/statements`, {
      format: 'ofx',
      file: file(statement('1', '5555000011', 'X1', '-1.00')),
    });
    expectProblem(other, 400, 'VALIDATION_FAILED');
    expect(other.body.errors).toEqual([
      { path: 'file', message: "the file is the statement of account ••••0011; this bank account's number ends in 7890" },
    ]);
    const cardIntoBank = await post(`/api/v1/bank-accounts/${checking.id}/statements`, { format: 'ofx', file: card });
    expect(cardIntoBank.body.errors[0].message).toMatch(/^the file is a credit card statement \(CCSTMTRS\); this is a bank account/);
    expect(await lines(checking.id)).toEqual([]);
    const visa = (await post('/api/v1/bank-accounts', { name: 'Visa', kind: 'credit_card', openingDate: '2026-10-01' })).body;
    expect((await post(`/api/v1/bank-accounts/${visa.id}/statements`, { format: 'ofx', file: card })).status).toBe(201);
    expect(await lines(visa.id)).toEqual(['CC1']);
  });

  it("reads from a file of several accounts the statement of the bank account's number, once it has one", async () => {
    const both = file(statement('1', '1234567890', 'M1', '-1.00') + statement('2', '5555000011', 'M2', '-2.00'));
    const savings = (await post('/api/v1/bank-accounts', { name: 'Savings', kind: 'bank', openingDate: '2026-10-01' })).body;
    const refused = await post(`/api/v1/bank-accounts/${savings.id}/statements`, { format: 'ofx', file: both });
    expect(refused.body.errors[0].message).toMatch(
      /^the file holds statements for 2 accounts \(••••7890, ••••0011\): give this bank account/,
    );
    const patched = await http(t.url, `/api/v1/bank-accounts/${savings.id}`, {
      key: own,
      method: 'PATCH',
      body: { accountNumber: '5555 0000 11' },
    });
    expect(patched.status).toBe(200);
    const imported = await post(`/api/v1/bank-accounts/${savings.id}/statements`, { format: 'ofx', file: both });
    expect(imported.body).toMatchObject({ lineCount: 1, newCount: 1 });
    expect(await lines(savings.id)).toEqual(['M2']);
  });
});

describe('transfers, tenants and scopes', () => {
  it('a transfer explained on one statement is suggested and matched on the other', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'Checking A', kind: 'bank', openingBalance: 500, openingDate: '2026-10-01' }))
      .body;
    const b = (await post('/api/v1/bank-accounts', { name: 'Savings B', kind: 'bank', openingDate: '2026-10-01' })).body;
    const out = ofx([{ date: '2026-10-10', amount: '-200.00', fitid: 'T1', name: 'TRANSFER TO SAVINGS' }], '300.00');
    const into = ofx([{ date: '2026-10-11', amount: '200.00', fitid: 'T9', name: 'TRANSFER FROM CHECKING' }], '200.00');
    await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'ofx', file: out });
    await post(`/api/v1/bank-accounts/${b.id}/statements`, { format: 'ofx', file: into });
    const [lineA] = (await get(`/api/v1/bank-transactions?bankAccountId=${a.id}`)).body.data;
    const [lineB] = (await get(`/api/v1/bank-transactions?bankAccountId=${b.id}`)).body.data;
    const explained = (await post(`/api/v1/bank-transactions/${lineA.id}/explain`, { accountId: b.accountId })).body;
    const entryId = explained.matches[0].journalEntryId;
    expect((await get(`/api/v1/journal-entries/${entryId}`)).body.sourceType).toBe('bank_transfer');
    const suggestions = (await get(`/api/v1/bank-transactions/${lineB.id}/suggestions`)).body.data;
    expect(suggestions[0]).toMatchObject({ type: 'journal_entry', id: entryId, amount: 200 });
    const matched = await post(`/api/v1/bank-transactions/${lineB.id}/match`, { matches: [{ id: entryId }] });
    expect(matched.body.matches).toMatchObject([{ journalEntryId: entryId, amount: 200 }]);
    // Matched on both statements, it is one transaction: the first line cannot be unexplained under the second.
    expectProblem(await post(`/api/v1/bank-transactions/${lineA.id}/unmatch`), 400, 'INVALID_STATE');
    expect((await post(`/api/v1/bank-accounts/${a.id}/reconciliations`, { statementDate: '2026-10-31', closingBalance: 300 })).status).toBe(
      201,
    );
    expect((await post(`/api/v1/bank-accounts/${b.id}/reconciliations`, { statementDate: '2026-10-31', closingBalance: 200 })).status).toBe(
      201,
    );
  });

  it('a line that does not add up is refused, naming both amounts', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'Checking C', kind: 'bank', openingDate: '2026-10-01' })).body;
    await post(`/api/v1/bank-accounts/${a.id}/statements`, {
      format: 'ofx',
      file: ofx([{ date: '2026-10-10', amount: '75.00', fitid: 'X', name: 'DEPOSIT' }], '75.00'),
    });
    const [line] = (await get(`/api/v1/bank-transactions?bankAccountId=${a.id}`)).body.data;
    const customer = (await post('/api/v1/customers', { name: 'Short Payer' })).body;
    const inv = (
      await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-10-01', lines: [{ description: 'x', unitPrice: 50 }] })
    ).body;
    const paid = (await post(`/api/v1/invoices/${inv.id}/payments`, { amount: 50, date: '2026-10-10', depositAccountId: a.accountId }))
      .body;
    const refused = await post(`/api/v1/bank-transactions/${line.id}/match`, { matches: [{ id: paid.id }] });
    expect(refused.body.errors).toEqual([{ path: 'matches', message: 'they move 50.00 USD on the account; the line is 75.00' }]);
    expect((await get(`/api/v1/bank-transactions/${line.id}`)).body.status).toBe('unmatched');
    // A payment and an invoice together make the deposit: the invoice's payment takes the rest.
    const other = (
      await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-10-01', lines: [{ description: 'y', unitPrice: 25 }] })
    ).body;
    const both = await post(`/api/v1/bank-transactions/${line.id}/match`, { matches: [{ id: paid.id }, { id: other.id, amount: 25 }] });
    expect(both.body).toMatchObject({ status: 'matched', matches: [{ amount: 50 }, { amount: 25 }] });
  });

  it('money out is matched to the bill it names, which records the bill payment', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'Checking E', kind: 'bank', openingDate: '2026-10-01' })).body;
    const vendor = (await post('/api/v1/vendors', { name: 'Paper Mill' })).body;
    const bill = (
      await post('/api/v1/bills', {
        vendorId: vendor.id,
        issueDate: '2026-10-02',
        lines: [{ description: 'Paper', unitPrice: 42.5, accountId: code['6000'] }],
      })
    ).body;
    const file = ofx([{ date: '2026-10-14', amount: '-42.50', fitid: 'E1', name: 'PAPER MILL', memo: `Bill ${bill.number}` }], '-42.50');
    await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'ofx', file });
    const [line] = (await get(`/api/v1/bank-transactions?bankAccountId=${a.id}`)).body.data;
    // A bill of the same amount dated after the line cannot be what it paid: not suggested, and matching it
    // says why on the id the request named (not on the payment's date, which the request does not set).
    const later = (
      await post('/api/v1/bills', {
        vendorId: vendor.id,
        issueDate: '2026-10-20',
        lines: [{ description: 'Paper, later', unitPrice: 42.5, accountId: code['6000'] }],
      })
    ).body;
    const suggestions = (await get(`/api/v1/bank-transactions/${line.id}/suggestions`)).body.data;
    expect(suggestions.map((s: { id: string }) => s.id)).toEqual([bill.id]);
    expect(suggestions[0]).toMatchObject({ type: 'bill', id: bill.id, amount: -42.5 });
    const tooLate = await post(`/api/v1/bank-transactions/${line.id}/match`, { matches: [{ id: later.id }] });
    expectProblem(tooLate, 400, 'VALIDATION_FAILED');
    expect(tooLate.body.errors).toEqual([
      { path: 'matches.0.id', message: `${later.id} is dated after the line (2026-10-14): a payment cannot come before its bill` },
    ]);
    expect((await get(`/api/v1/bills/${later.id}`)).body.amountPaid).toBe(0);
    expectProblem(
      await post(`/api/v1/bank-transactions/${line.id}/match`, {
        matches: [
          {
            id: (
              await post('/api/v1/invoices', {
                customerId: (await post('/api/v1/customers', { name: 'Wrong Way' })).body.id,
                issueDate: '2026-10-01',
                lines: [{ description: 'x', unitPrice: 42.5 }],
              })
            ).body.id,
          },
        ],
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await post(`/api/v1/bank-transactions/${line.id}/match`, { matches: [{ id: bill.id }] })).body.status).toBe('matched');
    expect((await get(`/api/v1/bills/${bill.id}`)).body).toMatchObject({ status: 'paid', amountDue: 0 });
  });

  it('a banking key sees and pays only the documents its scopes allow', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'Checking D', kind: 'bank', openingDate: '2026-10-01' })).body;
    const file = ofx([{ date: '2026-10-12', amount: '64.00', fitid: 'D1', name: 'SCOPED PAYER', memo: 'for an invoice' }], '64.00');
    await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'ofx', file });
    const [line] = (await get(`/api/v1/bank-transactions?bankAccountId=${a.id}`)).body.data;
    const customer = (await post('/api/v1/customers', { name: 'Scoped Payer' })).body;
    const inv = (
      await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-10-01', lines: [{ description: 'x', unitPrice: 64 }] })
    ).body;
    const { plaintext } = await createApiKey(t.db.prisma, organizationId, 'bank clerk', { scopes: ['banking:write'] });
    const asClerk = (path: string, body?: unknown) => http(t.url, path, { key: plaintext, ...(body ? { body } : {}) });
    expect((await asClerk(`/api/v1/bank-transactions/${line.id}/suggestions`)).body.data).toEqual([]);
    expect((await get(`/api/v1/bank-transactions/${line.id}/suggestions`)).body.data[0]).toMatchObject({ type: 'invoice', id: inv.id });
    const refused = await asClerk(`/api/v1/bank-transactions/${line.id}/match`, { matches: [{ id: inv.id }] });
    expectProblem(refused, 403, 'INSUFFICIENT_SCOPE');
    expect(refused.body.requiredScope).toBe('invoices:write');
    expect((await get(`/api/v1/invoices/${inv.id}`)).body.amountPaid).toBe(0);
  });

  it("another organization's key finds nothing, and a key without banking scopes is refused", async () => {
    const someLine = (await get('/api/v1/bank-transactions?limit=1')).body.data[0];
    const other = await t.tenant('Elsewhere');
    expectProblem(await http(t.url, `/api/v1/bank-transactions/${someLine.id}`, { key: other.key }), 404, 'NOT_FOUND');
    expectProblem(await http(t.url, `/api/v1/bank-transactions/${someLine.id}/suggestions`, { key: other.key }), 404, 'NOT_FOUND');
    expectProblem(await http(t.url, `/api/v1/bank-transactions/${someLine.id}/exclude`, { key: other.key, body: {} }), 404, 'NOT_FOUND');
    const { plaintext } = await createApiKey(t.db.prisma, organizationId, 'invoices only', { scopes: ['invoices:read', 'invoices:write'] });
    expectProblem(await http(t.url, '/api/v1/bank-accounts', { key: plaintext }), 403, 'INSUFFICIENT_SCOPE');
    const viaGraphql = await gql(t.url, plaintext, `{ node(id: "${someLine.id}") { id } }`);
    expect(viaGraphql.body.data.node).toBeNull();
    expect(viaGraphql.body.errors[0].extensions).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'banking:read' });
  });
});

describe('kinds of account', () => {
  it('a euro account posts its opening balance and explained lines in home currency at the rate of their dates', async () => {
    await post('/api/v1/exchange-rates/bulk', {
      rates: [
        { currency: 'EUR', date: '2026-09-30', rate: 1.1 },
        { currency: 'EUR', date: '2026-10-15', rate: 1.2 },
      ],
    });
    const eur = (
      await post('/api/v1/bank-accounts', {
        name: 'Euro Account',
        kind: 'bank',
        currency: 'EUR',
        openingBalance: 500,
        openingDate: '2026-09-30',
      })
    ).body;
    expect(eur).toMatchObject({ currency: 'EUR', openingBalance: 500 });
    expect((await get(`/api/v1/accounts/${eur.accountId}`)).body).toMatchObject({ currency: 'EUR', balance: 550 });
    const file = ofx([{ date: '2026-10-15', amount: '-10.00', fitid: 'EUR1', name: 'BANKGEBUEHR' }], '490.00').replace(
      '<CURDEF>USD',
      '<CURDEF>EUR',
    );
    const imported = await post(`/api/v1/bank-accounts/${eur.id}/statements`, { format: 'ofx', file });
    expect(imported.body).toMatchObject({ newCount: 1, closingBalance: 490 });
    const [line] = (await get(`/api/v1/bank-transactions?bankAccountId=${eur.id}`)).body.data;
    expect(line).toMatchObject({ amount: -10, currency: 'EUR' });
    const explained = (await post(`/api/v1/bank-transactions/${line.id}/explain`, { accountId: code['6900'] })).body;
    const entry = (await get(`/api/v1/journal-entries/${explained.matches[0].journalEntryId}`)).body;
    expect(entry.lines.map((l: { debit: number; credit: number }) => [l.debit, l.credit])).toEqual([
      [12, 0],
      [0, 12],
    ]);
    expect((await get(`/api/v1/accounts/${eur.accountId}`)).body.balance).toBe(538);
    expect(
      (await post(`/api/v1/bank-accounts/${eur.id}/reconciliations`, { statementDate: '2026-10-31', closingBalance: 490 })).status,
    ).toBe(201);
    // A dollar statement is not this account's.
    const dollars = await post(`/api/v1/bank-accounts/${eur.id}/statements`, { format: 'ofx', file: ofx([], '0') });
    expect(dollars.body.errors).toEqual([{ path: 'file', message: 'the statement is in USD; the bank account is in EUR' }]);
  });

  it("a euro payment is suggested for a euro line by its euro amount, and matching it keeps the books' home amounts", async () => {
    await post('/api/v1/exchange-rates/bulk', { rates: [{ currency: 'EUR', date: '2026-10-20', rate: 1.25 }] });
    const eur = (await post('/api/v1/bank-accounts', { name: 'Euro Receipts', kind: 'bank', currency: 'EUR', openingDate: '2026-10-01' }))
      .body;
    const customer = (await post('/api/v1/customers', { name: 'Lyon SARL', currency: 'EUR' })).body;
    const invoice = (
      await post('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-10-20', lines: [{ description: 'Vin', unitPrice: 80 }] })
    ).body;
    const paid = (
      await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 80, date: '2026-10-21', depositAccountId: eur.accountId })
    ).body;
    const file = ofx([{ date: '2026-10-22', amount: '80.00', fitid: 'L1', name: 'LYON SARL', memo: invoice.number }], '80.00').replace(
      '<CURDEF>USD',
      '<CURDEF>EUR',
    );
    await post(`/api/v1/bank-accounts/${eur.id}/statements`, { format: 'ofx', file });
    const [line] = (await get(`/api/v1/bank-transactions?bankAccountId=${eur.id}`)).body.data;
    const suggestions = (await get(`/api/v1/bank-transactions/${line.id}/suggestions`)).body.data;
    expect(suggestions[0]).toMatchObject({ type: 'payment', id: paid.id, amount: 80 });
    expect(suggestions[0].reasons).toContain(`its reference ${invoice.number} is in the bank's text`);
    const matched = (await post(`/api/v1/bank-transactions/${line.id}/match`, { matches: [{ id: paid.id }] })).body;
    expect(matched.matches).toMatchObject([{ amount: 80 }]);
    expect(
      (await post(`/api/v1/bank-accounts/${eur.id}/reconciliations`, { statementDate: '2026-10-31', closingBalance: 80 })).status,
    ).toBe(201);
    expect((await get(`/api/v1/accounts/${eur.accountId}`)).body.balance).toBe(100);
  });

  it('a credit card owes: its opening debt credits the liability, and a purchase explained to an expense adds to it', async () => {
    const card = (
      await post('/api/v1/bank-accounts', { name: 'Company Card', kind: 'credit_card', openingBalance: -250, openingDate: '2026-09-30' })
    ).body;
    const account = (await get(`/api/v1/accounts/${card.accountId}`)).body;
    expect(account).toMatchObject({ type: 'liability', subtype: 'credit_card', balance: 250, code: '2100' });
    const file = ofx([{ date: '2026-10-03', amount: '-49.99', fitid: 'C1', name: 'OFFICE STORE' }], '-299.99')
      .replace(
        '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>\n<STMTRS>',
        '<CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS>',
      )
      .replace('</STMTRS></STMTTRNRS></BANKMSGSRSV1>', '</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>');
    expect(file).toContain('<CCSTMTRS>');
    expect((await post(`/api/v1/bank-accounts/${card.id}/statements`, { format: 'ofx', file })).body).toMatchObject({ newCount: 1 });
    const [line] = (await get(`/api/v1/bank-transactions?bankAccountId=${card.id}`)).body.data;
    await post(`/api/v1/bank-transactions/${line.id}/explain`, { accountId: code['6000'] });
    expect((await get(`/api/v1/accounts/${card.accountId}`)).body.balance).toBe(299.99);
    // A bill paid with the card: the debt moves from the vendor to the card; money in cannot go onto it.
    const vendor = (await post('/api/v1/vendors', { name: 'Card Vendor' })).body;
    const bill = (
      await post('/api/v1/bills', {
        vendorId: vendor.id,
        issueDate: '2026-10-05',
        lines: [{ description: 'Ink', unitPrice: 20, accountId: code['6000'] }],
      })
    ).body;
    const paid = await post(`/api/v1/bills/${bill.id}/payments`, { amount: 20, date: '2026-10-06', paymentAccountId: card.accountId });
    expect(paid.status).toBe(201);
    expect((await get(`/api/v1/accounts/${card.accountId}`)).body.balance).toBe(319.99);
    const customer = (await post('/api/v1/customers', { name: 'Not Onto A Card' })).body;
    const invoice = (await post('/api/v1/invoices', { customerId: customer.id, lines: [{ description: 'x', unitPrice: 5 }] })).body;
    const refused = await post(`/api/v1/invoices/${invoice.id}/payments`, { amount: 5, depositAccountId: card.accountId });
    expect(refused.body.errors).toEqual([{ path: 'depositAccountId', message: 'must be an asset account, not liability' }]);
    expect(
      (await post(`/api/v1/bank-accounts/${card.id}/reconciliations`, { statementDate: '2026-10-31', closingBalance: -299.99 })).status,
    ).toBe(201);
  });

  it('an existing account is adopted without posting, and its history before the opening date is not suggested', async () => {
    const ledger = (await post('/api/v1/accounts', { code: '1090', name: 'Old Bank', type: 'asset', subtype: 'bank' })).body;
    await post('/api/v1/journal-entries', {
      date: '2026-08-01',
      description: 'Old deposit',
      lines: [
        { accountId: ledger.id, debit: 80 },
        { accountId: code['4000'], credit: 80 },
      ],
    });
    await post('/api/v1/journal-entries', {
      date: '2026-09-02',
      description: 'New deposit',
      lines: [
        { accountId: ledger.id, debit: 80 },
        { accountId: code['4000'], credit: 80 },
      ],
    });
    const refused = await post('/api/v1/bank-accounts', { accountId: ledger.id, name: 'Renamed', kind: 'cash' });
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['name', 'kind']);
    const adopted = await post('/api/v1/bank-accounts', { accountId: ledger.id, openingBalance: 80, openingDate: '2026-09-01' });
    expect(adopted.body).toMatchObject({ kind: 'bank', name: 'Old Bank', code: '1090', openingBalance: 80 });
    expect((await get(`/api/v1/accounts/${ledger.id}`)).body.balance).toBe(160);
    expectProblem(await post('/api/v1/bank-accounts', { accountId: ledger.id }), 400, 'VALIDATION_FAILED');
    const file = ofx([{ date: '2026-09-01', amount: '80.00', fitid: 'O1', name: 'DEPOSIT' }], '160.00');
    await post(`/api/v1/bank-accounts/${adopted.body.id}/statements`, { format: 'ofx', file });
    const [line] = (await get(`/api/v1/bank-transactions?bankAccountId=${adopted.body.id}`)).body.data;
    const suggestions = (await get(`/api/v1/bank-transactions/${line.id}/suggestions`)).body.data;
    expect(suggestions.map((x: { description: string }) => x.description)).toEqual(['New deposit']);
  });

  it('an import retried with its Idempotency-Key answers the first import again', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'Retried', kind: 'bank', openingDate: '2026-10-01' })).body;
    const body = { format: 'ofx', file: ofx([{ date: '2026-10-05', amount: '9.00', fitid: 'I1', name: 'ONE' }], '9.00') };
    const send = () =>
      http(t.url, `/api/v1/bank-accounts/${a.id}/statements`, { key, body, headers: { 'idempotency-key': `import-${a.id}` } });
    const first = await send();
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await get(`/api/v1/bank-statements?bankAccountId=${a.id}`)).body.total).toBe(1);
    // The retry read and staged the file again before it was answered from the first: nothing of that is left.
    expect(await stagedRows(a.id)).toEqual({ statements: 0, lines: 0 });
  });

  it('an import under way is seen by nobody, and a second import into the account is told to wait its turn', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'Staging', kind: 'bank', openingDate: '2026-10-01' })).body;
    const lines = Array.from({ length: 600 }, (_, i) => ({ date: '2026-10-06', amount: `${i + 1}.00`, fitid: `S${i}`, name: `LINE ${i}` }));
    const file = ofx(lines, '180300.00');
    const before = (await get('/api/v1/bank-transactions?limit=1')).body.total;
    const staged = await stageStatement(
      t.db,
      tenantOf(),
      await bankRow(a.id),
      { format: 'ofx', filename: null, parsed: parsedOfx(lines, [18030000n, '2026-11-30']) },
      new Date(),
    );
    expect(await stagedRows(a.id)).toEqual({ statements: 1, lines: 600 });
    // Not listed, not counted (the kept count and a filtered count alike), not found by id, no statement balance.
    expect((await get(`/api/v1/bank-transactions?bankAccountId=${a.id}`)).body).toMatchObject({ total: 0, data: [] });
    expect((await get('/api/v1/bank-transactions?limit=1')).body.total).toBe(before);
    expect((await get(`/api/v1/bank-statements?bankAccountId=${a.id}`)).body.total).toBe(0);
    const [one] = await t.db.prisma.bankTransaction.findMany({ where: { statementId: staged.statementId }, take: 1 });
    expectProblem(await get(`/api/v1/bank-transactions/${one!.id}`), 404, 'NOT_FOUND');
    const gqlLines = await gql(t.url, key, `{ bankTransactionsPage(filter: { bankAccountId: "${a.id}" }) { total } }`);
    expect(gqlLines.body.data.bankTransactionsPage.total).toBe(0);
    expect((await get(`/api/v1/bank-accounts/${a.id}/reconciliation-report?asOf=2026-11-30`)).body.statementBalance).toBeNull();

    const second = await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'ofx', file });
    expectProblem(second, 409, 'CONFLICT');
    expect(second.headers.get('retry-after')).toBe('2');
    expect(await stagedRows(a.id)).toEqual({ statements: 1, lines: 600 });

    await dropStaged(t.db, staged.statementId);
    expect(await stagedRows(a.id)).toEqual({ statements: 0, lines: 0 });
    const imported = await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'ofx', file });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ lineCount: 600, newCount: 600, skippedCount: 0 });
    expect((await get(`/api/v1/bank-transactions?bankAccountId=${a.id}&limit=1`)).body.total).toBe(600);
    expect((await get('/api/v1/bank-transactions?limit=1')).body.total).toBe(before + 600);
    expect((await get(`/api/v1/bank-accounts/${a.id}/reconciliation-report?asOf=2026-11-30`)).body.statementBalance).toBe(180300);
  });

  it('shows a large import a chunk at a time, on SQLite by the rowids its lines were written at', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'Chunked', kind: 'bank', openingDate: '2026-10-01' })).body;
    const lines = Array.from({ length: 2_500 }, (_, i) => ({ date: '2026-10-08', amount: '1.00', fitid: `C${i}`, name: `LINE ${i}` }));
    const from = t.queries.length;
    const imported = await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'ofx', file: ofx(lines, '2500.00') });
    expect(imported.body).toMatchObject({ lineCount: 2_500, newCount: 2_500 });
    expect((await get(`/api/v1/bank-transactions?bankAccountId=${a.id}&limit=1`)).body.total).toBe(2_500);
    const shows = t.queries.slice(from).filter((q) => /^UPDATE "BankTransaction" SET "staged"/.test(q));
    // Three statements of at most 1,000 lines each, none of which walks the lines shown before it.
    if (t.db.provider === 'sqlite') expect(shows.map((q) => /"rowid" BETWEEN/.test(q))).toEqual([true, true, true]);
    else expect(shows).toHaveLength(3);
  });

  it("an import abandoned mid-way (its process ended) is dropped by the account's next import", async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'Abandoned', kind: 'bank', openingDate: '2026-10-01' })).body;
    const lines = [{ date: '2026-10-07', amount: '5.00', fitid: 'AB1', name: 'ONE' }];
    const file = ofx(lines, '5.00');
    const longAgo = new Date(Date.now() - 60 * 60_000);
    await stageStatement(t.db, tenantOf(), await bankRow(a.id), { format: 'ofx', filename: null, parsed: parsedOfx(lines) }, longAgo);
    const imported = await post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'ofx', file });
    expect(imported.status).toBe(201);
    // Its lines were not taken for lines already imported: they are new, and what was staged is gone.
    expect(imported.body).toMatchObject({ newCount: 1, skippedCount: 0 });
    expect(await stagedRows(a.id)).toEqual({ statements: 0, lines: 0 });
  });

  it('the same file sent twice at once is imported once', async () => {
    const a = (await post('/api/v1/bank-accounts', { name: 'Racing', kind: 'bank', openingDate: '2026-10-01' })).body;
    const lines = Array.from({ length: 40 }, (_, i) => ({ date: '2026-10-05', amount: `${i + 1}.00`, fitid: `R${i}`, name: `LINE ${i}` }));
    const file = ofx(lines, '820.00');
    const answers = await Promise.all([1, 2, 3].map(() => post(`/api/v1/bank-accounts/${a.id}/statements`, { format: 'ofx', file })));
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(answers.filter((x) => x.status === 201).reduce((n, x) => n + x.body.newCount, 0)).toBe(40);
    expect((await get(`/api/v1/bank-transactions?bankAccountId=${a.id}&limit=100`)).body.total).toBe(40);
  });
});
