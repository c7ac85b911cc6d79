// The recurring module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'recurring',
  representations: { recurring_schedule: 'recurring' },
  ids: { RecurringSchedule: 'rs' },
  lists: ['RecurringSchedule'],
  resources: {
    recurring: 'Recurring invoices and bills: their templates and schedules (making one also needs invoices:write or bills:write)',
  },
  types: { RecurringSchedule: 'recurring' },
  nodes: ['RecurringSchedule'],
  events: {
    'recurring_schedule.created': 'A recurring invoice or bill was set up; its first occurrence is nextDate.',
    'recurring_schedule.updated': "A schedule's template or ending was changed; previousAttributes holds what changed.",
    'recurring_schedule.deleted': 'A schedule was deleted; the documents it made stay. The object is the schedule as it was.',
    'recurring_schedule.paused': 'A schedule was paused: it makes nothing until resumed.',
    'recurring_schedule.resumed': 'A paused schedule was resumed; occurrences that fell while it was paused are not made.',
    'recurring_schedule.ran':
      "A schedule made its document for an occurrence (with the document's own invoice.created or bill.created); " +
      'lastDocumentId names it, nextDate is the next occurrence.',
    'recurring_schedule.failed':
      'An occurrence could not be made (lastError says why: a customer made inactive, a locked period); it is tried again ' +
      'later, and made once it succeeds.',
    'recurring_schedule.finished': 'A schedule made its last occurrence (its count, or its end date, reached).',
  },
});
