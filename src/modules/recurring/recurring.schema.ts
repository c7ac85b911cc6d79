// GraphQL: recurring invoices and bills — the schedule, its template, and the documents it made.
import { allows, insufficientScope } from '../../core/scopes.ts';
import { builder, tenantNode } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { actionMutation, createMutation, deleteMutation, updateMutation } from '../../graphql/mutations.ts';
import { BillLineInput, InvoiceLineInput } from '../documents/schema.ts';
import { mailNotConfigured } from '../emails/emails.service.ts';
import {
  type RECURRING_DOCUMENT_STATUSES,
  RECURRING_DOCUMENT_TYPES,
  RECURRING_DOCUMENTS,
  type RecurringDocumentType,
} from './recurring.public.ts';
import {
  createRecurringSchedule,
  deleteRecurringSchedule,
  pauseRecurringSchedule,
  type RecurringScheduleChanges,
  type RecurringScheduleFilter,
  type RecurringScheduleInput,
  recurringScheduleWhere,
  resumeRecurringSchedule,
  scheduleDocumentType,
  updateRecurringSchedule,
} from './recurring.service.ts';
import type { FREQUENCIES, SHORT_MONTH_RULES } from './schedule-rule.ts';

/** A schedule makes invoices or bills as the service: the key that sets it up must be allowed to make them itself. */
function assertMayMake(ctx: GraphQLContext, documentType: RecurringDocumentType | undefined) {
  const scope = documentType && RECURRING_DOCUMENTS[documentType].scope;
  if (scope && !allows(ctx.apiKey.scopes, scope))
    throw insufficientScope(scope, `This API key lacks ${scope}, which a schedule making ${documentType}s needs`);
}
/** A schedule that sends needs a mail server, or its invoices would wait in the queue for ever. */
function assertMayMakeAndSend(ctx: GraphQLContext, input: Partial<Record<RecurringDocumentType, unknown>> & { send?: boolean | null }) {
  assertMayMake(ctx, templateType(input));
  if (input.send && !ctx.settings.mailConfigured) throw mailNotConfigured();
}
const templateType = (input: Partial<Record<RecurringDocumentType, unknown>>) => RECURRING_DOCUMENT_TYPES.find((type) => input[type]);

const Frequency = builder.enumType('RecurringFrequency', {
  description: 'The unit of a schedule: every `interval` days, weeks, months or years.',
  values: {
    DAY: { value: 'DAY', description: 'Every interval days.' },
    WEEK: { value: 'WEEK', description: "Every interval weeks, on the start date's weekday." },
    MONTH: { value: 'MONTH', description: "Every interval months, on the start date's day of the month." },
    YEAR: { value: 'YEAR', description: "Every interval years, on the start date's day and month." },
  } satisfies Record<(typeof FREQUENCIES)[number], unknown>,
});

const ShortMonths = builder.enumType('ShortMonthRule', {
  description: 'What a monthly or yearly schedule does in a month without its day (the 29th to 31st, or 29 February).',
  values: {
    LAST_DAY: { value: 'LAST_DAY', description: 'The last day of that month: from 31 January, 28 February, 31 March, 30 April.' },
    SKIP: { value: 'SKIP', description: 'No occurrence that month.' },
  } satisfies Record<(typeof SHORT_MONTH_RULES)[number], unknown>,
});

const DocumentStatus = builder.enumType('RecurringDocumentStatus', {
  description: 'What each occurrence makes.',
  values: {
    DRAFT: { value: 'DRAFT', description: 'A draft, to be checked and finalized by a person.' },
    POSTED: { value: 'POSTED', description: 'A posted document (and, with send, an invoice emailed to its customer).' },
  } satisfies Record<(typeof RECURRING_DOCUMENT_STATUSES)[number], unknown>,
});

const ScheduleStatus = builder.enumType('RecurringScheduleStatus', {
  description: 'Whether a schedule is making documents.',
  values: {
    ACTIVE: { value: 'ACTIVE', description: 'Making each occurrence when due.' },
    PAUSED: { value: 'PAUSED', description: 'Making nothing until resumed.' },
    FINISHED: { value: 'FINISHED', description: 'Its count made or its end date passed.' },
  },
});

export const RecurringScheduleRef = builder.prismaNode('RecurringSchedule', {
  description:
    'A recurring invoice or bill: a template (the document without its dates) made on a schedule, each occurrence once, with ' +
    'missed occurrences caught up after an outage.',
  ...tenantNode('The schedule id (`rs_…`).'),
  fields: (t) => ({
    name: t.exposeString('name', { nullable: true, description: 'What people call it.' }),
    documentType: t.exposeString('documentType', { description: 'What it makes: invoice or bill.' }),
    partyId: t.exposeID('partyId', { description: 'The customer (invoices) or vendor (bills) each document is made out to.' }),
    template: t.field({
      type: 'JSON',
      description: "The document's input without its dates (customerId or vendorId, lines, memo, reference, paymentTermsDays).",
      resolve: (s) => JSON.parse(s.template),
    }),
    frequency: t.expose('frequency', { type: Frequency, description: 'The unit.' }),
    interval: t.exposeInt('interval', { description: 'Every how many units.' }),
    startDate: t.expose('startDate', { type: 'Date', description: 'The first occurrence.' }),
    shortMonths: t.expose('shortMonths', { type: ShortMonths, nullable: true, description: 'Months without the start day.' }),
    endDate: t.expose('endDate', { type: 'Date', nullable: true, description: 'No occurrence after it.' }),
    count: t.exposeInt('maxOccurrences', { nullable: true, description: 'How many documents it makes in all.' }),
    documentStatus: t.expose('documentStatus', { type: DocumentStatus, description: 'Drafts or posted documents.' }),
    send: t.exposeBoolean('send', { description: 'Posted invoices are emailed to the customer.' }),
    status: t.expose('status', { type: ScheduleStatus, description: 'Whether it is making documents.' }),
    nextDate: t.expose('nextDate', { type: 'Date', nullable: true, description: 'The next occurrence; null once finished.' }),
    occurrences: t.exposeInt('occurrences', { description: 'Documents made so far.' }),
    lastDocumentId: t.exposeID('lastDocumentId', { nullable: true, description: 'The latest document it made.' }),
    failures: t.exposeInt('failures', { description: 'Failed attempts at the next occurrence in a row.' }),
    lastError: t.exposeString('lastError', { nullable: true, description: 'Why the last attempt failed, until one succeeds.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was set up.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
});

const templateFields = (party: 'customerId' | 'vendorId', lineType: typeof InvoiceLineInput | typeof BillLineInput) =>
  builder.inputType(party === 'customerId' ? 'InvoiceTemplateInput' : 'BillTemplateInput', {
    description: `The ${party === 'customerId' ? 'invoice' : 'bill'} each occurrence makes, without its dates.`,
    fields: (t) => ({
      [party]: t.id({ required: true, description: party === 'customerId' ? 'The customer (`cus_…`).' : 'The vendor (`ven_…`).' }),
      paymentTermsDays: t.int({ description: "Days from the issue date to the due date; default the party's, else the organization's." }),
      memo: t.string({ description: 'Note on each document.' }),
      reference: t.string({ description: 'Reference on each document.' }),
      lines: t.field({ type: [lineType], required: true, description: 'At least one line.' }),
    }),
  });
const InvoiceTemplateInput = templateFields('customerId', InvoiceLineInput);
const BillTemplateInput = templateFields('vendorId', BillLineInput);

const CreateRecurringScheduleInput = builder.inputType('CreateRecurringScheduleInput', {
  description: 'A recurring invoice or bill: exactly one template (invoice or bill), and its schedule.',
  fields: (t) => ({
    name: t.string({ description: 'What people call it.' }),
    invoice: t.field({ type: InvoiceTemplateInput, description: 'Makes invoices (needs invoices:write).' }),
    bill: t.field({ type: BillTemplateInput, description: 'Makes bills (needs bills:write).' }),
    frequency: t.field({ type: Frequency, required: true, description: 'The unit.' }),
    interval: t.int({ description: 'Every how many units; default 1.' }),
    startDate: t.field({ type: 'Date', required: true, description: 'The first occurrence; a past date catches up at once.' }),
    shortMonths: t.field({
      type: ShortMonths,
      description: 'Required for monthly schedules from the 29th to the 31st, and yearly ones from 29 February.',
    }),
    endDate: t.field({ type: 'Date', description: 'No occurrence after it.' }),
    count: t.int({ description: 'How many documents in all (1 to 1000).' }),
    documentStatus: t.field({ type: DocumentStatus, description: 'Drafts (default) or posted documents.' }),
    send: t.boolean({ description: 'Email each posted invoice to its customer (needs a mail server configured).' }),
  }),
}) satisfies { $inferInput: RecurringScheduleInput };

const UpdateRecurringScheduleInput = builder.inputType('UpdateRecurringScheduleInput', {
  description: 'Changes to what a schedule makes and when it ends; its rhythm (frequency, interval, start) stays.',
  fields: (t) => ({
    name: t.string({ description: 'What people call it.' }),
    invoice: t.field({ type: InvoiceTemplateInput, description: 'A new template (a schedule making invoices).' }),
    bill: t.field({ type: BillTemplateInput, description: 'A new template (a schedule making bills).' }),
    endDate: t.field({ type: 'Date', description: 'No occurrence after it; null: no end date.' }),
    count: t.int({ description: 'How many in all; null: no count.' }),
    documentStatus: t.field({ type: DocumentStatus, description: 'Drafts or posted documents.' }),
    send: t.boolean({ description: 'Email each posted invoice.' }),
  }),
}) satisfies { $inferInput: RecurringScheduleChanges };

createMutation({
  name: 'createRecurringSchedule',
  model: 'RecurringSchedule',
  input: CreateRecurringScheduleInput,
  description:
    'Sets up a recurring invoice or bill. The template is checked as its document would be; occurrences already due (a past ' +
    'start date) are made by the runner within a minute, each once.',
  prepare: async (input, ctx) => assertMayMakeAndSend(ctx, input),
  run: (scope, input) => createRecurringSchedule(scope, input),
});

updateMutation({
  name: 'updateRecurringSchedule',
  model: 'RecurringSchedule',
  label: 'recurring schedule',
  input: UpdateRecurringScheduleInput,
  description: "Changes a schedule's template, what it makes, or when it ends.",
  prepare: async (input, ctx) => assertMayMakeAndSend(ctx, input),
  run: async (scope, id, input, ctx) => {
    assertMayMake(ctx, await scheduleDocumentType(scope, id));
    return updateRecurringSchedule(scope, id, input);
  },
});

actionMutation({
  name: 'pauseRecurringSchedule',
  model: 'RecurringSchedule',
  label: 'recurring schedule',
  description: 'Pauses a schedule: it makes nothing until resumed.',
  run: (scope, id) => pauseRecurringSchedule(scope, id),
});

actionMutation({
  name: 'resumeRecurringSchedule',
  model: 'RecurringSchedule',
  label: 'recurring schedule',
  description: 'Resumes a paused schedule from its first occurrence on or after today; what fell while paused is not made.',
  run: (scope, id) => resumeRecurringSchedule(scope, id),
});

deleteMutation({
  name: 'deleteRecurringSchedule',
  model: 'RecurringSchedule',
  label: 'recurring schedule',
  description: 'Deletes a schedule; the documents it made stay.',
  run: (scope, id) => deleteRecurringSchedule(scope, id),
});

const RecurringScheduleFilterInput = builder.inputType('RecurringScheduleFilter', {
  description: 'Narrows a list of recurring schedules; all given conditions must hold.',
  fields: (t) => ({
    documentType: t.string({ description: 'invoice or bill.' }),
    status: t.field({ type: ScheduleStatus, description: 'Only schedules in this status.' }),
    customerId: t.id({ description: "Only this customer's." }),
    vendorId: t.id({ description: "Only this vendor's." }),
  }),
});

listFields<RecurringScheduleFilter>({
  plural: 'recurringSchedules',
  model: 'RecurringSchedule',
  nodeRef: RecurringScheduleRef,
  description: 'recurring invoices and bills',
  filterInput: RecurringScheduleFilterInput,
  order: orderInput('RecurringSchedule', { CREATED_AT: { column: 'createdAt', description: 'By when it was set up.' } }, 'CREATED_AT'),
  where: (ctx, filter) =>
    recurringScheduleWhere(ctx.organizationId, {
      ...filter,
      customerId: filter?.customerId ? String(filter.customerId) : null,
      vendorId: filter?.vendorId ? String(filter.vendorId) : null,
    }),
});

for (const type of RECURRING_DOCUMENT_TYPES)
  builder.prismaObjectField(RECURRING_DOCUMENTS[type].typename, 'recurringScheduleId', (t) =>
    t.exposeID('recurringScheduleId', { nullable: true, description: 'The recurring schedule that made it, if any.' }),
  );
