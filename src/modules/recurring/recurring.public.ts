// A recurring schedule as the public sees it: the REST v1 body, and `data.object` of recurring_schedule.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S, type Schema } from '../../lib/json-schema.ts';
import { FREQUENCIES, SHORT_MONTH_RULES } from './schedule-rule.ts';

export const RECURRING_SCHEDULE = 'recurring_schedule';
/**
 * What a schedule makes: the one list of the documents that recur, each under the input field that
 * carries its template, with its party's column and the scope a key needs to set one up. Everything
 * else in the module is made from it or keyed by it (a new kind that is missed does not compile).
 */
export const RECURRING_DOCUMENTS = {
  invoice: { typename: 'Invoice', party: 'customerId', scope: 'invoices:write', template: 'customerId, lines' },
  bill: { typename: 'Bill', party: 'vendorId', scope: 'bills:write', template: 'vendorId, lines' },
} as const;
export type RecurringDocumentType = keyof typeof RECURRING_DOCUMENTS;
export const RECURRING_DOCUMENT_TYPES = Object.keys(RECURRING_DOCUMENTS) as RecurringDocumentType[];
export const RECURRING_DOCUMENT_STATUSES = ['DRAFT', 'POSTED'] as const;

export type RecurringScheduleRow = PrismaTypes.RecurringScheduleGetPayload<object>;

const TEMPLATE: Schema<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: true,
  description:
    'The document each occurrence makes, without its dates: the create input of an invoice (customerId) or a bill ' +
    "(vendorId) — lines, memo, reference, paymentTermsDays. Each document's issue date is its occurrence's date; its due " +
    'date follows from the payment terms.',
} as Schema<Record<string, unknown>>;

const RECURRING_SCHEDULE_SCHEMA = S.object(
  {
    id: S.id('rs'),
    name: S.nullable(S.string),
    documentType: S.enum(RECURRING_DOCUMENT_TYPES),
    customerId: S.nullable(S.id('cus')),
    vendorId: S.nullable(S.id('ven')),
    template: TEMPLATE,
    frequency: { ...S.enum(FREQUENCIES), description: 'Every `interval` days, weeks, months or years from startDate.' },
    interval: { ...S.integer, minimum: 1 },
    startDate: { ...S.date, description: 'The first occurrence; monthly and yearly ones fall on its day of the month.' },
    shortMonths: {
      ...S.nullable(S.enum(SHORT_MONTH_RULES)),
      description: 'Months without the start day: last_day (31 Jan, 28 Feb, 31 Mar) or skip (none that month).',
    },
    endDate: { ...S.nullable(S.date), description: 'No occurrence after it.' },
    count: { ...S.nullable(S.integer), description: 'How many documents it makes in all.' },
    documentStatus: { ...S.enum(RECURRING_DOCUMENT_STATUSES), description: 'Documents made as drafts, or posted.' },
    send: { ...S.boolean, description: 'Each posted invoice is emailed to its customer with its PDF.' },
    status: S.enum(['ACTIVE', 'PAUSED', 'FINISHED']),
    nextDate: { ...S.nullable(S.date), description: 'The next occurrence; null once finished.' },
    occurrences: { ...S.integer, description: 'Documents made so far.' },
    lastDocumentId: S.nullable(S.string),
    failures: { ...S.integer, description: 'Attempts at the next occurrence that failed in a row.' },
    lastError: { ...S.nullable(S.string), description: 'Why the last attempt failed, until one succeeds.' },
    createdAt: S.dateTime,
    updatedAt: S.dateTime,
  },
  'A recurring invoice or bill: a template and the schedule on which it is made.',
);

/** The schedule's party under `column` when its documents name their party there, else null. */
const partyOf = (r: RecurringScheduleRow, column: 'customerId' | 'vendorId') =>
  RECURRING_DOCUMENTS[r.documentType as RecurringDocumentType]?.party === column ? r.partyId : null;

export const recurringScheduleRepresentation: Representation<RecurringScheduleRow, Infer<typeof RECURRING_SCHEDULE_SCHEMA>> = {
  type: RECURRING_SCHEDULE,
  schema: RECURRING_SCHEDULE_SCHEMA,
  load: (db, organizationId, ids) => db.recurringSchedule.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  query: {},
  render: (r) => ({
    id: r.id,
    name: r.name,
    documentType: r.documentType,
    customerId: partyOf(r, 'customerId'),
    vendorId: partyOf(r, 'vendorId'),
    template: JSON.parse(r.template) as Record<string, unknown>,
    frequency: r.frequency.toLowerCase(),
    interval: r.interval,
    startDate: r.startDate,
    shortMonths: r.shortMonths?.toLowerCase() ?? null,
    endDate: r.endDate,
    count: r.maxOccurrences,
    documentStatus: r.documentStatus.toLowerCase(),
    send: r.send,
    status: r.status.toLowerCase(),
    nextDate: r.nextDate,
    occurrences: r.occurrences,
    lastDocumentId: r.lastDocumentId,
    failures: r.failures,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }),
};
