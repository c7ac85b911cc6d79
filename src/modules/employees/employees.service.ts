// Employees, as HR systems sync them: identity, job, employment dates and pay.
import type { PrismaTypes } from '../../db/database.ts';
import type { EmployeeStatus, EmploymentType, PayType } from '../../db/generated/sqlite/enums.ts';
import { recordEvent, snapshot } from '../../events/outbox.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { Checker } from '../../lib/validate.ts';
import { type SearchProvider, textMatch } from '../../lib/search.ts';
import { decimalsOf, type Tenant } from '../tenant.ts';

export interface EmployeeFilter {
  search?: string | null;
  status?: EmployeeStatus | null;
  department?: string | null;
  employmentType?: EmploymentType | null;
}

export interface EmployeeInput {
  employeeNumber?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  jobTitle?: string | null;
  department?: string | null;
  employmentType?: EmploymentType | null;
  status?: EmployeeStatus | null;
  startDate?: string | null;
  endDate?: string | null;
  payType?: PayType | null;
  payRate?: string | null;
}

export const EMPLOYEE_MONEY = ['payRate'] as const;

export function employeeWhere(organizationId: string, filter: EmployeeFilter = {}, provider: SearchProvider): PrismaTypes.EmployeeWhereInput {
  const where: PrismaTypes.EmployeeWhereInput = { organizationId };
  if (filter.status) where.status = filter.status;
  if (filter.employmentType) where.employmentType = filter.employmentType;
  if (filter.department?.trim()) where.department = filter.department.trim();
  if (filter.search?.trim()) {
    const text = filter.search.trim();
    where.OR = [{ firstName: textMatch(provider, 'contains', text) }, { lastName: textMatch(provider, 'contains', text) }, { email: textMatch(provider, 'contains', text) }, { employeeNumber: textMatch(provider, 'startsWith', text) }];
  }
  return where;
}

async function employeeColumns(tenant: Tenant, input: EmployeeInput, existing?: { id: string; startDate: string | null; endDate: string | null; payType: PayType | null; payRate: bigint | null }) {
  const creating = !existing;
  const check = new Checker();
  const columns: Record<string, unknown> = {
    employeeNumber: check.text('employeeNumber', input.employeeNumber, { max: 40 }),
    firstName: check.text('firstName', input.firstName, { required: creating || input.firstName !== undefined, max: 100 }),
    lastName: check.text('lastName', input.lastName, { required: creating || input.lastName !== undefined, max: 100 }),
    email: check.email('email', input.email),
    phone: check.text('phone', input.phone, { max: 40, pattern: /^[0-9+().\-\s]+$/, patternHint: 'may contain only digits, spaces and + ( ) . -' }),
    jobTitle: check.text('jobTitle', input.jobTitle, { max: 200 }),
    department: check.text('department', input.department, { max: 200 }),
    startDate: check.date('startDate', input.startDate),
    endDate: check.date('endDate', input.endDate),
    payRate: check.money('payRate', input.payRate, decimalsOf(tenant)),
  };
  for (const field of ['employmentType', 'status', 'payType'] as const) {
    if (input[field] === null && field !== 'payType') check.fail(field, 'must not be null');
    else if (input[field] !== undefined) columns[field] = input[field];
  }
  const startDate = (columns.startDate as string | null | undefined) === undefined ? existing?.startDate : (columns.startDate as string | null);
  const endDate = (columns.endDate as string | null | undefined) === undefined ? existing?.endDate : (columns.endDate as string | null);
  if (startDate && endDate && endDate < startDate) check.fail('endDate', `must not be before startDate (${startDate})`);
  const payType = input.payType === undefined ? existing?.payType : input.payType;
  const payRate = input.payRate === undefined ? existing?.payRate : columns.payRate;
  if (payType && (payRate === null || payRate === undefined)) check.fail('payRate', 'is required when payType is set');
  if (!payType && payRate !== null && payRate !== undefined) check.fail('payType', 'is required when payRate is set (SALARY or HOURLY)');
  if (input.status === 'TERMINATED' && !endDate) check.fail('endDate', 'is required when status is TERMINATED');
  if (typeof columns.employeeNumber === 'string') {
    const clash = await tenant.prisma.employee.findFirst({
      where: { organizationId: tenant.organizationId, employeeNumber: columns.employeeNumber, NOT: existing ? { id: existing.id } : undefined },
      select: { id: true },
    });
    if (clash) check.fail('employeeNumber', `employee number "${columns.employeeNumber}" is already used by ${clash.id}`);
  }
  check.done();
  for (const key of Object.keys(columns)) if (columns[key] === undefined) delete columns[key];
  return columns;
}

export async function createEmployee(tenant: Tenant, input: EmployeeInput) {
  const columns = await employeeColumns(tenant, input);
  return tenant.prisma.$transaction(async (tx) => {
    const employee = await tx.employee.create({ data: { id: newId('Employee'), organizationId: tenant.organizationId, ...(columns as { firstName: string; lastName: string }) } });
    await recordEvent(tx, tenant.organizationId, 'employee.created', 'employee', employee.id, snapshot(employee, EMPLOYEE_MONEY, decimalsOf(tenant)));
    return employee;
  });
}

export async function updateEmployee(tenant: Tenant, id: string, input: EmployeeInput) {
  const existing = await tenant.prisma.employee.findFirst({ where: { id, organizationId: tenant.organizationId } });
  if (!existing) throw notFound('employee', id);
  const columns = await employeeColumns(tenant, input, existing);
  return tenant.prisma.$transaction(async (tx) => {
    const employee = await tx.employee.update({ where: { id }, data: columns });
    await recordEvent(tx, tenant.organizationId, 'employee.updated', 'employee', employee.id, snapshot(employee, EMPLOYEE_MONEY, decimalsOf(tenant)));
    return employee;
  });
}
