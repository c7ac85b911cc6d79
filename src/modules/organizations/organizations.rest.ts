// The organization over REST: read it (any key, as GraphQL's viewer.organization) and change its
// settings (a key with every scope, as updateOrganization), the lock date and fiscal year end among them.
import { renderAll } from '../../core/representations.ts';
import { type RestRoute, upperCaseFields } from '../../http/rest.ts';
import { idempotencyKeyOf, writeResult } from '../../http/rest-resource.ts';
import { organizationRepresentation } from './organizations.public.ts';

export const organizationRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/organization',
    operationId: 'getOrganization',
    summary: 'Retrieve your organization: its name, currency, lock date, default payment terms and fiscal year end',
    responses: { 200: organizationRepresentation.schema },
    document: 'query getOrganization { viewer { organization { id } } }',
    toVariables: () => ({}),
    toResult: async (data, _req, context) => {
      const { id } = (data.viewer as { organization: { id: string } }).organization;
      const [object] = await renderAll(context.prisma, context.organization, organizationRepresentation, [id]);
      return { status: 200, body: object };
    },
  },
  {
    method: 'PATCH',
    path: '/api/v1/organization',
    operationId: 'updateOrganization',
    summary:
      "Change your organization's settings (lock the books up to a date, payment terms, fiscal year end, bad-debt tax rule, " +
      'name); needs a key with every scope',
    bodyType: 'UpdateOrganizationInput',
    responses: { 200: organizationRepresentation.schema },
    document:
      'mutation updateOrganization($input: UpdateOrganizationInput!, $idempotencyKey: String) { updateOrganization(input: $input, ' +
      'idempotencyKey: $idempotencyKey) { id } }',
    bodyToInput: (body) => upperCaseFields(body, ['badDebtTaxRelief']),
    toVariables: (req) => ({ input: req.body, idempotencyKey: idempotencyKeyOf(req) }),
    toResult: (_data, _req, _context, write) => writeResult(200, write),
  },
];
