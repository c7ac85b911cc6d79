// GET and POST /api/v1/journal-entries (contract); GET /{id} and POST /{id}/reverse (beyond it).
// POST takes the contract's shape { date, description, lines: [{ accountId, debit, credit }] }, debit
// and credit as JSON numbers with zero on the side a line does not post to.
import type { RestRoute } from '../../http/rest.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { journalEntryRepresentation } from './journal.public.ts';

export const journalRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/journal-entries',
    typename: 'JournalEntry',
    label: 'journal entry',
    plural: 'journalEntries',
    representation: journalEntryRepresentation,
    filters: ['from', 'to', 'accountId', 'sourceType', 'search'],
    list: 'List journal entries',
    retrieve: 'Retrieve a journal entry',
    create: { summary: 'Create (post) a journal entry' },
  }),
  actionRoute({
    path: '/api/v1/journal-entries/:id/reverse',
    mutation: 'reverseJournalEntry',
    summary: 'Reverse a journal entry by posting its mirror',
    inputType: 'ReverseJournalEntryInput',
    status: 201,
    schema: journalEntryRepresentation.schema,
    location: (id) => `/api/v1/journal-entries/${id}`,
  }),
];
