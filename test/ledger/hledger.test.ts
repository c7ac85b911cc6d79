// An independent ledger checks the books: eighteen months of a company's work written through the REST
// API as a bookkeeper writes it, mistakes and their corrections included (drafts edited and deleted,
// payments voided, bad debts written off and put back, vendor credits, credit notes, deposits and
// overpayments kept as credit and applied later), and the same in euros, yen and dinars at rates that
// move month by month, then every journal
// entry exported to hledger (Debian's plain-text accounting tool), which computes each account's balance
// at each month end by itself. Our trial balance must equal hledger's at every date, and our aged
// receivables and payables and each party's statement must equal, customer by customer and vendor by
// vendor, the control accounts' balances hledger finds from the entries' party names; each foreign
// party's balance in its own currency is what hledger finds in that commodity (foreign lines are
// exported as `EUR 100.00 @@ 110.00`, and home figures are read at cost).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/dates.ts';
import { createTestApp, http, type TestApp } from '../helpers.ts';

const HLEDGER = '/usr/bin/hledger';
const hasHledger = (() => {
  try {
    execFileSync(HLEDGER, ['--version']);
    return true;
  } catch {
    return false;
  }
})();

let t: TestApp;
let key: string;

/** A small deterministic generator (mulberry32): the same workload on every run and database. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 1_000_000, durationSeconds: 60 } });
  ({ key } = await t.tenant('Ledger Checked Co'));
});
afterAll(() => t?.close());

async function call(method: string, path: string, body?: unknown) {
  const response = await http(t.url, path, { key, method, ...(body === undefined ? {} : { body }) });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Eighteen months of sales and purchases, with the corrections a bookkeeper makes. */
async function writeWorkload() {
  const next = random(2026);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const money = (max: number) => Math.round(next() * max * 100 + 100) / 100;
  const accounts = Object.fromEntries(
    ((await call('GET', '/api/v1/accounts?limit=100')).data as { code: string; id: string }[]).map((a) => [a.code, a.id]),
  );
  const vat = (await call('POST', '/api/v1/tax-rates', { name: 'VAT 20%', rate: 20 })).id;
  const customers = [];
  const vendors = [];
  for (let i = 0; i < 4; i++) customers.push((await call('POST', '/api/v1/customers', { name: `Customer ${i}` })).id);
  for (let i = 0; i < 3; i++) vendors.push((await call('POST', '/api/v1/vendors', { name: `Vendor ${i}` })).id);
  const openInvoices: { id: string; customerId: string; date: string }[] = [];
  const openBills: { id: string; vendorId: string; date: string }[] = [];
  const payments: { id: string; date: string; bill: boolean }[] = [];
  // Each correction in turn, so every kind happens whatever the draw.
  let drafts = 0;
  let writeOffs = 0;
  let vendorCredits = 0;
  let notes = 0;
  let customerPayments = 0;
  let billPayments = 0;
  // Money kept as a party's credit (a deposit, a payment's excess), applied or refunded a month or so on.
  type Credit = { path: string; id: string; side: 'customer' | 'vendor'; partyId: string; date: string; paymentId?: string };
  let credits: Credit[] = [];
  const settleCredits = async (on: string) => {
    const settling = credits;
    credits = [];
    for (const credit of settling) {
      const current = await call('GET', `/api/v1/${credit.path}/${credit.id}`);
      if (current.status !== 'open') continue; // its payment was voided
      // A payment whose excess is used can no longer be voided as a mistake.
      const paid = payments.findIndex((p) => p.id === credit.paymentId);
      if (paid >= 0) payments.splice(paid, 1);
      const [documents, path, key] = credit.side === 'customer' ? [openInvoices, 'invoices', 'invoiceId'] : [openBills, 'bills', 'billId'];
      const document = [...documents]
        .reverse()
        .find(
          (d) =>
            (credit.side === 'customer' ? (d as { customerId: string }).customerId : (d as { vendorId: string }).vendorId) ===
            credit.partyId,
        );
      const date = [on, credit.date, document?.date ?? on].sort().at(-1)!;
      let remaining = current.remainingCredit as number;
      const due = document ? ((await call('GET', `/api/v1/${path}/${document.id}`)).amountDue as number) : 0;
      if (document && due > 0) {
        const amount = Math.min(due, remaining);
        await call('POST', `/api/v1/${credit.path}/${credit.id}/apply`, { date, allocations: [{ [key]: document.id, amount }] });
        remaining = Math.round((remaining - amount) * 100) / 100;
      }
      if (remaining > 0) await call('POST', `/api/v1/${credit.path}/${credit.id}/refund`, { amount: remaining, date });
    }
  };
  for (let month = 0; month < 18; month++) {
    const start = addDays('2025-06-01', month * 30);
    // Deposits: a customer's ahead of its invoices, ours to a vendor ahead of its bills; then, every third
    // month, what is kept as credit is applied to the party's latest open document or refunded.
    if (month % 3 === 0) {
      const customerId = customers[month % customers.length]!;
      const deposit = await call('POST', '/api/v1/customer-prepayments', { customerId, amount: 150, date: start });
      credits.push({ path: 'customer-prepayments', id: deposit.id, side: 'customer', partyId: customerId, date: start });
    } else if (month % 3 === 1) {
      const vendorId = vendors[month % vendors.length]!;
      const advance = await call('POST', '/api/v1/vendor-prepayments', { vendorId, amount: 120, date: start });
      credits.push({ path: 'vendor-prepayments', id: advance.id, side: 'vendor', partyId: vendorId, date: start });
    } else await settleCredits(start);
    for (let step = 0; step < 6; step++) {
      const date = addDays(start, Math.floor(next() * 28));
      const roll = next();
      if (roll < 0.25) {
        const customerId = pick(customers);
        const draft = next() < 0.4;
        const line = {
          description: 'Goods',
          unitPrice: money(900),
          quantity: pick([1, 2, 1.5]),
          ...(next() < 0.5 ? { taxRateId: vat } : {}),
        };
        const invoice = await call('POST', '/api/v1/invoices', { customerId, issueDate: date, draft, lines: [line] });
        if (draft) {
          // The customer was wrong, or the price: edited, then finalized, or thrown away.
          await call('PATCH', `/api/v1/invoices/${invoice.id}`, {
            customerId: pick(customers),
            lines: [{ ...line, unitPrice: money(500) }],
          });
          if (++drafts % 2 === 0) {
            await call('DELETE', `/api/v1/invoices/${invoice.id}`);
            continue;
          }
          const finalized = await call('POST', `/api/v1/invoices/${invoice.id}/finalize`, {});
          openInvoices.push({ id: invoice.id, customerId: finalized.customerId, date });
        } else openInvoices.push({ id: invoice.id, customerId, date });
      } else if (roll < 0.45 && openInvoices.length) {
        const invoice = pick(openInvoices);
        const current = await call('GET', `/api/v1/invoices/${invoice.id}`);
        if (current.amountDue <= 0) continue;
        const paidOn = addDays(invoice.date, Math.floor(next() * 40));
        const amount = next() < 0.6 ? current.amountDue : Math.round(current.amountDue * 50) / 100 || current.amountDue;
        // Now and then the customer pays more than it owes: the excess is kept as its credit.
        const overpaid = ++customerPayments % 4 === 0;
        const payment = await call('POST', `/api/v1/invoices/${invoice.id}/payments`, {
          amount: overpaid ? current.amountDue + 25 : amount,
          date: paidOn,
          keepExcessAsCredit: overpaid,
        });
        payments.push({ id: payment.id, date: paidOn, bill: false });
        if (payment.excessCredit)
          credits.push({
            path: 'customer-prepayments',
            id: payment.excessCredit.id,
            side: 'customer',
            partyId: invoice.customerId,
            date: paidOn,
            paymentId: payment.id,
          });
      } else if (roll < 0.6) {
        const vendorId = pick(vendors);
        const bill = await call('POST', '/api/v1/bills', {
          vendorId,
          issueDate: date,
          lines: [
            {
              description: 'Supplies',
              unitPrice: money(700),
              accountId: pick([accounts['6000'], accounts['6100'], accounts['6300']]),
              taxRateId: vat,
            },
          ],
        });
        openBills.push({ id: bill.id, vendorId, date });
      } else if (roll < 0.72 && openBills.length) {
        const bill = pick(openBills);
        const current = await call('GET', `/api/v1/bills/${bill.id}`);
        if (current.amountDue <= 0) continue;
        const paidOn = addDays(bill.date, Math.floor(next() * 30));
        const overpaid = ++billPayments % 3 === 0;
        const payment = await call('POST', `/api/v1/bills/${bill.id}/payments`, {
          amount: overpaid ? current.amountDue + 40 : current.amountDue,
          date: paidOn,
          keepExcessAsCredit: overpaid,
        });
        payments.push({ id: payment.id, date: paidOn, bill: true });
        if (payment.excessCredit)
          credits.push({
            path: 'vendor-prepayments',
            id: payment.excessCredit.id,
            side: 'vendor',
            partyId: bill.vendorId,
            date: paidOn,
            paymentId: payment.id,
          });
      } else if (roll < 0.8 && payments.length) {
        // A payment recorded by mistake: voided some days later.
        const payment = payments.splice(Math.floor(next() * payments.length), 1)[0]!;
        const voidOn = addDays(payment.date, Math.floor(next() * 20));
        await call('POST', `/api/v1/${payment.bill ? 'bill-payments' : 'payments'}/${payment.id}/void`, {
          date: voidOn,
          reason: 'mistake',
        });
      } else if (roll < 0.86 && openInvoices.length) {
        // A customer that will not pay: written off, and now and then put back.
        const invoice = pick(openInvoices);
        const current = await call('GET', `/api/v1/invoices/${invoice.id}`);
        if (current.amountDue <= 0) continue;
        const on = addDays(invoice.date, 60 + Math.floor(next() * 30));
        await call('POST', `/api/v1/invoices/${invoice.id}/write-off`, { date: on });
        if (++writeOffs % 2 === 0) await call('POST', `/api/v1/invoices/${invoice.id}/write-off/void`, { date: addDays(on, 10) });
      } else if (roll < 0.93) {
        const vendorId = pick(vendors);
        const credit = await call('POST', '/api/v1/vendor-credits', {
          vendorId,
          issueDate: date,
          lines: [{ description: 'Returned', unitPrice: money(200), accountId: accounts['6000'], taxRateId: vat }],
        });
        const turn = vendorCredits++ % 3;
        if (turn === 0) {
          // The vendor's credit against its latest bill, or against one entered the same day.
          let bill = [...openBills].reverse().find((b) => b.vendorId === vendorId && b.date <= date);
          let due = bill ? (await call('GET', `/api/v1/bills/${bill.id}`)).amountDue : 0;
          if (!bill || due <= 0) {
            const entered = await call('POST', '/api/v1/bills', {
              vendorId,
              issueDate: date,
              lines: [{ description: 'Stock', unitPrice: money(400), accountId: accounts['6000'] }],
            });
            bill = { id: entered.id, vendorId, date };
            openBills.push(bill);
            due = entered.amountDue;
          }
          const applied = await call('POST', `/api/v1/vendor-credits/${credit.id}/apply`, {
            date: addDays(date, 1),
            allocations: [{ billId: bill.id, amount: Math.min(due, credit.total) }],
          });
          // Applied to the wrong bill now and then: undone a few days later.
          if (vendorCredits % 2 === 1)
            await call('POST', `/api/v1/vendor-credits/${credit.id}/unapply`, {
              allocationId: applied.allocations[0].id,
              date: addDays(date, 4),
            });
        } else if (turn !== 2)
          await call('POST', `/api/v1/vendor-credits/${credit.id}/refund`, { amount: credit.total, date: addDays(date, 5) });
        else await call('POST', `/api/v1/vendor-credits/${credit.id}/void`, { date: addDays(date, 2) });
      } else {
        const customerId = pick(customers);
        const note = await call('POST', '/api/v1/credit-notes', {
          customerId,
          issueDate: date,
          lines: [{ description: 'Returned', unitPrice: money(150), taxRateId: vat }],
        });
        if (next() < 0.5) {
          const refunded = await call('POST', `/api/v1/credit-notes/${note.id}/refund`, { amount: note.total, date: addDays(date, 3) });
          if (++notes % 2 === 0)
            await call('POST', `/api/v1/credit-notes/${note.id}/void-refund`, { refundId: refunded.refunds[0].id, date: addDays(date, 9) });
        }
      }
    }
  }
}

/**
 * The same eighteen months in other currencies: a customer in euros, one in yen, a vendor in dinars; rates
 * set month by month, documents posted at the table's rate or their own, paid in parts at other rates,
 * payments voided, a write-off made and undone. Answers the foreign parties, by currency.
 */
async function writeForeignWorkload() {
  const next = random(4217);
  const accounts = Object.fromEntries(
    ((await call('GET', '/api/v1/accounts?limit=100')).data as { code: string; id: string }[]).map((a) => [a.code, a.id]),
  );
  const parties = {
    EUR: (await call('POST', '/api/v1/customers', { name: 'Euro Customer', currency: 'EUR' })).id as string,
    JPY: (await call('POST', '/api/v1/customers', { name: 'Yen Customer', currency: 'JPY' })).id as string,
    KWD: (await call('POST', '/api/v1/vendors', { name: 'Dinar Vendor', currency: 'KWD' })).id as string,
  };
  const decimals = { EUR: 2, JPY: 0, KWD: 3 } as const;
  // A bank account in euros: some euro payments go into it.
  const euroBank = (
    await call('POST', '/api/v1/accounts', { code: '1020', name: 'Bank EUR', type: 'asset', subtype: 'bank', currency: 'EUR' })
  ).id as string;
  const amountIn = (currency: keyof typeof decimals, max: number) =>
    Math.round((next() * max + 1) * 10 ** decimals[currency]) / 10 ** decimals[currency];
  const open: { path: string; id: string; currency: keyof typeof decimals; date: string }[] = [];
  let paymentCount = 0;
  let writeOffs = 0;
  for (let month = 0; month < 18; month++) {
    const start = addDays('2025-06-01', month * 30);
    const rates = [
      { currency: 'EUR', date: start, rate: (1.05 + next() * 0.1).toFixed(4) },
      { currency: 'JPY', date: start, rate: (0.006 + next() * 0.0015).toFixed(6) },
      { currency: 'KWD', date: start, rate: (3.2 + next() * 0.1).toFixed(4) },
    ];
    await call('POST', '/api/v1/exchange-rates/bulk', { rates });
    const date = addDays(start, Math.floor(next() * 10));
    for (const currency of ['EUR', 'JPY'] as const) {
      const draft = month % 4 === 1;
      const own = month % 5 === 2 ? { exchangeRate: (Number(rates[0]!.rate) + 0.01).toFixed(4) } : {};
      const line = { description: 'Export', unitPrice: amountIn(currency, currency === 'JPY' ? 90_000 : 900), taxRate: 10 };
      const invoice = await call('POST', '/api/v1/invoices', {
        customerId: parties[currency],
        issueDate: date,
        draft,
        ...(currency === 'EUR' ? own : {}),
        lines: [line],
      });
      if (draft) await call('POST', `/api/v1/invoices/${invoice.id}/finalize`, {});
      open.push({ path: 'invoices', id: invoice.id, currency, date });
    }
    const bill = await call('POST', '/api/v1/bills', {
      vendorId: parties.KWD,
      issueDate: date,
      lines: [{ description: 'Import', unitPrice: amountIn('KWD', 300), accountId: accounts['6000'] }],
    });
    open.push({ path: 'bills', id: bill.id, currency: 'KWD', date });
    // Credit in the parties' currencies: a euro credit note applied to an open invoice (and every other
    // month undone), a dinar vendor credit refunded at another rate, a euro deposit applied later.
    if (month % 3 === 0) {
      const note = await call('POST', '/api/v1/credit-notes', {
        customerId: parties.EUR,
        issueDate: date,
        lines: [{ description: 'Return', unitPrice: amountIn('EUR', 80) }],
      });
      const target = open.find((d) => d.currency === 'EUR');
      const due = target ? ((await call('GET', `/api/v1/invoices/${target.id}`)).amountDue as number) : 0;
      if (target && due > 0) {
        const applied = await call('POST', `/api/v1/credit-notes/${note.id}/apply`, {
          date: addDays(date, 2),
          allocations: [{ invoiceId: target.id, amount: Math.min(due, note.total) }],
        });
        if (month % 2 === 0)
          await call('POST', `/api/v1/credit-notes/${note.id}/unapply`, {
            allocationId: applied.allocations[0].id,
            date: addDays(date, 4),
          });
      }
    } else if (month % 3 === 1) {
      const credit = await call('POST', '/api/v1/vendor-credits', {
        vendorId: parties.KWD,
        issueDate: date,
        lines: [{ description: 'Short delivery', unitPrice: amountIn('KWD', 40), accountId: accounts['6000'] }],
      });
      await call('POST', `/api/v1/vendor-credits/${credit.id}/refund`, {
        amount: credit.total,
        date: addDays(date, 6),
        exchangeRate: (Number(rates[2]!.rate) + 0.02).toFixed(4),
      });
    } else {
      const deposit = await call('POST', '/api/v1/customer-prepayments', { customerId: parties.EUR, amount: 60, date });
      const target = open.find((d) => d.currency === 'EUR');
      const due = target ? ((await call('GET', `/api/v1/invoices/${target.id}`)).amountDue as number) : 0;
      if (target && due > 0)
        await call('POST', `/api/v1/customer-prepayments/${deposit.id}/apply`, {
          date: addDays(date, 3),
          allocations: [{ invoiceId: target.id, amount: Math.min(due, 60) }],
        });
    }
    // Pay some of what is open, in part or in full, at the table's rate of the day or the bank's own.
    for (const document of [...open]) {
      if (next() < 0.4) continue;
      const current = await call('GET', `/api/v1/${document.path}/${document.id}`);
      if (current.amountDue <= 0) {
        open.splice(open.indexOf(document), 1);
        continue;
      }
      const paidOn = addDays(date, 5 + Math.floor(next() * 20));
      const part = next() < 0.5;
      const scale = 10 ** decimals[document.currency];
      const amount = part ? Math.floor((current.amountDue * scale) / 2) / scale || current.amountDue : current.amountDue;
      // Now and then a euro customer pays ten more than it owes: the excess is kept as its credit.
      const overpaid = document.currency === 'EUR' && !part && paymentCount % 5 === 2;
      const payment = await call('POST', `/api/v1/${document.path}/${document.id}/payments`, {
        amount: overpaid ? current.amountDue + 10 : amount,
        ...(overpaid ? { keepExcessAsCredit: true } : {}),
        ...(document.currency === 'EUR' && paymentCount % 3 === 0 ? { depositAccountId: euroBank } : {}),
        date: paidOn,
        ...(next() < 0.3 ? { exchangeRate: (Number(current.exchangeRate) * (0.97 + next() * 0.06)).toFixed(6) } : {}),
      });
      if (++paymentCount % 4 === 0)
        await call('POST', `/api/v1/${document.path === 'invoices' ? 'payments' : 'bill-payments'}/${payment.id}/void`, {
          date: addDays(paidOn, 3),
        });
      else if (document.path === 'invoices' && part && writeOffs < 2) {
        // The rest will never come: written off, and the second time put back a week later.
        await call('POST', `/api/v1/invoices/${document.id}/write-off`, { date: addDays(paidOn, 2) });
        if (++writeOffs === 2) await call('POST', `/api/v1/invoices/${document.id}/write-off/void`, { date: addDays(paidOn, 9) });
      }
    }
  }
  return parties;
}

type Line = {
  accountId: string;
  debit: number;
  credit: number;
  customerId: string | null;
  vendorId: string | null;
  currency?: string;
  foreignAmount?: number;
};

/** Every journal entry as an hledger transaction; control-account lines are kept per party (`1200:cus_…`). */
async function exportJournal() {
  const codes = Object.fromEntries(
    ((await call('GET', '/api/v1/accounts?limit=100')).data as { code: string; id: string }[]).map((a) => [a.id, a.code]),
  );
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const result = await call('GET', `/api/v1/journal-entries?limit=100&page=${page}`);
    for (const entry of result.data as { date: string; number: number; description: string; lines: Line[] }[]) {
      out.push(`${entry.date} #${entry.number} ${entry.description.replaceAll(';', ',')}`);
      for (const line of entry.lines) {
        const code = codes[line.accountId]!;
        const party = code === '1200' ? line.customerId : code === '2000' ? line.vendorId : null;
        const account = party ? `${code}:${party}` : code;
        const home = line.debit - line.credit;
        // A line converted from a foreign currency: its amount in it, at the home amount it was posted at.
        if (line.currency) {
          const foreign = (home < 0 ? -1 : 1) * line.foreignAmount!;
          out.push(`    ${account}  ${line.currency} ${foreign.toFixed(FOREIGN_DECIMALS[line.currency]!)} @@ ${Math.abs(home).toFixed(2)}`);
        } else out.push(`    ${account}  ${home.toFixed(2)}`);
      }
      out.push('');
    }
    if (page >= result.pages) break;
  }
  const file = join(mkdtempSync(join(tmpdir(), 'hledger-')), 'books.journal');
  writeFileSync(file, out.join('\n'));
  return file;
}

const FOREIGN_DECIMALS: Record<string, number> = { EUR: 2, JPY: 0, KWD: 3 };

/** hledger's balance of every account (and party subaccount) at the end of `asOf`, in cents: foreign amounts at their cost. */
function hledgerBalances(file: string, asOf: string): Map<string, number> {
  const args = ['-f', file, 'balance', '--flat', '--no-total', '-B', '-e', addDays(asOf, 1), '-O', 'csv', '--empty'];
  const csv = execFileSync(HLEDGER, args, { encoding: 'utf8' });
  const balances = new Map<string, number>();
  for (const row of csv.trim().split('\n').slice(1)) {
    const [account, amount] = row.split(',').map((cell) => cell.replaceAll('"', ''));
    balances.set(account!, Math.round(Number(amount) * 100));
  }
  return balances;
}

/** hledger's balance of `account` at the end of `asOf` in `currency` (its commodity), in its minor units. */
function hledgerForeignBalance(file: string, account: string, currency: string, asOf: string) {
  const args = ['-f', file, 'balance', '--flat', '--no-total', '-e', addDays(asOf, 1), '-O', 'csv', `^${account}$`];
  const csv = execFileSync(HLEDGER, args, { encoding: 'utf8' });
  const amount = new RegExp(`${currency} (-?[0-9.]+)`).exec(csv);
  return amount ? Math.round(Number(amount[1]) * 10 ** FOREIGN_DECIMALS[currency]!) : 0;
}

describe.runIf(hasHledger)('the books, recomputed by hledger', () => {
  it('agree with the trial balance and aging at every month end of 18 months of work and corrections', async () => {
    await writeWorkload();
    const foreign = await writeForeignWorkload();
    // The foreign workload made each kind of foreign credit too.
    for (const [model, where] of [
      ['customerPrepayment', { kind: 'OVERPAYMENT', currency: 'EUR' }],
      ['creditNoteAllocation', { currency: 'EUR', voidDate: { not: null } }],
      ['vendorCreditRefund', { currency: 'KWD' }],
      ['invoiceWriteOff', { currency: 'EUR', voidDate: { not: null } }],
    ] as const)
      expect(await (t.db.prisma[model] as unknown as { count(a: object): Promise<number> }).count({ where }), model).toBeGreaterThan(0);
    // The workload made every kind of correction (the generator is seeded: this holds on every run).
    const events = new Set((await t.db.prisma.event.findMany({ select: { type: true } })).map((e) => e.type));
    for (const type of [
      'invoice.updated',
      'invoice.deleted',
      'payment.voided',
      'bill_payment.voided',
      'invoice.written_off',
      'invoice.write_off_voided',
      'vendor_credit.applied',
      'vendor_credit.refunded',
      'vendor_credit.voided',
      'credit_note.refunded',
      'credit_note.refund_voided',
      'vendor_credit.application_undone',
      'customer_prepayment.created',
      'customer_prepayment.applied',
      'customer_prepayment.refunded',
      'vendor_prepayment.created',
      'vendor_prepayment.applied',
      'vendor_prepayment.refunded',
      'exchange_rate.created',
      'credit_note.application_undone',
    ])
      if (!events.has(type)) throw new Error(`${type} missing from ${[...events].sort().join(' ')}`);
    const file = await exportJournal();
    const accounts = (await call('GET', '/api/v1/accounts?limit=100')).data as { code: string; type: string }[];
    const profitAndLoss = new Set(accounts.filter((a) => a.type === 'income' || a.type === 'expense').map((a) => a.code));
    for (let month = 0; month <= 19; month++) {
      const asOf = addDays('2025-06-30', month * 30);
      const ledger = hledgerBalances(file, asOf);
      const byCode = new Map<string, number>();
      for (const [account, cents] of ledger) {
        const code = account.split(':')[0]!;
        byCode.set(code, (byCode.get(code) ?? 0) + cents);
      }
      // The trial balance closes each past fiscal year (calendar years here) into retained earnings
      // without a closing entry: the income and expense of earlier years move to 3200.
      const yearStart = `${asOf.slice(0, 4)}-01-01`;
      for (const [account, cents] of hledgerBalances(file, addDays(yearStart, -1))) {
        if (!profitAndLoss.has(account)) continue;
        byCode.set(account, (byCode.get(account) ?? 0) - cents);
        byCode.set('3200', (byCode.get('3200') ?? 0) + cents);
      }
      const trial = await call('GET', `/api/v1/reports/trial-balance?asOf=${asOf}`);
      const ours = new Map<string, number>(
        (trial.rows as { account: { code: string }; debit: number; credit: number }[]).map((r) => [
          r.account.code,
          Math.round((r.debit - r.credit) * 100),
        ]),
      );
      for (const { code } of accounts) expect(ours.get(code) ?? 0, `${code} on ${asOf}`).toBe(byCode.get(code) ?? 0);

      // Aging is computed from the documents; hledger only knows the entries. Party by party they agree.
      const receivables = await call('GET', `/api/v1/reports/aged-receivables?asOf=${asOf}`);
      for (const row of receivables.rows as { customer: { id: string }; total: number }[])
        expect(Math.round(row.total * 100), `receivables of ${row.customer.id} on ${asOf}`).toBe(
          ledger.get(`1200:${row.customer.id}`) ?? 0,
        );
      expect(Math.round(receivables.totals.total * 100), `receivables on ${asOf}`).toBe(byCode.get('1200') ?? 0);
      const payables = await call('GET', `/api/v1/reports/aged-payables?asOf=${asOf}`);
      for (const row of payables.rows as { vendor: { id: string }; total: number }[])
        expect(Math.round(row.total * 100), `payables of ${row.vendor.id} on ${asOf}`).toBe(-(ledger.get(`2000:${row.vendor.id}`) ?? 0));
      expect(Math.round(payables.totals.total * 100), `payables on ${asOf}`).toBe(-(byCode.get('2000') ?? 0));

      // What each foreign party owes (we owe it) in its own currency: the aging in that currency, and
      // hledger's balance of its control subaccount in that commodity.
      for (const [currency, partyId] of Object.entries(foreign)) {
        const [side, code, sign] = currency === 'KWD' ? (['payables', '2000', -1] as const) : (['receivables', '1200', 1] as const);
        const aged = await call('GET', `/api/v1/reports/aged-${side}?asOf=${asOf}&currency=${currency}`);
        const row = (aged.rows as { customer?: { id: string }; vendor?: { id: string }; total: number }[]).find(
          (r) => (r.customer ?? r.vendor)!.id === partyId,
        );
        const scale = 10 ** FOREIGN_DECIMALS[currency]!;
        expect(Math.round((row?.total ?? 0) * scale), `${currency} ${side} on ${asOf}`).toBe(
          sign * hledgerForeignBalance(file, `${code}:${partyId}`, currency, asOf) || 0,
        );
      }

      // The revaluation report's foreign balances (each party's, the euro bank's) and what they are booked
      // at are what hledger finds in the commodity and at cost.
      const revaluation = await call('GET', `/api/v1/reports/revaluation?asOf=${asOf}`);
      for (const row of revaluation.rows as {
        account: { code: string };
        customer: { id: string } | null;
        vendor: { id: string } | null;
        currency: string;
        foreignBalance: number;
        bookedHome: number;
      }[]) {
        const party = row.customer?.id ?? row.vendor?.id;
        const at = party ? `${row.account.code}:${party}` : row.account.code;
        const scale = 10 ** FOREIGN_DECIMALS[row.currency]!;
        expect(Math.round(row.foreignBalance * scale), `${at} in ${row.currency} on ${asOf}`).toBe(
          hledgerForeignBalance(file, at, row.currency, asOf),
        );
        expect(Math.round(row.bookedHome * 100), `${at} booked on ${asOf}`).toBe(ledger.get(at) ?? 0);
      }
      if (month >= 2) expect(revaluation.rows.some((r: { account: { code: string } }) => r.account.code === '1020')).toBe(true);

      // Each party's statement for the month opens and closes on what hledger finds at those dates.
      const from = addDays(asOf, -29);
      const opening = hledgerBalances(file, addDays(from, -1));
      for (const [path, side, code, sign] of [
        ['customer-statement?customerId', 'customers', '1200', 1],
        ['vendor-statement?vendorId', 'vendors', '2000', -1],
      ] as const)
        for (const party of (await call('GET', `/api/v1/${side}?limit=100`)).data as { id: string }[]) {
          const statement = await call('GET', `/api/v1/reports/${path}=${party.id}&from=${from}&to=${asOf}`);
          const at = `${code}:${party.id}`;
          expect(Math.round(statement.openingBalance * 100), `${at} opening ${from}`).toBe(sign * (opening.get(at) ?? 0) || 0);
          expect(Math.round(statement.closingBalance * 100), `${at} closing ${asOf}`).toBe(sign * (ledger.get(at) ?? 0) || 0);
        }
    }
  }, 300_000);
});
