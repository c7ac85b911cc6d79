// A document's PDF: what it shows (its letterhead and view, read here) and the drawing, handed to the
// heavy-work pool (src/core/heavy-work.ts) so that a large document, a burst of them or a bad image costs
// the organization that asked, never the thread answering everyone else.
import { HeavyTaskFailed, runHeavyTask } from '../../core/heavy-work.ts';
import type { Tenant } from '../../core/tenant.ts';
import { AppError } from '../../lib/errors.ts';
import type { Letterhead, PdfView } from './pdf-drawing.ts';

export { documentSentences } from './pdf-words.ts';
export {
  type Addressee,
  addressLines,
  type Letterhead,
  localFormats,
  type PdfView,
  taxesByRate,
} from './pdf-drawing.ts';

/**
 * Renders a document's PDF (A4) off the request thread; resolves with its bytes. A letterhead whose logo
 * stopped the drawing (one stored before logos were checked on upload) is drawn again without it rather
 * than failing the document. `whenBusy`: a request is refused (429) past its organization's share of the
 * pool; a background sender waits.
 */
export async function renderPdf(letterhead: Letterhead, view: PdfView, whenBusy: 'refuse' | 'wait' = 'refuse'): Promise<Buffer> {
  const options = { organizationId: letterhead.organizationId, whenBusy };
  const draw = async (lh: Letterhead) => Buffer.from(await runHeavyTask<Uint8Array>('drawPdf', { letterhead: lh, view }, options));
  try {
    return await draw(letterhead);
  } catch (error) {
    if (!(error instanceof HeavyTaskFailed)) throw error;
    if (letterhead.logo && error.reason === 'crashed') return draw({ ...letterhead, logo: null });
    throw new AppError('INTERNAL', `The PDF could not be drawn (${error.reason}). Try again; if it persists, contact support.`);
  }
}

/** A document's own totals as its PDF and page show them: subtotal, discount, tax, total (lines of 0 are left out when shown). */
export const documentTotals = (d: { subtotal: bigint; discountTotal: bigint; taxTotal: bigint; total: bigint }): [string, bigint][] => [
  ['Subtotal', d.subtotal],
  ['Discount', -d.discountTotal],
  ['Tax', d.taxTotal],
  ['Total', d.total],
];

/** What reading a document to render needs: the database and whose the document is (a public page has no key's tenant). */
export type DocumentReader = Pick<Tenant, 'prisma' | 'organizationId'>;

/** The organization's letterhead, read afresh (its document settings are not in the request's cached copy). */
export async function letterheadOf(tenant: DocumentReader): Promise<Letterhead> {
  const o = await tenant.prisma.organization.findUniqueOrThrow({
    where: { id: tenant.organizationId },
    select: { name: true, address: true, taxId: true, email: true, locale: true, logo: true, paymentDetails: true },
  });
  return { organizationId: tenant.organizationId, ...o };
}

/** What every sent document's view shares, read from its row: its party and the names of its lines' tax rates. */
export async function documentPdfView(
  tenant: DocumentReader,
  d: {
    title: string;
    number: string;
    currency: string;
    stamp?: string | null;
    dates: [string, string][];
    /** Who it is for: a customer, or (a purchase order) a vendor. */
    party: { label: string; customerId?: string | null; vendorId?: string | null } | null;
    lines: (PdfView['lines'][number] & { taxRateId: string | null; lineNo: number })[];
    totals: [string, bigint][];
    notes?: string | null;
    paymentReference?: string | null;
  },
): Promise<PdfView> {
  const rateIds = [...new Set(d.lines.map((l) => l.taxRateId).filter((id): id is string => !!id))];
  const [party, rates] = await Promise.all([
    d.party?.customerId
      ? tenant.prisma.customer.findFirst({ where: { id: d.party.customerId, organizationId: tenant.organizationId } })
      : d.party?.vendorId
        ? tenant.prisma.vendor.findFirst({ where: { id: d.party.vendorId, organizationId: tenant.organizationId } })
        : null,
    rateIds.length ? tenant.prisma.taxRate.findMany({ where: { id: { in: rateIds } }, select: { id: true, name: true } }) : [],
  ]);
  const rateName = new Map(rates.map((r) => [r.id, r.name]));
  return {
    title: d.title,
    number: d.number,
    stamp: d.stamp,
    currency: d.currency,
    dates: d.dates,
    party: d.party && party ? { label: d.party.label, who: party } : null,
    lines: [...d.lines].sort((a, b) => a.lineNo - b.lineNo).map((l) => ({ ...l, taxName: l.taxRateId ? rateName.get(l.taxRateId) : null })),
    totals: d.totals.filter(([label, amount], i) => amount !== 0n || i === d.totals.length - 1 || label === 'Total'),
    notes: d.notes,
    paymentReference: d.paymentReference ?? null,
  };
}
