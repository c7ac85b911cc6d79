// Named CSV layouts: a bank's export format saved once under a name (an import that gives a layout and a
// name saves it) and used by any of the organization's bank accounts with `csv: { name }`, as Xero keeps
// its saved statement mappings. The account's own last layout is remembered too (bank-accounts.service.ts).
import type { Tenant, WriteScope } from '../../core/tenant.ts';
import { newId } from '../../lib/ids.ts';
import type { CsvLayout } from './statement-files.ts';

export interface NamedCsvLayout {
  name: string;
  layout: CsvLayout;
  updatedAt: Date;
}

/** The organization's saved layouts, by name. */
export async function csvLayouts(tenant: Tenant): Promise<NamedCsvLayout[]> {
  const rows = await tenant.prisma.bankCsvLayout.findMany({ where: { organizationId: tenant.organizationId }, orderBy: { name: 'asc' } });
  return rows.map((r) => ({ name: r.name, layout: JSON.parse(r.layout) as CsvLayout, updatedAt: r.updatedAt }));
}

/** The layout saved as `name`, if there is one. */
export async function namedCsvLayout(tenant: Tenant, name: string): Promise<CsvLayout | undefined> {
  const row = await tenant.prisma.bankCsvLayout.findUnique({
    where: { organizationId_name: { organizationId: tenant.organizationId, name } },
  });
  return row ? (JSON.parse(row.layout) as CsvLayout) : undefined;
}

/** Saves `layout` as `name`, replacing a layout of that name. */
export async function saveCsvLayout(scope: WriteScope, name: string, layout: CsvLayout): Promise<void> {
  const where = { organizationId_name: { organizationId: scope.organizationId, name } };
  const json = JSON.stringify({ ...layout, name });
  await scope.prisma.bankCsvLayout.upsert({
    where,
    create: {
      id: newId('BankCsvLayout'),
      organizationId: scope.organizationId,
      name,
      layout: json,
      createdAt: scope.now,
      updatedAt: scope.now,
    },
    update: { layout: json, updatedAt: scope.now },
  });
}
