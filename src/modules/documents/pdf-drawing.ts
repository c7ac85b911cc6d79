// Drawing the PDF a document is sent as: the organization's letterhead (logo, name, address, tax id,
// email), who it is for, its lines, its tax per rate, its totals and what is due, in the document's
// currency and the organization's locale. Drawn with pdfkit (no browser); text of any script goes through
// pdf-text.ts (fonts per character, right-to-left lines reordered). This runs in the heavy-work pool's
// threads (src/core/heavy-work.ts), never on the request thread: pdf.ts hands it the view.
import { currencyDecimals, formatMoney, formatPercent } from '../../lib/money.ts';
import { documentWords } from './pdf-words.ts';
import { formatQuantity, lineFigures } from './arithmetic.ts';
import type { DocumentLineRow } from './public.ts';
import { LINE_HEIGHT as LINE, putText, type TextBox } from './pdf-text.ts';

/** The organization as its documents show it. */
export interface Letterhead {
  /** Whose letterhead: the organization whose share of the heavy-work pool draws its documents. */
  organizationId: string;
  name: string;
  address: string | null;
  taxId: string | null;
  email: string | null;
  locale: string | null;
  logo: string | null;
  /** How to pay it (bank details, as lines), on documents that ask to be paid. */
  paymentDetails?: string | null;
}

/** A party as a document addresses it. */
export interface Addressee {
  name: string;
  email?: string | null;
  taxNumber?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

/** What a document's PDF shows, in the document's words. */
export interface PdfView {
  /** `Invoice`, `Credit note`, `Sales receipt`, `Statement`… */
  title: string;
  number: string | null;
  /** A stamp across it: VOID, PAID. */
  stamp?: string | null;
  currency: string;
  /** Label and date (YYYY-MM-DD), in order: Issue date, Due date… */
  dates: [string, string][];
  /** `Bill to`, `Credit to`… and who. */
  party: { label: string; who: Addressee } | null;
  lines: (Pick<DocumentLineRow, 'description' | 'quantityMilli' | 'unitPrice' | 'amount' | 'taxAmount' | 'taxRatePpm'> & {
    taxName?: string | null;
    discountPpm?: number;
  })[];
  /** Label and amount (minor units of the currency), in order; the last one is shown strongest. */
  totals: [string, bigint][];
  notes?: string | null;
  /** The reference a payer quotes (an open invoice's number): with the letterhead's payment details, a "How to pay" block. */
  paymentReference?: string | null;
  /** A statement's rows instead of lines: date, what, amount, running balance. */
  rows?: { date: string; what: string; amount: bigint; balance: bigint }[];
  /** A statement's aging at its end: label and amount per bucket, drawn as a row of columns under the totals. */
  aging?: [string, bigint][];
}

/** Intl output uses narrow no-break spaces Helvetica lacks: plain spaces read the same and keep figures in it. */
const plain = (text: string) => text.replace(/[\u202f\u2009]/g, ' ').replace(/\u2212/g, '-');

/** Money and dates as the organization's locale writes them, exactly (the amount is formatted from its decimal text). */
export function localFormats(locale: string | null, currency: string) {
  const tag = locale ?? 'en-US';
  const decimals = currencyDecimals(currency);
  const money = new Intl.NumberFormat(tag, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  const number = new Intl.NumberFormat(tag, { maximumFractionDigits: 3 });
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(tag, { style: 'unit', unit: 'percent', maximumFractionDigits: 4 });
  return {
    percent: (ppm: number) => plain(percent.format(formatPercent(ppm) as unknown as number)),
    money: (minor: bigint) => plain(money.format(formatMoney(minor, decimals) as unknown as number)),
    quantity: (milli: bigint) => plain(number.format(formatQuantity(milli) as unknown as number)),
    date: (iso: string) => plain(dates.format(new Date(`${iso}T00:00:00Z`))),
  };
}

/** The lines of an address, as a letter shows them. */
export const addressLines = (who: Addressee) =>
  [
    who.addressLine1,
    who.addressLine2,
    [who.postalCode, who.city].filter(Boolean).join(' '),
    [who.region, who.country].filter(Boolean).join(', '),
  ].filter((line): line is string => !!line?.trim());

/**
 * A line as a document shows it: its amount before its discount (quantity × unit price), so the lines add
 * up to the subtotal, and a discounted line's discount under its description, which the totals' Discount
 * row sums.
 */
export function shownLine(
  line: { description: string; quantityMilli: bigint; unitPrice: bigint; amount: bigint; discountPpm?: number },
  f: Pick<ReturnType<typeof localFormats>, 'money' | 'percent'>,
  /** The document's words (pdf-words.ts): the discount's label in its language. */
  words: (english: string) => string = (english) => english,
) {
  if (!line.discountPpm) return { description: line.description, amount: f.money(line.amount), discount: null };
  const { gross, discount } = lineFigures(line.quantityMilli, line.unitPrice, line.discountPpm, null);
  const note = `${words('Discount')} ${f.percent(line.discountPpm)}: ${f.money(-discount)}`;
  return { description: `${line.description}\n${note}`, amount: f.money(gross), discount: note };
}

/** Whether a tax rate's name already says its percentage ("VAT 8.1%", "MwSt. 8,1 %"): it is not said twice. */
function namesItsRate(name: string, ppm: number): boolean {
  const [whole, fraction] = formatPercent(ppm).split('.');
  return new RegExp(`(^|[^0-9])${whole}${fraction ? `[.,]${fraction}` : ''}\\s?%`).test(name);
}

/** Tax per rate: each rate's name (or percentage) and what the lines charge at it, in first-seen order. */
export function taxesByRate(lines: PdfView['lines'], percent: (ppm: number) => string, words: (english: string) => string = (e) => e) {
  const byRate = new Map<string, bigint>();
  for (const line of lines) {
    if (line.taxAmount === 0n) continue;
    const name = line.taxName ?? words('Tax');
    const label = line.taxRatePpm === null || namesItsRate(name, line.taxRatePpm) ? name : `${name} ${percent(line.taxRatePpm)}`;
    byRate.set(label, (byRate.get(label) ?? 0n) + line.taxAmount);
  }
  return [...byRate];
}

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4

/**
 * Draws a document's PDF (A4); resolves with its bytes. Long on purpose: the page drawn top to bottom, each block in
 * the order it appears on paper.
 */
export async function drawPdf(letterhead: Letterhead, view: PdfView): Promise<Buffer> {
  // Loaded on the first PDF, not at start: pdfkit and its font engine are megabytes of heap an instance
  // that never renders one need not hold.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${view.title} ${view.number ?? ''}`.trim(), Author: letterhead.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const f = localFormats(letterhead.locale, view.currency);
  const w = documentWords(letterhead.locale);
  const put = (text: string, box: TextBox) => putText(doc, text, box);
  const top = doc.y;

  // The letterhead, left; the document's title, number and dates, right.
  let left = top;
  if (letterhead.logo) {
    doc.image(Buffer.from(letterhead.logo, 'base64'), MARGIN, top, { fit: [140, 60] });
    left = top + 66;
  }
  put(letterhead.name, { x: MARGIN, y: left, width: WIDTH / 2, size: 12, bold: true });
  const small = { width: WIDTH / 2, size: 9 };
  for (const line of (letterhead.address ?? '').split('\n').filter((l) => l.trim())) put(line, small);
  if (letterhead.email) put(letterhead.email, small);
  if (letterhead.taxId) put(`${w('Tax ID')}: ${letterhead.taxId}`, small);
  const leftBottom = doc.y;

  const right = MARGIN + WIDTH / 2;
  const heading = { x: right, width: WIDTH / 2, align: 'right' as const };
  put(w(view.title).toUpperCase(), { ...heading, y: top, size: 20, bold: true });
  if (view.number) put(view.number, { ...heading, size: 10 });
  for (const [label, date] of view.dates) put(`${w(label)}: ${f.date(date)}`, { ...heading, size: 10 });
  if (view.stamp) put(w(view.stamp), { ...heading, y: doc.y + 6, size: 14, bold: true });
  doc.y = Math.max(leftBottom, doc.y) + 20;

  if (view.party) {
    const who = view.party.who;
    put(w(view.party.label).toUpperCase(), { x: MARGIN, width: WIDTH, size: 9, bold: true });
    const body = { width: WIDTH, size: 10 };
    put(who.name, body);
    for (const line of addressLines(who)) put(line, body);
    if (who.email) put(who.email, body);
    if (who.taxNumber) put(`${w('Tax ID')}: ${who.taxNumber}`, body);
    doc.y += LINE * 10;
  }

  const columns = [
    { title: 'Description', x: MARGIN, width: WIDTH * 0.46, align: 'start' as 'left' | 'right' | 'start' },
    { title: 'Qty', x: MARGIN + WIDTH * 0.46, width: WIDTH * 0.1, align: 'right' as const },
    { title: 'Unit price', x: MARGIN + WIDTH * 0.56, width: WIDTH * 0.16, align: 'right' as const },
    { title: 'Tax', x: MARGIN + WIDTH * 0.72, width: WIDTH * 0.1, align: 'right' as const },
    { title: 'Amount', x: MARGIN + WIDTH * 0.82, width: WIDTH * 0.18, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > 760) doc.addPage();
    const y = doc.y;
    let bottom = y;
    cells.forEach((cell, i) => {
      const c = columns[i]!;
      put(cell, { x: c.x, y, width: c.width - 4, align: c.align, size: 9, bold });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + WIDTH, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y += 4;
  };

  if (view.rows) {
    columns.splice(
      1,
      4,
      { title: 'Amount', x: MARGIN + WIDTH * 0.6, width: WIDTH * 0.2, align: 'right' },
      { title: 'Balance', x: MARGIN + WIDTH * 0.8, width: WIDTH * 0.2, align: 'right' },
    );
    columns[0] = { title: 'Date and document', x: MARGIN, width: WIDTH * 0.6, align: 'start' };
    row(
      columns.map((c) => w(c.title)),
      true,
    );
    rule();
    for (const r of view.rows) row([`${f.date(r.date)}  ${r.what}`, f.money(r.amount), f.money(r.balance)]);
  } else {
    row(
      columns.map((c) => w(c.title)),
      true,
    );
    rule();
    for (const line of view.lines) {
      const shown = shownLine(line, f, w);
      row([
        shown.description,
        f.quantity(line.quantityMilli),
        f.money(line.unitPrice),
        line.taxRatePpm === null ? '' : f.percent(line.taxRatePpm),
        shown.amount,
      ]);
    }
  }
  rule();

  // The totals, right-aligned under the amounts; the tax shown per rate when the rates make it up.
  const byRate = taxesByRate(view.lines, f.percent, w);
  const taxTotal = view.totals.find(([label]) => label === 'Tax')?.[1];
  const perRate = byRate.length > 0 && byRate.reduce((sum, [, amount]) => sum + amount, 0n) === taxTotal;
  const totals = view.totals.flatMap(([label, amount], i): [string, string, boolean][] =>
    label === 'Tax' && perRate
      ? byRate.map(([rate, tax]): [string, string, boolean] => [rate, f.money(tax), false])
      : [[w(label), f.money(amount), i === view.totals.length - 1]],
  );
  for (const [label, amount, strong] of totals) {
    if (doc.y > 780) doc.addPage();
    const y = doc.y;
    const style = { y, size: strong ? 11 : 9, bold: strong, align: 'right' as const };
    put(label, { ...style, x: MARGIN + WIDTH * 0.45, width: WIDTH * 0.35 });
    put(amount, { ...style, x: MARGIN + WIDTH * 0.8, width: WIDTH * 0.2 });
    doc.y += 2;
  }
  if (view.aging) {
    doc.y += LINE * 9;
    const width = WIDTH / view.aging.length;
    const y = doc.y;
    let amountsY = y;
    view.aging.forEach(([label], i) => {
      put(w(label), { x: MARGIN + i * width, y, width: width - 4, size: 8, bold: true, align: 'right' });
      amountsY = Math.max(amountsY, doc.y);
    });
    view.aging.forEach(([, amount], i) =>
      put(f.money(amount), { x: MARGIN + i * width, y: amountsY, width: width - 4, size: 9, align: 'right' }),
    );
  }
  const block = { x: MARGIN, width: WIDTH, size: 9 };
  if (view.notes) {
    doc.y += LINE * 9;
    put(view.notes, { ...block, align: 'start' });
  }
  if (letterhead.paymentDetails && view.paymentReference) {
    doc.y += LINE * 9;
    put(w('How to pay'), { ...block, bold: true });
    put(letterhead.paymentDetails, block);
    put(`${w('Reference')}: ${view.paymentReference}`, block);
  }
  doc.end();
  return done;
}

/**
 * Draws an image as a letterhead would, to the end of its decoding: a logo that cannot be drawn (a PNG
 * whose data is cut short fails in pdfkit's decoder callback) is refused when it is uploaded, not met
 * when a document is drawn. Resolves with null, or rejects with the decoder's complaint.
 */
export async function drawLogo(base64: string): Promise<null> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A6', margin: 0 });
  doc.on('data', () => {});
  const done = new Promise<null>((resolve, reject) => {
    doc.on('end', () => resolve(null));
    doc.on('error', reject);
  });
  doc.image(Buffer.from(base64, 'base64'), 0, 0, { fit: [140, 60] });
  doc.end();
  return done;
}
