// Documents sent by email. A request queues the mail (checked: the document may be sent, the customer
// has an address or one is given) in its own write; the mailer (mailer.ts) sends it, retried on a
// schedule like a webhook delivery, and records the outcome: the email's status and Message-ID, and on
// the document when and to whom it was sent (`invoice.sent`). What each document type sends is its
// mailable (mailables.ts).
import { change, type EventDraft } from '../../core/representations.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { currencyDecimals, formatMoney } from '../../lib/money.ts';
import { Checker } from '../../lib/validate.ts';
import { documentSentences, type PdfView } from '../documents/index.ts';
import { EMAIL, type EmailRow, type MailableType } from './emails.public.ts';

/** What a mail carries of a document: its customer, its title, its PDF, and its public page if it has one. */
export interface MailDocument {
  customerId: string;
  /** `Invoice INV-0001`, `Statement 2026-01-01 to 2026-01-31`. */
  title: string;
  /** The attachment's file name, without `.pdf`. */
  filename: string;
  pdf: PdfView;
  /** The path of its public page (`/i/<secret>`), if any. */
  publicPath: string | null;
  /** A sentence under the message: what is due and when. */
  summary: string | null;
  /** The reference a payer quotes (an open invoice's number): the mail then says how to pay, from the letterhead. */
  paymentReference?: string | null;
}

/** Amounts, dates and sentences as the organization's locale writes them, as on its PDFs (documents' localFormats). */
export interface MailFormat {
  money(minor: bigint, currency: string): string;
  date(iso: string): string;
  /** A sentence (or a label) in the locale's language, its `{blanks}` filled (documents' pdf-words.ts). */
  say(english: string, values?: Record<string, string>): string;
}

/** Amounts as decimals with the currency's code, dates as ISO dates; words in the locale's language. */
const plainFormat = (locale: string | null): MailFormat => ({
  money: (minor, currency) => `${formatMoney(minor, currencyDecimals(currency))} ${currency}`,
  date: (iso) => iso,
  say: documentSentences(locale),
});

/** A document type that can be sent by email. */
export interface Mailable {
  type: MailableType;
  /** Checks it may be sent now (a draft or void invoice may not) and answers its customer; throws the refusal. */
  check(tenant: Tenant, documentId: string | null, parameters: Record<string, string> | null): Promise<{ customerId: string }>;
  read(tenant: Tenant, documentId: string | null, parameters: Record<string, string> | null, format: MailFormat): Promise<MailDocument>;
  /** Records on the document that it was sent, and answers its event (`invoice.sent`). */
  recordSent?(scope: WriteScope, documentId: string, to: string): Promise<EventDraft[]>;
}

const MAILABLES = new Map<MailableType, Mailable>();

export function defineMailable(mailable: Mailable) {
  MAILABLES.set(mailable.type, mailable);
  return mailable;
}

export function mailableOf(type: string): Mailable {
  const mailable = MAILABLES.get(type as MailableType);
  if (!mailable) throw new Error(`no mailable document type "${type}"`);
  return mailable;
}

export interface SendDocumentInput {
  /** Addresses; default the customer's email. */
  to?: string[] | null;
  cc?: string[] | null;
  subject?: string | null;
  message?: string | null;
}

const MAX_RECIPIENTS = 10;

function checkAddresses(check: Checker, path: string, list: string[] | null | undefined) {
  if (!list) return [];
  if (list.length > MAX_RECIPIENTS) check.fail(path, `may name at most ${MAX_RECIPIENTS} addresses`);
  const out: string[] = [];
  list.forEach((address, i) => {
    const checked = check.email(`${path}.${i}`, address);
    if (checked) out.push(checked);
  });
  return out;
}

/**
 * An organization's emails an hour: the server mails from its own domain, so one key must not make it a
 * relay (checked before the write opens; emails a recurring schedule queues are not counted against it).
 */
export async function assertMailQuota(tenant: Pick<Tenant, 'prisma' | 'organizationId'>, perHour: number, now: Date) {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const recent = await tenant.prisma.documentEmail.findMany({
    where: { organizationId: tenant.organizationId, createdAt: { gt: hourAgo } },
    select: { createdAt: true },
    orderBy: { createdAt: 'desc' },
    take: perHour,
  });
  if (recent.length < perHour) return;
  const frees = recent.at(-1)!.createdAt.getTime() + 3_600_000;
  throw new AppError(
    'RATE_LIMITED',
    `This organization has queued ${perHour} emails in the last hour, the most it may (MAIL_PER_HOUR); retry later`,
    [],
    { retryAfterSeconds: Math.max(1, Math.ceil((frees - now.getTime()) / 1000)) },
  );
}

/** Thrown when no mail server is configured: nothing could ever send the mail, so none is queued. */
export const mailNotConfigured = () =>
  new AppError('SERVICE_UNAVAILABLE', 'This server sends no email: no mail server is configured (SMTP_URL)');

/**
 * Queues a document's email. Refused, writing nothing, when the document may not be sent, when neither
 * `to` nor the customer's email gives an address, or when a field is bad (each named).
 */
export async function queueDocumentEmail(
  scope: WriteScope,
  type: MailableType,
  documentId: string | null,
  input: SendDocumentInput,
  parameters: Record<string, string> | null = null,
) {
  const mailable = mailableOf(type);
  const check = new Checker();
  const given = checkAddresses(check, 'to', input.to);
  const cc = checkAddresses(check, 'cc', input.cc);
  const subject = check.text('subject', input.subject, { max: 200 });
  const message = check.text('message', input.message, { max: 5000 });
  const { customerId } = await mailable.check(scope, documentId, parameters);
  let to = given;
  if (to.length === 0 && !input.to?.length) {
    const customer = await scope.prisma.customer.findFirst({ where: { id: customerId, organizationId: scope.organizationId } });
    if (customer?.email) to = [customer.email];
    else check.fail('to', `customer ${customerId} has no email address: give one in to, or set the customer's email`);
  }
  check.done();
  // Read for its title (the subject); the mailer writes its amounts in the organization's locale when it sends.
  // The subject in the organization's language (its locale is not in the request's copy of it).
  const { locale } = await scope.prisma.organization.findUniqueOrThrow({ where: { id: scope.organizationId }, select: { locale: true } });
  const format = plainFormat(locale);
  const document = await mailable.read(scope, documentId, parameters, format);
  const row = await scope.prisma.documentEmail.create({
    data: {
      id: newId('DocumentEmail'),
      organizationId: scope.organizationId,
      documentType: type,
      documentId,
      customerId,
      to: to.join(','),
      cc: cc.length ? cc.join(',') : null,
      subject: subject ?? format.say('{title} from {organization}', { title: document.title, organization: scope.organization.name }),
      message: message ?? null,
      parameters: parameters ? JSON.stringify(parameters) : null,
      nextAttemptAt: scope.now,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  });
  return change(EMAIL, row);
}

/** A recurring schedule's posted invoice, sent to its customer's address (a schedule that sends needs one). */
export async function queueDocumentEmailOnce(scope: WriteScope, documentType: string, documentId: string): Promise<EventDraft[]> {
  await queueDocumentEmail(scope, documentType as MailableType, documentId, {});
  return [];
}

export interface EmailFilter {
  documentId?: string | null;
  customerId?: string | null;
  status?: string | null;
}

export function emailWhere(organizationId: string, filter: EmailFilter = {}) {
  return {
    organizationId,
    ...(filter.documentId ? { documentId: filter.documentId } : {}),
    ...(filter.customerId ? { customerId: filter.customerId } : {}),
    ...(filter.status ? { status: filter.status.toUpperCase() as EmailRow['status'] } : {}),
  };
}

async function loadEmail(tenant: Tenant, id: string) {
  const row = await tenant.prisma.documentEmail.findFirst({ where: { id, organizationId: tenant.organizationId } });
  if (!row) throw notFound('email', id);
  return row;
}

/** Queues a failed email again, now, with a fresh set of retries. */
export async function retryEmail(scope: WriteScope, id: string) {
  const before = await loadEmail(scope, id);
  if (before.status !== 'FAILED')
    throw new AppError('INVALID_STATE', `Email ${id} is ${before.status.toLowerCase()}; only a failed email is retried`);
  const row = await scope.prisma.documentEmail.update({
    where: { id },
    data: { status: 'QUEUED', attempts: 0, nextAttemptAt: scope.now, leasedUntil: null, updatedAt: scope.now },
  });
  return change(EMAIL, row);
}

/** What one offer of a mail to the server came to. */
export type SendOutcome =
  | { sent: true; messageId: string }
  /** `permanent`: the server refused it for good (an unknown mailbox): no retry helps. */
  | { sent: false; error: string; permanent: boolean };

/** Records an offer's outcome: sent (and on the document), queued for the next retry, or failed. */
export async function recordEmailOutcome(scope: WriteScope, id: string, outcome: SendOutcome, retryScheduleMs: number[]) {
  const before = await loadEmail(scope, id);
  if (before.status !== 'QUEUED') return change(EMAIL, before);
  const attempts = before.attempts + 1;
  const events: EventDraft[] = [];
  let row: EmailRow;
  if (outcome.sent) {
    row = await scope.prisma.documentEmail.update({
      where: { id },
      data: {
        status: 'SENT',
        attempts,
        messageId: outcome.messageId,
        sentAt: scope.now,
        lastError: null,
        leasedUntil: null,
        updatedAt: scope.now,
      },
    });
    events.push({ type: 'email.sent', resource: { type: EMAIL, id, row } });
    const mailable = mailableOf(before.documentType);
    if (mailable.recordSent && before.documentId) events.push(...(await mailable.recordSent(scope, before.documentId, before.to)));
  } else {
    const wait = outcome.permanent ? undefined : retryScheduleMs[attempts - 1];
    row = await scope.prisma.documentEmail.update({
      where: { id },
      data: {
        status: wait === undefined ? 'FAILED' : 'QUEUED',
        attempts,
        lastError: outcome.error.slice(0, 1000),
        nextAttemptAt: new Date(scope.now.getTime() + (wait ?? 0)),
        leasedUntil: null,
        updatedAt: scope.now,
      },
    });
    if (wait === undefined) events.push({ type: 'email.failed', resource: { type: EMAIL, id, row } });
  }
  return change(EMAIL, row, events);
}
