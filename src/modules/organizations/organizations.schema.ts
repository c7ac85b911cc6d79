import { builder } from '../../graphql/builder.ts';

const OrganizationRef = builder.prismaObject('Organization', {
  description: 'Your organization: the books this API key reads and writes.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The organization id (`org_…`).' }),
    name: t.exposeString('name', { description: 'The organization name.' }),
    baseCurrency: t.exposeString('baseCurrency', { description: 'ISO 4217 code of the currency every amount is in.' }),
    lockDate: t.expose('lockDate', { type: 'Date', nullable: true, description: 'Nothing may be posted on or before this date.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the organization was created.' }),
  }),
});

const ViewerRef = builder.objectRef<{ organizationId: string }>('Viewer').implement({
  description: 'Who is asking: the organization of the API key in use.',
  fields: (t) => ({
    organization: t.prismaField({
      type: OrganizationRef,
      description: 'The organization of the API key.',
      resolve: (query, viewer, _args, ctx) => ctx.prisma.organization.findUniqueOrThrow({ ...query, where: { id: viewer.organizationId } }),
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({ type: ViewerRef, description: 'The caller: its organization.', resolve: (_parent, _args, ctx) => ({ organizationId: ctx.organizationId }) }),
);
