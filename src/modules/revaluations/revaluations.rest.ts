// GET /api/v1/reports/revaluation and POST /api/v1/journal-entries/revaluation (beyond the contract).
import type { RestRoute } from '../../http/rest.ts';
import { idempotencyKeyOf, writeResult } from '../../http/rest-resource.ts';
import { journalEntryRepresentation } from '../journal/journal.public.ts';

export const revaluationRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/reports/revaluation',
    operationId: 'getRevaluation',
    summary:
      "Unrealized exchange gains and losses as at a date (today when asOf is left out): each foreign balance at that day's rate " +
      'against what it is booked at',
    variables: ['asOf'],
    result: 'revaluation',
    document: `query getRevaluation($asOf: Date) { revaluation(asOf: $asOf) { asOf rows { account { id code name } customer { id name }
      vendor { id name } currency foreignBalance bookedHome rate revaluedHome unrealizedGain } totalUnrealizedGain } }`,
  },
  {
    method: 'POST',
    path: '/api/v1/journal-entries/revaluation',
    operationId: 'postRevaluation',
    summary: "Post the revaluation of foreign balances at a date (and its reversal the next day); answers the revaluation's entry",
    bodyType: 'PostRevaluationInput',
    bodyRequired: true,
    responses: { 201: journalEntryRepresentation.schema },
    document:
      'mutation postRevaluation($input: PostRevaluationInput!, $idempotencyKey: String) { postRevaluation(input: $input, ' +
      'idempotencyKey: $idempotencyKey) { id } }',
    toVariables: (req) => ({ input: req.body, idempotencyKey: idempotencyKeyOf(req) }),
    toResult: (_data, _req, _context, write) => writeResult(201, write, write ? { location: `/api/v1/journal-entries/${write.id}` } : {}),
  },
];
