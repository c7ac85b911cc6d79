// Employees, as HR systems sync them: identity, job, employment dates and pay.
import type { PrismaTypes } from '../../db/database.ts';
import type { EmployeeStatus, EmploymentType, PayType } from '../../db/generated/sqlite/enums.ts';
import { change } from '../../core/representations.ts';
import { decimalsOf, type Tenant, type WriteScope } from '../../core/tenant.ts';
import { changedColumns } from '../../lib/columns.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { Checker } from '../../lib/validate.ts';
import { equalsGiven } from '../../lib/filters.ts';
import { type SearchProvider, textMatch } from '../../lib/search.ts';
import { EMPLOYEE } from './employees.public.ts';

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

export function employeeWhere(
  organizationId: string,
  filter: EmployeeFilter = {},
  provider: SearchProvider,
): PrismaTypes.EmployeeWhereInput {
  const where: PrismaTypes.EmployeeWhereInput = { organizationId, ...equalsGiven(filter, ['status', 'employmentType']) };
  if (filter.department?.trim()) where.department = filter.department.trim();
  if (filter.search?.trim()) {
    const text = filter.search.trim();
    where.OR = [
      { firstName: textMatch(provider, 'contains', text) },
      { lastName: textMatch(provider, 'contains', text) },
      { email: textMatch(provider, 'contains', text) },
      { employeeNumber: textMatch(provider, 'startsWith', text) },
    ];
  }
  return where;
}

async function employeeColumns(
  tenant: Tenant,
  input: EmployeeInput,
  existing?: { id: string; startDate: string | null; endDate: string | null; payType: PayType | null; payRate: bigint | null },
) {
  const creating = !existing;
  const check = new Checker();
  const columns: Record<string, unknown> = {
    employeeNumber: check.text('employeeNumber', input.employeeNumber, { max: 40 }),
    firstName: check.text('firstName', input.firstName, { required: creating || input.firstName !== undefined, max: 100 }),
    lastName: check.text('lastName', input.lastName, { required: creating || input.lastName !== undefined, max: 100 }),
    email: check.email('email', input.email),
    phone: check.text('phone', input.phone, {
      max: 40,
      pattern: /^[0-9+().\-\s]+$/,
      patternHint: 'may contain only digits, spaces and + ( ) . -',
    }),
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
  const startDate =
    (columns.startDate as string | null | undefined) === undefined ? existing?.startDate : (columns.startDate as string | null);
  const endDate = (columns.endDate as string | null | undefined) === undefined ? existing?.endDate : (columns.endDate as string | null);
  if (startDate && endDate && endDate < startDate) check.fail('endDate', `must not be before startDate (${startDate})`);
  const payType = input.payType === undefined ? existing?.payType : input.payType;
  const payRate = input.payRate === undefined ? existing?.payRate : columns.payRate;
  if (payType && (payRate === null || payRate === undefined)) check.fail('payRate', 'is required when payType is set');
  if (!payType && payRate !== null && payRate !== undefined) check.fail('payType', 'is required when payRate is set (SALARY or HOURLY)');
  if (input.status === 'TERMINATED' && !endDate) check.fail('endDate', 'is required when status is TERMINATED');
  if (typeof columns.employeeNumber === 'string') {
    const clash = await tenant.prisma.employee.findFirst({
      where: {
        organizationId: tenant.organizationId,
        employeeNumber: columns.employeeNumber,
        NOT: existing ? { id: existing.id } : undefined,
      },
      select: { id: true },
    });
    if (clash) check.fail('employeeNumber', `employee number "${columns.employeeNumber}" is already used by ${clash.id}`);
  }
  check.done();
  for (const key of Object.keys(columns)) if (columns[key] === undefined) delete columns[key];
  return columns;
}

export async function createEmployee(scope: WriteScope, input: EmployeeInput) {
  const columns = await employeeColumns(scope, input);
  const employee = await scope.prisma.employee.create({
    data: {
      id: newId('Employee'),
      organizationId: scope.organizationId,
      ...(columns as { firstName: string; lastName: string }),
      createdAt: scope.now,
      updatedAt: scope.now,
    },
  });
  return change(EMPLOYEE, employee, [{ type: 'employee.created', resource: { type: EMPLOYEE, id: employee.id, row: employee } }]);
}

export async function updateEmployee(scope: WriteScope, id: string, input: EmployeeInput) {
  const before = await scope.prisma.employee.findFirst({ where: { id, organizationId: scope.organizationId } });
  if (!before) throw notFound('employee', id);
  const changed = changedColumns(before, await employeeColumns(scope, input, before));
  if (Object.keys(changed).length === 0) return change(EMPLOYEE, before);
  const employee = await scope.prisma.employee.update({ where: { id }, data: { ...changed, updatedAt: scope.now } });
  return change(EMPLOYEE, employee, [{ type: 'employee.updated', resource: { type: EMPLOYEE, id, row: employee }, before }]);
}
