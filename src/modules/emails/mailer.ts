// The mailer, on every instance: takes due emails by a lease (so two instances never send one side by
// side, and a killed instance's mail is taken over when its lease runs out), renders the document's PDF,
// offers the mail to the SMTP server (nodemailer), and records the outcome in a write of its own. As
// with webhooks, at-least-once: an instance killed after the server took a mail but before recording
// it sends it again when the lease runs out.
import type { Transporter } from 'nodemailer';
import { organizationInfo, type Tenant } from '../../core/tenant.ts';
import { Prisma } from '../../db/generated/sqlite/client.ts';
import { anyRow } from '../../db/sql.ts';
import { backgroundLoop } from '../../events/loop.ts';
import type { ModuleWorker, WorkerDeps } from '../../module.ts';
import { documentSentences, letterheadOf, renderPdf } from '../documents/index.ts';
import { localFormats } from '../documents/pdf-drawing.ts';
import { escapeMarkup } from '../../lib/text.ts';
import type { EmailRow } from './emails.public.ts';
import { mailableOf, recordEmailOutcome, type SendOutcome } from './emails.service.ts';

/** Emails taken per pass. */
const BATCH = 10;

export const mailer: ModuleWorker = {
  name: 'mailer',
  create(deps) {
    const { smtpUrl } = deps.config.mail;
    if (!smtpUrl) return undefined;
    const url = new URL(smtpUrl);
    // nodemailer is imported by the first pass, so an instance without mail never loads it.
    let transport: Promise<Transporter> | undefined;
    const transportOnce = () =>
      (transport ??= import('nodemailer').then(({ createTransport }) =>
        // Timeouts well inside the lease, so a hung server never outlives an instance's claim on a mail.
        createTransport({
          host: url.hostname,
          port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
          secure: url.protocol === 'smtps:',
          auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
      ));
    return backgroundLoop('mailer', async () => sendDueEmails(deps, await transportOnce()), deps.config.mail.pollMs, deps.logger);
  },
};

async function tenantOf(deps: WorkerDeps, organizationId: string): Promise<Tenant> {
  const o = await deps.db.prisma.organization.findUniqueOrThrow({ where: { id: organizationId } });
  return { prisma: deps.db.prisma, organizationId, organization: organizationInfo(o) };
}

/** One pass: each due email offered once. True while there may be more. */
export async function sendDueEmails(deps: WorkerDeps, transport: Transporter): Promise<boolean> {
  const { db, clock, config } = deps;
  const now = clock();
  const anyDue = Prisma.sql`SELECT 1 FROM "DocumentEmail" WHERE "status" = 'QUEUED' AND "nextAttemptAt" <= ${now}
    AND ("leasedUntil" IS NULL OR "leasedUntil" < ${now}) LIMIT 1`;
  if (!(await anyRow(db, anyDue))) return false;
  const due = await db.prisma.documentEmail.findMany({
    where: { status: 'QUEUED', nextAttemptAt: { lte: now }, OR: [{ leasedUntil: null }, { leasedUntil: { lt: now } }] },
    orderBy: [{ nextAttemptAt: 'asc' }, { id: 'asc' }],
    take: BATCH,
  });
  for (const email of due) {
    // The lease: only the instance whose update changed the row sends it.
    const { count } = await db.prisma.documentEmail.updateMany({
      where: { id: email.id, status: 'QUEUED', OR: [{ leasedUntil: null }, { leasedUntil: { lt: now } }] },
      data: { leasedUntil: new Date(now.getTime() + config.mail.leaseMs) },
    });
    if (count === 0) continue;
    const outcome = await offer(deps, transport, email);
    const recorded = await deps.unitOfWork.write(
      email.organizationId,
      { operation: 'recordEmailOutcome', input: { id: email.id } },
      (scope) => recordEmailOutcome(scope, email.id, outcome, config.mail.retryScheduleMs),
    );
    deps.metrics.emailAttempt(outcome.sent ? 'sent' : recorded.object.status === 'failed' ? 'failed' : 'retrying');
  }
  return due.length === BATCH;
}

/** Composes the mail (text, the PDF attached, the public link) and offers it to the server once. */
async function offer(deps: WorkerDeps, transport: Transporter, email: EmailRow): Promise<SendOutcome> {
  try {
    const tenant = await tenantOf(deps, email.organizationId);
    const parameters = email.parameters ? (JSON.parse(email.parameters) as Record<string, string>) : null;
    const letterhead = await letterheadOf(tenant);
    // Dates read the same whatever the currency: one formatter for them.
    const dates = localFormats(letterhead.locale, 'USD');
    const say = documentSentences(letterhead.locale);
    const format = {
      money: (minor: bigint, currency: string) => localFormats(letterhead.locale, currency).money(minor),
      date: dates.date,
      say,
    };
    const document = await mailableOf(email.documentType).read(tenant, email.documentId, parameters, format);
    const pdf = await renderPdf(letterhead, document.pdf, 'wait');
    const link = document.publicPath ? `${deps.config.mail.publicUrl}${document.publicPath}` : null;
    const howToPay =
      letterhead.paymentDetails && document.paymentReference
        ? `${say('How to pay')}:\n${letterhead.paymentDetails}\n${say('Reference')}: ${document.paymentReference}`
        : null;
    const paragraphs = [
      email.message,
      say('{title} from {organization} is attached.', { title: document.title, organization: tenant.organization.name }),
      document.summary,
      howToPay,
    ].filter((p): p is string => !!p);
    const text = [...paragraphs, link ? say('View it online: {link}', { link }) : null].filter(Boolean).join('\n\n');
    const html = mailHtml(paragraphs, link, document.title, letterhead.locale);
    const info = await transport.sendMail({
      from: deps.config.mail.from,
      // Sent from the server's address; a customer's reply reaches the organization (its email, when it has one).
      replyTo: letterhead.email ?? undefined,
      to: email.to.split(','),
      cc: email.cc ? email.cc.split(',') : undefined,
      subject: email.subject,
      text,
      html,
      attachments: [{ filename: `${document.filename}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
    return { sent: true, messageId: info.messageId };
  } catch (error) {
    const e = error as { message?: string; responseCode?: number };
    // 5xx from the server is a refusal for good (no such mailbox, policy); anything else may pass later.
    const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
    return { sent: false, error: e.message ?? String(error), permanent };
  }
}

/**
 * The mail's HTML part, beside its text: the same paragraphs (the sender's message, what is attached, what is
 * due), every character the organization or the sender typed escaped, and the public page as a button.
 */
export function mailHtml(paragraphs: string[], link: string | null, title: string, locale: string | null = null): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeMarkup(p).replace(/\n/g, '<br>')}</p>`).join('');
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeMarkup(link)}" style="background:#1f5fbf;color:#fff;padding:10px 18px;` +
      `border-radius:6px;text-decoration:none;display:inline-block">` +
      `${escapeMarkup(documentSentences(locale)('View {title} online', { title }))}</a></p>`
    : '';
  return (
    // Its language and title: what a screen reader announces before reading it.
    `<!doctype html><html lang="${escapeMarkup(locale ?? 'en')}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(title)}</title></head>` +
    '<body style="font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;' +
    'color:#1d2733;overflow-wrap:anywhere">' +
    `${body}${button}</body></html>`
  );
}
