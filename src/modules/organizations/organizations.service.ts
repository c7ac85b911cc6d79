// Organizations are tenants. Creating one also creates its standard chart of accounts, in one transaction.
import { HeavyTaskFailed, runHeavyTask } from '../../core/heavy-work.ts';
import type { Prisma } from '../../db/database.ts';
import type { BadDebtTaxRelief } from '../../db/generated/sqlite/enums.ts';
import { change } from '../../core/representations.ts';
import type { WriteScope } from '../../core/tenant.ts';
import { changedColumns } from '../../lib/columns.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { isCurrencyCode } from '../../lib/money.ts';
import { isFiscalYearEnd } from '../../lib/dates.ts';
import { Checker } from '../../lib/validate.ts';
import { STANDARD_CHART } from '../accounts/standard-chart.ts';
import { ORGANIZATION } from './organizations.public.ts';

export interface NewOrganization {
  name: string;
  baseCurrency?: string;
}

export async function createOrganization(prisma: Prisma, input: NewOrganization) {
  const name = input.name.trim();
  if (!name || name.length > 200)
    throw new AppError('VALIDATION_FAILED', 'organization name must be 1 to 200 characters', [
      { path: 'name', message: 'must be 1 to 200 characters' },
    ]);
  const baseCurrency = (input.baseCurrency ?? 'USD').toUpperCase();
  if (!isCurrencyCode(baseCurrency)) {
    throw new AppError('VALIDATION_FAILED', `unknown currency "${input.baseCurrency}"`, [
      { path: 'baseCurrency', message: 'must be an ISO 4217 code such as USD' },
    ]);
  }
  const id = newId('Organization');
  return prisma.$transaction(async (tx) => {
    const organization = await tx.organization.create({ data: { id, name, baseCurrency } });
    await tx.account.createMany({
      data: STANDARD_CHART.map((account) => ({
        id: newId('Account'),
        organizationId: id,
        code: account.code,
        name: account.name,
        type: account.type,
        subtype: account.subtype,
        system: account.systemRole !== undefined,
        systemRole: account.systemRole ?? null,
      })),
    });
    return organization;
  });
}

export function findOrganizationByName(prisma: Prisma, name: string) {
  return prisma.organization.findUnique({ where: { name: name.trim() } });
}

export async function countOrganizations(prisma: Prisma): Promise<number> {
  return prisma.organization.count();
}

export interface OrganizationSettings {
  name?: string | null;
  lockDate?: string | null;
  defaultPaymentTermsDays?: number | null;
  fiscalYearEnd?: string | null;
  badDebtTaxRelief?: BadDebtTaxRelief | null;
  address?: string | null;
  taxId?: string | null;
  email?: string | null;
  locale?: string | null;
  logo?: string | null;
  paymentDetails?: string | null;
}

/** Largest logo kept (decoded): a letterhead's, not a photograph's. */
export const MAX_LOGO_BYTES = 256 * 1024;

/** A logo's bytes as given (base64, or a data: URL of one); empty when it is neither. */
function logoBytes(value: string): Buffer {
  const base64 = value.trim().replace(/^data:image\/(png|jpeg);base64,/, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(base64) ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
}

/** A logo as given, checked to be a PNG or JPEG that can be drawn (`fault`: what drawing it met); stored as base64. */
function checkLogo(check: Checker, value: string | null | undefined, fault: string | null): string | null | undefined {
  if (value === undefined || value === null) return value;
  const bytes = logoBytes(value);
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
  if (!png && !jpeg) check.fail('logo', 'must be a PNG or JPEG image, as base64 or a data: URL');
  else if (bytes.length > MAX_LOGO_BYTES) check.fail('logo', `must be at most ${MAX_LOGO_BYTES / 1024} KB`);
  else if (fault) check.fail('logo', `cannot be drawn: the image is damaged or incomplete (${fault})`);
  return bytes.toString('base64');
}

/**
 * Draws a logo to the end of its decoding in the heavy-work pool, before the settings are written: null
 * when it draws (or is not an image of a size worth drawing; checkLogo says why), else what stopped it.
 */
export async function logoFault(organizationId: string, value: string | null | undefined): Promise<string | null> {
  if (typeof value !== 'string') return null;
  const bytes = logoBytes(value);
  if (bytes.length === 0 || bytes.length > MAX_LOGO_BYTES) return null;
  try {
    await runHeavyTask('drawLogo', { base64: bytes.toString('base64') }, { organizationId });
    return null;
  } catch (error) {
    if (error instanceof HeavyTaskFailed)
      return error.reason === 'crashed' ? error.message.replace(/^drawLogo crashed: /, '') : error.reason;
    throw error;
  }
}

/** A BCP 47 locale Node's ICU formats numbers and dates in (`de-DE`, `en-GB`, `fr-CH`). */
function checkLocale(check: Checker, value: string | null | undefined): string | null | undefined {
  const locale = check.text('locale', value, { max: 35 });
  if (!locale) return locale;
  try {
    if (Intl.NumberFormat.supportedLocalesOf([locale]).length === 1) return Intl.getCanonicalLocales(locale)[0];
  } catch {
    // not a well-formed tag: refused below
  }
  check.fail('locale', `"${locale}" is not a locale this server formats (a BCP 47 tag such as en-US or de-DE)`);
  return undefined;
}

/**
 * A new fiscal year end moves income and expenses between retained and current earnings in every report
 * after them, so it would rewrite the locked periods' balance sheets: refused while the books are locked
 * over any income or expense (as a locked period's entries are), until the lock date is moved back.
 */
async function assertYearEndLeavesLockedReports(scope: WriteScope, lockDate: string | null, fiscalYearEnd: string) {
  if (!lockDate) return;
  const earning = await scope.prisma.journalLine.findFirst({
    where: { organizationId: scope.organizationId, date: { lte: lockDate }, account: { type: { in: ['INCOME', 'EXPENSE'] } } },
    select: { id: true },
  });
  if (!earning) return;
  throw new AppError(
    'PERIOD_LOCKED',
    `The fiscal year end cannot change from ${fiscalYearEnd} while the books are locked up to ${lockDate}: it would change the ` +
      `retained and current earnings of reports on or before that date. Move the lock date back (or remove it) first.`,
    [{ path: 'fiscalYearEnd', message: `would change reports on or before the lock date ${lockDate}` }],
    { lockDate },
  );
}

/** Changes settings. `lockDate: null` unlocks; moving the lock date never touches posted entries. */
export async function updateOrganization(scope: WriteScope, input: OrganizationSettings, logoProblem: string | null = null) {
  const check = new Checker();
  const name = check.text('name', input.name, { max: 200, required: input.name !== undefined });
  const lockDate = check.date('lockDate', input.lockDate);
  const terms = check.integer('defaultPaymentTermsDays', input.defaultPaymentTermsDays, 0, 365);
  if (input.defaultPaymentTermsDays === null) check.fail('defaultPaymentTermsDays', 'must not be null');
  const fiscalYearEnd = typeof input.fiscalYearEnd === 'string' ? input.fiscalYearEnd.trim() : undefined;
  if (input.fiscalYearEnd === null) check.fail('fiscalYearEnd', 'must not be null');
  else if (fiscalYearEnd !== undefined && !isFiscalYearEnd(fiscalYearEnd))
    check.fail('fiscalYearEnd', 'must be the last day of the fiscal year as MM-DD, e.g. 12-31 or 06-30 (not 02-29)');
  if (input.badDebtTaxRelief === null) check.fail('badDebtTaxRelief', 'must not be null');
  const address = check.text('address', input.address, { max: 500 });
  const taxId = check.text('taxId', input.taxId, { max: 50 });
  const paymentDetails = check.text('paymentDetails', input.paymentDetails, { max: 500 });
  const email = check.email('email', input.email);
  const locale = checkLocale(check, input.locale);
  const logo = checkLogo(check, input.logo, logoProblem);
  check.done();
  const before = await scope.prisma.organization.findUniqueOrThrow({ where: { id: scope.organizationId } });
  const changed = changedColumns(before, {
    ...(name ? { name } : {}),
    ...(input.lockDate !== undefined ? { lockDate: lockDate ?? null } : {}),
    ...(typeof terms === 'number' ? { defaultPaymentTermsDays: terms } : {}),
    ...(fiscalYearEnd ? { fiscalYearEnd } : {}),
    ...(input.badDebtTaxRelief ? { badDebtTaxRelief: input.badDebtTaxRelief } : {}),
    // Given as null (or empty), a document setting is cleared.
    ...(input.address !== undefined ? { address: address ?? null } : {}),
    ...(input.taxId !== undefined ? { taxId: taxId ?? null } : {}),
    ...(input.paymentDetails !== undefined ? { paymentDetails: paymentDetails ?? null } : {}),
    ...(input.email !== undefined ? { email: email ?? null } : {}),
    ...(input.locale !== undefined ? { locale: locale ?? null } : {}),
    ...(input.logo !== undefined ? { logo: logo ?? null } : {}),
  });
  if (Object.keys(changed).length === 0) return change(ORGANIZATION, before);
  if (changed.fiscalYearEnd)
    await assertYearEndLeavesLockedReports(
      scope,
      'lockDate' in changed ? (changed.lockDate as string | null) : before.lockDate,
      before.fiscalYearEnd,
    );
  if (changed.name && (await scope.prisma.organization.findUnique({ where: { name: changed.name }, select: { id: true } }))) {
    throw validationError([{ path: 'name', message: `an organization named "${changed.name}" already exists` }]);
  }
  const organization = await scope.prisma.organization.update({
    where: { id: scope.organizationId },
    data: { ...changed, updatedAt: scope.now },
  });
  return change(ORGANIZATION, organization, [
    { type: 'organization.updated', resource: { type: ORGANIZATION, id: organization.id, row: organization }, before },
  ]);
}
