// The organization as the public sees it: `data.object` of organization.updated events (the same
// fields GraphQL's viewer.organization has).
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';

export const ORGANIZATION = 'organization';

export const organizationRepresentation: Representation<PrismaTypes.OrganizationGetPayload<object>> = {
  type: ORGANIZATION,
  load: (db, organizationId, ids) => db.organization.findMany({ where: { id: { in: ids.filter((id) => id === organizationId) } } }),
  render: (o) => ({
    id: o.id,
    name: o.name,
    baseCurrency: o.baseCurrency,
    lockDate: o.lockDate,
    defaultPaymentTermsDays: o.defaultPaymentTermsDays,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  }),
};
