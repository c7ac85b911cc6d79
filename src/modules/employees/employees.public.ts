// An employee as the public sees it: the REST v1 body, and `data.object` of employee.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { decimalsOf } from '../../core/tenant.ts';
import { moneyNumber } from '../../lib/money.ts';

export const EMPLOYEE = 'employee';

export const employeeRepresentation: Representation<PrismaTypes.EmployeeGetPayload<object>> = {
  type: EMPLOYEE,
  load: (db, organizationId, ids) => db.employee.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  render: (e, organization) => ({
    id: e.id,
    employeeNumber: e.employeeNumber,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone,
    jobTitle: e.jobTitle,
    department: e.department,
    employmentType: e.employmentType.toLowerCase(),
    status: e.status.toLowerCase(),
    startDate: e.startDate,
    endDate: e.endDate,
    payType: e.payType?.toLowerCase() ?? null,
    payRate: e.payRate === null ? null : moneyNumber(e.payRate, decimalsOf({ organization })),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  }),
};
