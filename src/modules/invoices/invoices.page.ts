// The page a customer opens from an invoice's link (`/i/<secret>`), without a key, as Stripe's hosted
// invoice page: the organization's letterhead, the invoice's lines and totals, whether it is paid, overdue
// or void, and its PDF (`/i/<secret>/pdf`). It shows that invoice and nothing else of the organization;
// an unknown, rotated or revoked secret finds nothing. Plain HTML from the server: no script runs.
import type { Prisma } from '../../db/database.ts';
import type { PublicPage } from '../../module.ts';
import { refuseWhenShareTaken } from '../../core/heavy-work.ts';
import { amountDueOf, documentSentences, documentTotals, isOverdue, letterheadOf, localFormats, renderPdf } from '../documents/index.ts';
import { shownLine } from '../documents/pdf-drawing.ts';
import { escapeMarkup } from '../../lib/text.ts';
import { invoicePdf } from './invoices.rest.ts';

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;color:#1d2433;background:#f4f5f7;margin:0}
.pay{margin-top:1.5rem;padding:.75rem 1rem;background:#f7f9fc;border:1px solid #dde1e7;border-radius:8px}
.pay h2{font-size:1.05rem;margin:0 0 .4rem}
main{max-width:760px;margin:2rem auto;background:#fff;border:1px solid #dde1e7;border-radius:10px;padding:2rem}
header{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}h1{margin:0;font-size:1.6rem}
.status{display:inline-block;padding:.2rem .6rem;border-radius:999px;font-weight:600;background:#e8eefc;color:#1d4fbf}
.status.paid{background:#e3f5e9;color:#17663a}.status.void,.status.overdue{background:#fde8e8;color:#a01f1f}
table{width:100%;border-collapse:collapse;margin:1.5rem 0}th,td{padding:.4rem;border-bottom:1px solid #eef0f3;text-align:left}
td.n,th.n{text-align:right;white-space:nowrap}.totals td{border:0}.due td{font-weight:700;font-size:1.15rem}
.muted{color:#5b6576}img{max-height:60px;max-width:180px}a.button{display:inline-block;margin-top:1rem;padding:.5rem 1rem;
border:1px solid #1d4fbf;border-radius:6px;color:#1d4fbf;text-decoration:none}`;

/** A JPEG's base64 starts with its magic bytes FF D8 FF as `/9j`; the only other logo kept is a PNG. */
const logoType = (base64: string) => (base64.startsWith('/9j') ? 'jpeg' : 'png');

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,
initial-scale=1"><title>Not found</title><style>${STYLE}</style></head><body><main><h1>This invoice link does not work</h1>
<p class="muted">It may have been replaced with a new one, or taken away. Ask whoever sent it for a new link.</p></main></body></html>`;

const notFound = { status: 404, type: 'text/html; charset=utf-8', body: NOT_FOUND_PAGE };

async function findByToken(db: Prisma, token: string) {
  const invoice = await db.invoice.findUnique({ where: { publicToken: token }, include: { lines: true, customer: true } });
  return invoice?.status === 'DRAFT' ? null : invoice;
}

/**
 * The invoice's page: letterhead, status, dates, lines, totals and what is due, in the organization's locale.
 * Long on purpose: the page written top to bottom, each block where it appears.
 */
async function invoicePage(db: Prisma, token: string) {
  const invoice = await findByToken(db, token);
  if (!invoice) return notFound;
  const tenant = { prisma: db, organizationId: invoice.organizationId };
  const letterhead = await letterheadOf(tenant);
  const f = localFormats(letterhead.locale, invoice.currency);
  // Its words in the organization's language (documents' pdf-words.ts), as its PDF and emails.
  const say = documentSentences(letterhead.locale);
  const due = amountDueOf(invoice);
  const status =
    invoice.status === 'VOID'
      ? [
          'void',
          say('Void: this invoice was cancelled on {date} and is not owed', { date: f.date(invoice.settledOn ?? invoice.issueDate) }),
        ]
      : invoice.status === 'PAID'
        ? ['paid', invoice.settledOn ? say('Paid on {date}', { date: f.date(invoice.settledOn) }) : say('Paid')]
        : isOverdue(invoice)
          ? ['overdue', say('Overdue: {amount} was due on {date}', { amount: f.money(due), date: f.date(invoice.dueDate) })]
          : ['open', say('{amount} due on {date}', { amount: f.money(due), date: f.date(invoice.dueDate) })];
  const lines = [...invoice.lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((l) => {
      // Before its discount, so the lines add up to the subtotal; the discount under its description.
      const shown = shownLine(l, f, say);
      const note = shown.discount ? `<div class="muted">${escapeMarkup(shown.discount)}</div>` : '';
      return (
        `<tr><td dir="auto">${escapeMarkup(l.description)}${note}</td><td class="n">${f.quantity(l.quantityMilli)}</td>` +
        `<td class="n">${f.money(l.unitPrice)}</td><td class="n">${shown.amount}</td></tr>`
      );
    })
    .join('');
  const totals: [string, bigint][] = [
    ...documentTotals(invoice),
    ['Paid', -invoice.amountPaid],
    ['Credited', -invoice.amountCredited],
    ['Written off', -invoice.amountWrittenOff],
  ];
  const totalRows = totals
    .filter(([label, amount]) => amount !== 0n || label === 'Total')
    .map(([label, amount]) => `<tr class="totals"><td colspan="3" class="n">${say(label)}</td><td class="n">${f.money(amount)}</td></tr>`)
    .join('');
  const dueRow =
    invoice.status === 'VOID'
      ? ''
      : `<tr class="totals due"><td colspan="3" class="n">${say('Amount due')}</td><td class="n">${f.money(due)}</td></tr>`;
  const logo = letterhead.logo
    ? `<img alt="${escapeMarkup(letterhead.name)}" src="data:image/${logoType(letterhead.logo)};base64,${letterhead.logo}">`
    : '';
  const address = (letterhead.address ?? '')
    .split('\n')
    .filter((l) => l.trim())
    .map(escapeMarkup)
    .join('<br>');
  // While something is owed: how to pay, quoting the invoice's number.
  const howToPay =
    letterhead.paymentDetails && invoice.status !== 'VOID' && invoice.status !== 'DRAFT' && due > 0n
      ? `<section class="pay" aria-labelledby="pay"><h2 id="pay">${say('How to pay')}</h2><p>${letterhead.paymentDetails
          .split('\n')
          .map(escapeMarkup)
          .join('<br>')}</p><p>${say('Reference')}: <strong>${escapeMarkup(invoice.number)}</strong></p></section>`
      : '';
  const title = `${say('Invoice')} ${invoice.number}`;
  const pageTitle = say('{title} from {organization}', { title, organization: letterhead.name });
  const issued = say('Issued {date} to {customer}', {
    date: f.date(invoice.issueDate),
    customer: `<bdi>${escapeMarkup(invoice.customer.name)}</bdi>`,
  });
  // Names and text a person typed are isolated (bdi, dir=auto): a Hebrew or Arabic name does not reorder the sentence around it.
  const body = `<!doctype html><html lang="${escapeMarkup(letterhead.locale ?? 'en-US')}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeMarkup(pageTitle)}</title><style>${STYLE}</style></head><body><main>
<header><div>${logo}<div><strong><bdi>${escapeMarkup(letterhead.name)}</bdi></strong></div><div class="muted">${address}</div>
${letterhead.email ? `<div class="muted">${escapeMarkup(letterhead.email)}</div>` : ''}
${letterhead.taxId ? `<div class="muted">${say('Tax ID')}: ${escapeMarkup(letterhead.taxId)}</div>` : ''}</div>
<div><h1>${escapeMarkup(title)}</h1>
<div class="muted">${issued}</div>
<p><span class="status ${status[0]}" id="status">${escapeMarkup(status[1]!)}</span></p></div></header>
<table><thead><tr><th>${say('Description')}</th><th class="n">${say('Qty')}</th><th class="n">${say('Unit price')}</th>
<th class="n">${say('Amount')}</th></tr></thead>
<tbody>${lines}${totalRows}${dueRow}</tbody></table>
${invoice.memo ? `<p class="muted" dir="auto">${escapeMarkup(invoice.memo)}</p>` : ''}
${howToPay}
<a class="button" href="${escapeMarkup(token)}/pdf" download="${escapeMarkup(invoice.number)}.pdf">${say('Download PDF')}</a>
</main></body></html>`;
  return { status: 200, type: 'text/html; charset=utf-8', body };
}

async function invoicePagePdf(db: Prisma, token: string) {
  const invoice = await findByToken(db, token);
  if (!invoice) return notFound;
  refuseWhenShareTaken(invoice.organizationId);
  const tenant = { prisma: db, organizationId: invoice.organizationId };
  const body = await renderPdf(await letterheadOf(tenant), await invoicePdf(tenant, invoice.id));
  return {
    status: 200,
    type: 'application/pdf',
    body,
    headers: { 'content-disposition': `inline; filename="${invoice.number}.pdf"` },
  };
}

export const invoicePages: PublicPage[] = [
  { pattern: /^\/i\/([A-Za-z0-9_-]{1,64})$/, route: '/i/:token', answer: (db, m) => invoicePage(db, m[1]!) },
  // A PDF is drawn (in the heavy-work pool) for each request: it costs a page ten.
  { pattern: /^\/i\/([A-Za-z0-9_-]{1,64})\/pdf$/, route: '/i/:token/pdf', cost: 10, answer: (db, m) => invoicePagePdf(db, m[1]!) },
];
