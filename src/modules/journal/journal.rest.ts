// GET and POST /api/v1/journal-entries (contract); GET /{id} and POST /{id}/reverse (beyond it).
// POST takes the contract's shape { date, description, lines: [{ accountId, debit, credit }] }, debit
// and credit as JSON numbers with zero on the side a line does not post to.
import type { RestRoute } from '../../http/rest.ts';
import { S } from '../../http/json-schema.ts';
import { actionRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { journalEntryRepresentation } from './journal.public.ts';
import { SOURCE_TYPES } from './journal.service.ts';

const ENTRY_SCHEMA = S.object(
  {
    id: S.id('je'),
    number: S.integer,
    date: S.date,
    description: S.string,
    reference: S.nullable(S.string),
    status: { type: 'string', enum: ['posted', 'reversed'] },
    sourceType: { type: 'string', enum: [...SOURCE_TYPES] },
    sourceId: S.nullable(S.string),
    totalAmount: S.number,
    currency: S.string,
    reversalOfId: S.nullable(S.id('je')),
    reversedById: S.nullable(S.id('je')),
    lines: S.array(
      S.object({
        id: S.id('jl'),
        lineNo: S.integer,
        accountId: S.id('acct'),
        debit: S.number,
        credit: S.number,
        description: S.nullable(S.string),
        customerId: S.nullable(S.id('cus')),
        vendorId: S.nullable(S.id('ven')),
      }),
    ),
    createdAt: S.dateTime,
  },
  'A posted journal entry; total debit equals total credit.',
);

export const journalRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/journal-entries',
    typename: 'JournalEntry',
    label: 'journal entry',
    plural: 'journalEntries',
    representation: journalEntryRepresentation,
    schema: ENTRY_SCHEMA,
    filterType: 'JournalEntryFilter',
    filters: ['from', 'to', 'accountId', 'sourceType', 'search'],
    list: { operationId: 'listJournalEntries', summary: 'List journal entries' },
    retrieve: { operationId: 'getJournalEntry', summary: 'Retrieve a journal entry' },
    create: { operationId: 'createJournalEntry', summary: 'Create (post) a journal entry', mutation: 'createJournalEntry', inputType: 'CreateJournalEntryInput' },
  }),
  actionRoute({
    path: '/api/v1/journal-entries/:id/reverse',
    mutation: 'reverseJournalEntry',
    summary: 'Reverse a journal entry by posting its mirror',
    inputType: 'ReverseJournalEntryInput',
    status: 201,
    schema: ENTRY_SCHEMA,
    location: (id) => `/api/v1/journal-entries/${id}`,
  }),
];

