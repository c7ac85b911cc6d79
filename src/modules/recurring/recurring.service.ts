// Recurring invoices and bills (Xero's repeating invoices, QuickBooks' recurring transactions): a
// template (a document's input without its dates) and a schedule. The runner (recurring.worker.ts)
// makes each due occurrence through `runOccurrence`, in a write of its own; the schedule's row says
// which occurrence is next, and moving it on in the same transaction as the document is what makes
// each occurrence happen once, whichever instance gets there first.
import type { PrismaTypes } from '../../db/database.ts';
import { change, type EventDraft } from '../../core/representations.ts';
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { addDays, today } from '../../lib/dates.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { Checker } from '../../lib/validate.ts';
import { checkOwedDocumentInput, createOwedDocument, type OwedDocumentInput, owedDocumentType } from '../documents/index.ts';
import {
  RECURRING_DOCUMENT_STATUSES,
  RECURRING_DOCUMENT_TYPES,
  RECURRING_DOCUMENTS,
  RECURRING_SCHEDULE,
  type RecurringDocumentType,
  type RecurringScheduleRow,
} from './recurring.public.ts';
import { checkScheduleRule, nextOccurrence, nextOccurrenceFrom, type ScheduleRule } from './schedule-rule.ts';

/** A document's input without its dates: what every occurrence makes. */
export interface DocumentTemplateInput {
  customerId?: string | null;
  vendorId?: string | null;
  paymentTermsDays?: number | null;
  memo?: string | null;
  reference?: string | null;
  lines?: OwedDocumentInput['lines'];
}

/** A template under the field of each kind a schedule may make (`invoice`, `bill`). */
type Templates = Partial<Record<RecurringDocumentType, DocumentTemplateInput | null>>;

export interface RecurringScheduleInput extends Templates {
  name?: string | null;
  frequency?: string | null;
  interval?: number | null;
  startDate?: string | null;
  shortMonths?: string | null;
  endDate?: string | null;
  count?: number | null;
  documentStatus?: string | null;
  send?: boolean | null;
}

export type RecurringScheduleChanges = Pick<
  RecurringScheduleInput,
  'name' | RecurringDocumentType | 'endDate' | 'count' | 'documentStatus' | 'send'
>;

export interface RecurringScheduleFilter {
  documentType?: string | null;
  status?: string | null;
  customerId?: string | null;
  vendorId?: string | null;
}

export function recurringScheduleWhere(organizationId: string, filter: RecurringScheduleFilter = {}) {
  const where: PrismaTypes.RecurringScheduleWhereInput = { organizationId };
  if (filter.documentType) where.documentType = filter.documentType.toLowerCase();
  if (filter.status) where.status = filter.status.toUpperCase() as RecurringScheduleRow['status'];
  const partyId = filter.customerId ?? filter.vendorId;
  if (partyId) where.partyId = partyId;
  return where;
}

/** The rule a stored schedule runs by. */
export const ruleOf = (s: RecurringScheduleRow): ScheduleRule => ({
  frequency: s.frequency as ScheduleRule['frequency'],
  interval: s.interval,
  startDate: s.startDate,
  shortMonths: s.shortMonths as ScheduleRule['shortMonths'],
  endDate: s.endDate,
  maxOccurrences: s.maxOccurrences,
});

/** Only what a template may hold, in a fixed order (so a stored template reads the same however it was sent). */
const templateOf = (t: DocumentTemplateInput, party: 'customerId' | 'vendorId'): Record<string, unknown> => ({
  [party]: t[party],
  ...(t.paymentTermsDays !== undefined && t.paymentTermsDays !== null ? { paymentTermsDays: t.paymentTermsDays } : {}),
  ...(t.memo ? { memo: t.memo } : {}),
  ...(t.reference ? { reference: t.reference } : {}),
  lines: t.lines ?? [],
});

/**
 * Checks a template as creating its document on `date` would (the party, the lines, the accounts and
 * tax), writing nothing; its refusals go on `check` under the template's field (`invoice.lines.0.unitPrice`).
 */
async function checkTemplate(scope: WriteScope, check: Checker, documentType: RecurringDocumentType, template: object, date: string) {
  try {
    await checkOwedDocumentInput(scope, owedDocumentType(documentType), { ...template, issueDate: date, draft: true });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') throw error;
    for (const e of error.fieldErrors) check.fail(`${documentType}.${e.path}`, e.message);
  }
}

function checkDocumentStatus(check: Checker, value: string | null | undefined) {
  const status = (value ?? 'DRAFT').toUpperCase();
  if (!(RECURRING_DOCUMENT_STATUSES as readonly string[]).includes(status))
    check.fail('documentStatus', `must be one of ${RECURRING_DOCUMENT_STATUSES.join(', ')}`);
  return status;
}

function checkSend(check: Checker, documentType: string, documentStatus: string, send: boolean) {
  if (!send) return;
  if (documentType !== 'invoice') check.fail('send', 'only invoices are sent by email');
  else if (documentStatus !== 'POSTED') check.fail('send', 'sends posted invoices only: set documentStatus to POSTED');
}

/** How far back a new schedule's start may be: what it catches up at once. */
export const MAX_CATCH_UP_DAYS = 366;

export async function createRecurringSchedule(scope: WriteScope, input: RecurringScheduleInput) {
  const check = new Checker();
  const name = check.text('name', input.name, { max: 200 });
  const given = RECURRING_DOCUMENT_TYPES.filter((field) => input[field]);
  if (given.length !== 1)
    check.fail(
      RECURRING_DOCUMENT_TYPES[0],
      `give exactly one template: ${RECURRING_DOCUMENT_TYPES.map((t) => `${t} (${RECURRING_DOCUMENTS[t].template})`).join(' or ')}`,
    );
  const documentType = given[0];
  const rule = checkScheduleRule(check, input);
  // A schedule catches up what fell due before it was made: a year of it at most, so one request cannot
  // make thousands of documents (older ones are entered as documents of their own).
  const earliest = addDays(today(scope.now), -MAX_CATCH_UP_DAYS);
  if (rule && rule.startDate < earliest)
    check.fail('startDate', `must be on or after ${earliest}: a schedule catches up at most ${MAX_CATCH_UP_DAYS} days of past occurrences`);
  const documentStatus = checkDocumentStatus(check, input.documentStatus);
  const send = input.send === true;
  if (documentType) checkSend(check, documentType, documentStatus, send);
  const party = documentType && RECURRING_DOCUMENTS[documentType].party;
  const template = documentType && party ? templateOf(input[documentType]!, party) : undefined;
  if (documentType && template) await checkTemplate(scope, check, documentType, template, rule?.startDate ?? today(scope.now));
  check.done();
  const first = nextOccurrence(rule!, 0, 0);
  const row = await scope.prisma.recurringSchedule.create({
    data: {
      id: newId('RecurringSchedule'),
      organizationId: scope.organizationId,
      documentType: documentType!,
      partyId: template![party!] as string,
      name: name ?? null,
      template: JSON.stringify(template),
      frequency: rule!.frequency,
      interval: rule!.interval,
      startDate: rule!.startDate,
      shortMonths: rule!.shortMonths,
      endDate: rule!.endDate,
      maxOccurrences: rule!.maxOccurrences,
      documentStatus,
      send,
      status: first ? 'ACTIVE' : 'FINISHED',
      nextIndex: first?.index ?? 0,
      nextDate: first?.date ?? null,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  });
  return change(RECURRING_SCHEDULE, row, [{ type: 'recurring_schedule.created', resource: { type: RECURRING_SCHEDULE, id: row.id, row } }]);
}

async function loadSchedule(tenant: Tenant, id: string) {
  const row = await tenant.prisma.recurringSchedule.findFirst({ where: { id, organizationId: tenant.organizationId } });
  if (!row) throw notFound('recurring schedule', id);
  return row;
}

/** The document type a stored schedule makes (what its template is checked as). */
export async function scheduleDocumentType(tenant: Tenant, id: string) {
  return (await loadSchedule(tenant, id)).documentType as RecurringDocumentType;
}

/**
 * Changes what a schedule makes and when it ends (its template, status, sending, end date, count). Its
 * timing (frequency, interval, start) stays: a new rhythm is a new schedule.
 */
export async function updateRecurringSchedule(scope: WriteScope, id: string, input: RecurringScheduleChanges) {
  const before = await loadSchedule(scope, id);
  if (before.status === 'FINISHED') throw new AppError('INVALID_STATE', `Recurring schedule ${id} has finished; create a new one`);
  const check = new Checker();
  const documentType = before.documentType as RecurringDocumentType;
  for (const other of RECURRING_DOCUMENT_TYPES)
    if (other !== documentType && input[other])
      check.fail(other, `this schedule makes ${documentType}s: give its template as ${documentType}`);
  const name = input.name === undefined ? before.name : check.text('name', input.name, { max: 200 });
  const documentStatus = input.documentStatus ? checkDocumentStatus(check, input.documentStatus) : before.documentStatus;
  const send = input.send ?? before.send;
  checkSend(check, documentType, documentStatus, send);
  const endDate = input.endDate === undefined ? before.endDate : (check.date('endDate', input.endDate) ?? null);
  const count = input.count === undefined ? before.maxOccurrences : (check.integer('count', input.count, 1, 1000) ?? null);
  if (endDate && endDate < before.startDate) check.fail('endDate', `must not be before startDate ${before.startDate}`);
  if (count !== null && count < before.occurrences) check.fail('count', `must be at least the ${before.occurrences} already made`);
  const party = RECURRING_DOCUMENTS[documentType].party;
  const template = input[documentType] ? templateOf(input[documentType]!, party) : undefined;
  if (template) await checkTemplate(scope, check, documentType, template, before.nextDate ?? today(scope.now));
  check.done();
  const rule = { ...ruleOf(before), endDate, maxOccurrences: count };
  const next = nextOccurrence(rule, before.nextIndex, before.occurrences);
  const row = await scope.prisma.recurringSchedule.update({
    where: { id },
    data: {
      name,
      documentStatus,
      send,
      endDate,
      maxOccurrences: count,
      ...(template ? { template: JSON.stringify(template), partyId: template[party] as string } : {}),
      nextIndex: next?.index ?? before.nextIndex,
      nextDate: next?.date ?? null,
      status: next ? before.status : 'FINISHED',
      updatedAt: scope.now,
    },
  });
  return change(RECURRING_SCHEDULE, row, [{ type: 'recurring_schedule.updated', resource: { type: RECURRING_SCHEDULE, id, row }, before }]);
}

export async function pauseRecurringSchedule(scope: WriteScope, id: string) {
  const before = await loadSchedule(scope, id);
  if (before.status !== 'ACTIVE')
    throw new AppError('INVALID_STATE', `Recurring schedule ${id} is ${before.status.toLowerCase()}, not active`);
  const row = await scope.prisma.recurringSchedule.update({ where: { id }, data: { status: 'PAUSED', updatedAt: scope.now } });
  return change(RECURRING_SCHEDULE, row, [{ type: 'recurring_schedule.paused', resource: { type: RECURRING_SCHEDULE, id, row } }]);
}

/** Resumes a paused schedule from its first occurrence on or after today: what fell while it was paused is not made. */
export async function resumeRecurringSchedule(scope: WriteScope, id: string) {
  const before = await loadSchedule(scope, id);
  if (before.status !== 'PAUSED')
    throw new AppError('INVALID_STATE', `Recurring schedule ${id} is ${before.status.toLowerCase()}, not paused`);
  const next = nextOccurrenceFrom(ruleOf(before), before.nextIndex, before.occurrences, today(scope.now));
  const row = await scope.prisma.recurringSchedule.update({
    where: { id },
    data: {
      status: next ? 'ACTIVE' : 'FINISHED',
      nextIndex: next?.index ?? before.nextIndex,
      nextDate: next?.date ?? null,
      failures: 0,
      retryAt: null,
      updatedAt: scope.now,
    },
  });
  const events: EventDraft[] = [{ type: 'recurring_schedule.resumed', resource: { type: RECURRING_SCHEDULE, id, row } }];
  if (!next) events.push({ type: 'recurring_schedule.finished', resource: { type: RECURRING_SCHEDULE, id, row } });
  return change(RECURRING_SCHEDULE, row, events);
}

export async function deleteRecurringSchedule(scope: WriteScope, id: string) {
  const row = await loadSchedule(scope, id);
  await scope.prisma.recurringSchedule.delete({ where: { id } });
  return change(RECURRING_SCHEDULE, row, [{ type: 'recurring_schedule.deleted', resource: { type: RECURRING_SCHEDULE, id, row } }]);
}

/** A posted invoice made by a schedule that sends: queued for the mailer in the same write. */
export type SendDocument = (scope: WriteScope, documentType: string, documentId: string) => Promise<EventDraft[]>;

/** Whether the occurrence on `date` is still to be made now (not made, stopped, or waiting for its retry elsewhere). */
const isDue = (s: RecurringScheduleRow, date: string, now: Date) =>
  s.status === 'ACTIVE' && s.nextDate === date && (s.retryAt === null || s.retryAt <= now);

/** Thrown (and the write rolled back, having written nothing) when an occurrence was made or stopped elsewhere. */
export class OccurrenceTaken extends Error {
  override name = 'OccurrenceTaken';
}

/**
 * Makes the occurrence of schedule `id` due on `date`, if it still is: the organization is locked, so a
 * second instance arriving with the same occurrence finds the schedule already moved on and makes nothing.
 */
export async function runOccurrence(scope: WriteScope, id: string, date: string, send: SendDocument) {
  const s = await scope.prisma.recurringSchedule.findFirst({ where: { id, organizationId: scope.organizationId } });
  if (!s || !isDue(s, date, scope.now)) throw new OccurrenceTaken(`${id} ${date}`);
  const type = owedDocumentType(s.documentType);
  const template = JSON.parse(s.template) as OwedDocumentInput;
  const draft = s.documentStatus === 'DRAFT';
  const made = await createOwedDocument(scope, type, { ...template, issueDate: date, draft }, { recurringScheduleId: s.id });
  const next = nextOccurrence(ruleOf(s), s.nextIndex + 1, s.occurrences + 1);
  const row = await scope.prisma.recurringSchedule.update({
    where: { id },
    data: {
      occurrences: s.occurrences + 1,
      lastDocumentId: made.result.id,
      nextIndex: next?.index ?? s.nextIndex + 1,
      nextDate: next?.date ?? null,
      status: next ? 'ACTIVE' : 'FINISHED',
      failures: 0,
      lastError: null,
      retryAt: null,
      updatedAt: scope.now,
    },
  });
  const events: EventDraft[] = [...made.events, { type: 'recurring_schedule.ran', resource: { type: RECURRING_SCHEDULE, id, row } }];
  // Catching up, only the latest due occurrence is mailed: the customer is not sent a backlog of
  // overdue invoices at once (the others are made, and can be sent from their own page).
  const latestDue = !next || next.date > today(scope.now);
  if (s.send && !draft && latestDue) events.push(...(await send(scope, s.documentType, made.result.id)));
  if (!next) events.push({ type: 'recurring_schedule.finished', resource: { type: RECURRING_SCHEDULE, id, row } });
  return change(RECURRING_SCHEDULE, row, events);
}

/** How long a failed occurrence waits before it is tried again, by failures in a row: 1 min, 5 min, 30 min, 2 h, then 6 h. */
const RETRY_AFTER_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];

/** Records why an occurrence could not be made, and when it is tried again; the first failure in a row raises an event. */
export async function recordOccurrenceFailure(scope: WriteScope, id: string, date: string, reason: string) {
  const s = await loadSchedule(scope, id);
  if (!isDue(s, date, scope.now)) throw new OccurrenceTaken(`${id} ${date}`);
  const failures = s.failures + 1;
  const wait = RETRY_AFTER_MS[Math.min(failures, RETRY_AFTER_MS.length) - 1]!;
  const row = await scope.prisma.recurringSchedule.update({
    where: { id },
    data: { failures, lastError: reason.slice(0, 1000), retryAt: new Date(scope.now.getTime() + wait), updatedAt: scope.now },
  });
  const events: EventDraft[] =
    failures === 1 ? [{ type: 'recurring_schedule.failed', resource: { type: RECURRING_SCHEDULE, id, row } }] : [];
  return change(RECURRING_SCHEDULE, row, events);
}
