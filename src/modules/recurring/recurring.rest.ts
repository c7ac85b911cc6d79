// /api/v1/recurring-schedules (beyond the contract, in its conventions): recurring invoices and bills —
// list, retrieve, create, update, delete, and POST /{id}/pause and /{id}/resume.
import { upperCaseFields } from '../../http/rest.ts';
import { replaceProperty, type Schema } from '../../lib/json-schema.ts';
import { quantitiesAsText } from '../documents/rest.ts';
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { RECURRING_DOCUMENT_TYPES, recurringScheduleRepresentation } from './recurring.public.ts';

const ENUMS = ['frequency', 'shortMonths', 'documentStatus'];

/** REST takes the template's quantities as JSON numbers too, and the enums in lower case. */
function bodyToInput(body: Record<string, unknown>) {
  const out = upperCaseFields(body, ENUMS);
  for (const field of RECURRING_DOCUMENT_TYPES) {
    const template = out[field];
    if (template && typeof template === 'object' && !Array.isArray(template))
      out[field] = quantitiesAsText(template as Record<string, unknown>);
  }
  return out;
}
const documentBody = (schema: Schema) =>
  RECURRING_DOCUMENT_TYPES.reduce(
    (s, field) => replaceProperty(s, [field, 'lines', '[]', 'quantity'], (q) => ({ ...q, type: ['number', 'string'] })),
    schema,
  );

export const recurringRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/recurring-schedules',
    typename: 'RecurringSchedule',
    label: 'recurring schedule',
    plural: 'recurringSchedules',
    representation: recurringScheduleRepresentation,
    filters: ['documentType', 'status', 'customerId', 'vendorId'],
    list: 'List recurring invoices and bills',
    retrieve: 'Retrieve a recurring schedule',
    create: {
      summary: 'Set up a recurring invoice or bill (occurrences already due are made within a minute)',
      bodyToInput,
      documentBody,
    },
    update: {
      summary: "Change a recurring schedule's template, what it makes, or when it ends",
      bodyToInput,
      documentBody,
    },
    delete: { summary: 'Delete a recurring schedule (the documents it made stay)' },
  }),
  actionRoute({
    path: '/api/v1/recurring-schedules/:id/pause',
    mutation: 'pauseRecurringSchedule',
    summary: 'Pause a recurring schedule',
    status: 200,
    schema: recurringScheduleRepresentation.schema,
  }),
  actionRoute({
    path: '/api/v1/recurring-schedules/:id/resume',
    mutation: 'resumeRecurringSchedule',
    summary: 'Resume a paused schedule from its first occurrence on or after today',
    status: 200,
    schema: recurringScheduleRepresentation.schema,
  }),
];
