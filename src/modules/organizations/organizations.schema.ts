import type { AuthenticatedKey } from '../../core/api-keys.ts';
import { BadDebtTaxRelief } from '../../db/generated/sqlite/enums.ts';
import { builder, describedEnum } from '../../graphql/builder.ts';
import { requires } from '../../graphql/scopes.ts';
import { IDEMPOTENCY_KEY_DESCRIPTION, keepReceipt, MUTATION_FIELD_NULLABLE } from '../../graphql/mutations.ts';
import { logoFault, type OrganizationSettings, updateOrganization } from './organizations.service.ts';

const BadDebtTaxReliefEnum = describedEnum('BadDebtTaxRelief', BadDebtTaxRelief, 'How the tax charged on a bad debt is reclaimed.', {
  NONE: 'A write-off leaves the tax as charged: Dr the bad-debt account with the whole amount.',
  ON_WRITE_OFF:
    'A write-off takes back the tax in what it writes off (VAT or GST bad-debt relief): Dr each tax account its share, the rest Dr ' +
    "the bad-debt account; the tax summary takes it off the tax collected in the write-off's period.",
});

const OrganizationRef = builder.prismaObject('Organization', {
  description: 'Your organization: the books this API key reads and writes.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The organization id (`org_…`).' }),
    name: t.exposeString('name', { description: 'The organization name.' }),
    baseCurrency: t.exposeString('baseCurrency', { description: 'ISO 4217 code of the currency every amount is in.' }),
    lockDate: t.expose('lockDate', { type: 'Date', nullable: true, description: 'Nothing may be posted on or before this date.' }),
    defaultPaymentTermsDays: t.exposeInt('defaultPaymentTermsDays', {
      description: 'Payment terms for invoices when the customer has none.',
    }),
    fiscalYearEnd: t.exposeString('fiscalYearEnd', {
      description:
        "The last day of the fiscal year, MM-DD (default 12-31). The balance sheet and trial balance close each fiscal year's result " +
        'into retained earnings.',
    }),
    badDebtTaxRelief: t.field({
      type: BadDebtTaxReliefEnum,
      description: 'How a write-off treats the tax charged on what it writes off (default NONE).',
      select: { badDebtTaxRelief: true },
      resolve: (o) => o.badDebtTaxRelief,
    }),
    address: t.exposeString('address', { nullable: true, description: 'Its postal address, as lines, on the documents it sends.' }),
    taxId: t.exposeString('taxId', { nullable: true, description: 'Its tax id (VAT, GST, EIN number) on its documents.' }),
    paymentDetails: t.exposeString('paymentDetails', {
      nullable: true,
      description: "How to pay it (bank details, as lines), on its invoices' PDFs, pages and emails with the invoice's number to quote.",
    }),
    email: t.exposeString('email', { nullable: true, description: 'Its email address on its documents.' }),
    locale: t.string({
      description: 'The BCP 47 locale its documents write numbers and dates in (default en-US).',
      select: { locale: true },
      resolve: (o) => o.locale ?? 'en-US',
    }),
    hasLogo: t.boolean({ description: 'Whether it has a logo for its documents.', select: { logo: true }, resolve: (o) => !!o.logo }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the organization was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When its settings last changed.' }),
  }),
});

const RateLimitRef = builder.objectRef<{ limit: number; remaining: number; resetSeconds: number }>('RateLimit').implement({
  description:
    'The request quota of the API key in use, as it stands after counting this request (the same figures as the X-RateLimit-* and ' +
    'RateLimit headers).',
  fields: (t) => ({
    limit: t.exposeInt('limit', { description: 'Requests allowed per window (a minute), all endpoints and transports.' }),
    remaining: t.exposeInt('remaining', { description: 'Requests left in the current window.' }),
    resetAt: t.field({
      type: 'DateTime',
      description: 'When the window ends and the quota is whole again.',
      resolve: (r) => new Date(Date.now() + r.resetSeconds * 1000),
    }),
  }),
});

const CurrentKeyRef = builder.objectRef<AuthenticatedKey>('CurrentApiKey').implement({
  description: 'The API key making this request: any key may read what it is and what it may do.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The key id (`key_…`).' }),
    prefix: t.exposeString('prefix', { description: 'The 12 characters after `ak_`.' }),
    name: t.exposeString('name', { description: 'What the key is for.' }),
    scopes: t.stringList({ description: "What it may do (see the README's table of scopes).", resolve: (k) => [...k.scopes] }),
  }),
});

const ViewerRef = builder.objectRef<{ organizationId: string }>('Viewer').implement({
  description: 'Who is asking: the organization and the API key in use.',
  fields: (t) => ({
    apiKey: t.field({
      type: CurrentKeyRef,
      description: 'The API key in use, with its scopes.',
      resolve: (_viewer, _args, ctx) => ctx.apiKey,
    }),
    rateLimit: t.field({
      type: RateLimitRef,
      description: 'The quota of the API key in use.',
      resolve: (_viewer, _args, ctx) => ctx.rateLimit,
    }),
    organization: t.prismaField({
      type: OrganizationRef,
      description: 'The organization of the API key.',
      resolve: (query, viewer, _args, ctx) => ctx.prisma.organization.findUniqueOrThrow({ ...query, where: { id: viewer.organizationId } }),
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: ViewerRef,
    extensions: requires(null),
    description: 'The caller: its organization.',
    resolve: (_parent, _args, ctx) => ({ organizationId: ctx.organizationId }),
  }),
);

const UpdateOrganizationInput = builder.inputType('UpdateOrganizationInput', {
  description: 'Organization settings to change; only the fields given change.',
  fields: (t) => ({
    name: t.string({ description: 'The organization name.' }),
    lockDate: t.field({ type: 'Date', description: 'Lock the books up to and including this date; null unlocks.' }),
    defaultPaymentTermsDays: t.int({ description: 'Default payment terms in days (0–365).' }),
    fiscalYearEnd: t.string({
      description:
        'The last day of the fiscal year, MM-DD, e.g. 12-31 or 06-30 (not 02-29). Reports follow it at once, for past dates too: no ' +
        'entry is posted.',
    }),
    badDebtTaxRelief: t.field({
      type: BadDebtTaxReliefEnum,
      description: 'How write-offs from now on treat the tax in what they write off; write-offs made before keep theirs.',
    }),
    address: t.string({
      description: 'Its postal address on its documents, lines separated by newlines (at most 500 characters); null clears.',
    }),
    taxId: t.string({ description: 'Its tax id on its documents; null clears.' }),
    paymentDetails: t.string({
      description:
        'How to pay it: bank details (IBAN and BIC, or account and routing number), lines separated by newlines (at most 500 ' +
        "characters), on its invoices with the invoice's number as the reference; null clears.",
    }),
    email: t.string({ description: 'Its email address on its documents; null clears.' }),
    locale: t.string({ description: 'The BCP 47 locale its documents write numbers and dates in (e.g. de-DE); null: en-US.' }),
    logo: t.string({ description: 'Its logo, a PNG or JPEG of at most 256 KB, as base64 or a data: URL; null removes it.' }),
  }),
});

builder.mutationField('updateOrganization', (t) =>
  t.prismaField({
    type: OrganizationRef,
    nullable: MUTATION_FIELD_NULLABLE,
    // Settings such as the lock date guard the whole books: only a key with every scope changes them.
    extensions: requires('*'),
    description: "Changes your organization's settings, e.g. the period lock date.",
    args: {
      input: t.arg({ type: UpdateOrganizationInput, required: true }),
      idempotencyKey: t.arg.string({ description: IDEMPOTENCY_KEY_DESCRIPTION }),
    },
    resolve: async (query, root, { input, idempotencyKey }, ctx) => {
      // Drawn off the request thread before the write, so a bad logo is refused with the other fields.
      const logoProblem = await logoFault(ctx.organizationId, input.logo);
      keepReceipt(
        root,
        await ctx.write({ operation: 'updateOrganization', idempotencyKey, input }, (scope) =>
          updateOrganization(scope, input as OrganizationSettings, logoProblem),
        ),
      );
      return ctx.prisma.organization.findUniqueOrThrow({ ...query, where: { id: ctx.organizationId } });
    },
  }),
);
