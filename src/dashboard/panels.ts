// The dashboard's panels of what needs attention: what falls due in the next two weeks (invoices to
// collect, bills to pay), estimates awaiting the customer's answer, and emails that failed. Each is asked
// for only when the key may read it; a panel the key cannot read says which scope it lacks, and the rest
// of the page works as before (the dashboard needs only DASHBOARD_SCOPES).
import { request } from './api.ts';
import { BillsDueSoonDocument, EstimatesAwaitingDocument, FailedEmailsDocument, InvoicesDueSoonDocument } from './generated/graphql.ts';
import { missingScopes } from './scopes.ts';

/** How far ahead "due soon" looks, in days. */
export const DUE_SOON_DAYS = 14;

/** The scopes each panel's read needs (its documents, and who they are for); the dashboard preset holds them all. */
export const PANEL_SCOPES = {
  invoices: ['invoices:read', 'customers:read'],
  bills: ['bills:read', 'vendors:read'],
  estimates: ['customers:read', 'estimates:read'],
  emails: ['emails:read'],
} as const;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const money = (amount: string, currency: string) => {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount as Intl.StringNumericLiteral);
  } catch {
    return `${amount} ${currency}`;
  }
};
const day = (iso: string) => new Date(`${iso}T00:00:00`).toLocaleDateString(undefined, { dateStyle: 'medium' });
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The date `days` after `today` (YYYY-MM-DD, calendar arithmetic in UTC). */
export function addDays(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Replaces a table's rows; with none, one row saying so. */
function fillTable(id: string, rows: string[][], classes: (string | undefined)[], empty: string) {
  const body = $(id).querySelector('tbody')!;
  body.replaceChildren();
  if (rows.length === 0) {
    const cell = body.insertRow().insertCell();
    cell.colSpan = classes.length;
    cell.className = 'empty';
    cell.textContent = empty;
    return;
  }
  for (const cells of rows) {
    const tr = body.insertRow();
    cells.forEach((text, i) => {
      const td = tr.insertCell();
      td.textContent = text;
      if (classes[i]) td.className = classes[i]!;
    });
  }
}

/** A panel the key may not read: its table hidden, a line saying which scope would show it. */
function lacking(panel: string, scopes: string[]) {
  $(`${panel}-table`).hidden = true;
  $(`${panel}-lacks`).hidden = false;
  $(`${panel}-lacks`).textContent = `This key cannot read this (it lacks ${scopes.join(', ')}).`;
}

function readable(panel: string) {
  $(`${panel}-table`).hidden = false;
  $(`${panel}-lacks`).hidden = true;
}

async function dueSoon(key: string, held: readonly string[], today: string) {
  const before = addDays(today, DUE_SOON_DAYS + 1);
  const lacksInvoices = missingScopes(held, PANEL_SCOPES.invoices);
  const lacksBills = missingScopes(held, PANEL_SCOPES.bills);
  if (lacksInvoices.length && lacksBills.length) return lacking('due-soon', [...new Set([...lacksInvoices, ...lacksBills])]);
  readable('due-soon');
  const [invoices, bills] = await Promise.all([
    lacksInvoices.length ? null : request(key, InvoicesDueSoonDocument, { before }),
    lacksBills.length ? null : request(key, BillsDueSoonDocument, { before }),
  ]);
  const rows = [
    ...[...(invoices?.open.edges ?? []), ...(invoices?.partlyPaid.edges ?? [])].map(({ node }) => ({
      dueDate: node.dueDate,
      cells: [day(node.dueDate), `To collect: invoice ${node.number}`, node.customer.name, money(node.amountDue, node.currency)],
    })),
    ...[...(bills?.open.edges ?? []), ...(bills?.partlyPaid.edges ?? [])].map(({ node }) => ({
      dueDate: node.dueDate,
      cells: [day(node.dueDate), `To pay: bill ${node.number}`, node.vendor.name, money(node.amountDue, node.currency)],
    })),
  ].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
  const unread = [...(lacksInvoices.length ? ['invoices'] : []), ...(lacksBills.length ? ['bills'] : [])];
  const note = unread.length ? ` (this key cannot read ${unread.join(', ')})` : '';
  fillTable(
    'due-soon-table',
    rows.slice(0, 10).map((r) => r.cells),
    [undefined, 'wrap', 'wide-only', 'num'],
    `Nothing falls due in the next ${DUE_SOON_DAYS} days${note}.`,
  );
}

async function estimatesAwaiting(key: string, held: readonly string[]) {
  const lacks = missingScopes(held, PANEL_SCOPES.estimates);
  if (lacks.length) return lacking('estimates', lacks);
  readable('estimates');
  const { estimates } = await request(key, EstimatesAwaitingDocument, {});
  fillTable(
    'estimates-table',
    estimates.edges.map(({ node }) => [
      node.number,
      node.customer.name,
      day(node.issueDate),
      node.expiryDate ? `${day(node.expiryDate)}${node.isExpired ? ' (expired)' : ''}` : '—',
      money(node.total, node.currency),
    ]),
    [undefined, 'wrap', 'wide-only', 'wide-only', 'num'],
    'No estimate is waiting for an answer.',
  );
}

async function failedEmails(key: string, held: readonly string[]) {
  const lacks = missingScopes(held, PANEL_SCOPES.emails);
  if (lacks.length) return lacking('emails', lacks);
  readable('emails');
  const { documentEmails } = await request(key, FailedEmailsDocument, {});
  fillTable(
    'emails-table',
    documentEmails.edges.map(({ node }) => [when(node.createdAt), node.subject, node.to.join(', '), node.lastError ?? '']),
    ['wide-only', 'wrap', 'wide-only', 'wrap'],
    'No email has failed.',
  );
}

/** Fills every panel the key may read (`held`: its scopes), as of `today`. */
export async function loadPanels(key: string, held: readonly string[], today: string): Promise<void> {
  await Promise.all([dueSoon(key, held, today), estimatesAwaiting(key, held), failedEmails(key, held)]);
}
