// An employee as the public sees it: the REST v1 body, and `data.object` of employee.* events.
import type { PrismaTypes } from '../../db/database.ts';
import type { Representation } from '../../core/representations.ts';
import { type Infer, S } from '../../lib/json-schema.ts';
import { EmployeeStatus, EmploymentType, PayType } from '../../db/generated/sqlite/enums.ts';
import { decimalsOf } from '../../core/tenant.ts';
import { moneyNumber } from '../../lib/money.ts';

export const EMPLOYEE = 'employee';

const EMPLOYEE_SCHEMA = S.object({
  id: S.id('emp'),
  employeeNumber: S.nullable(S.string),
  firstName: S.string,
  lastName: S.string,
  email: S.nullable(S.string),
  phone: S.nullable(S.string),
  jobTitle: S.nullable(S.string),
  department: S.nullable(S.string),
  employmentType: S.enum(Object.values(EmploymentType)),
  status: S.enum(Object.values(EmployeeStatus)),
  startDate: S.nullable(S.date),
  endDate: S.nullable(S.date),
  payType: { type: ['string', 'null'], enum: [...Object.values(PayType).map((v) => v.toLowerCase()), null] },
  payRate: S.nullable(S.number),
  createdAt: S.dateTime,
  updatedAt: S.dateTime,
});

export const employeeRepresentation: Representation<PrismaTypes.EmployeeGetPayload<object>, Infer<typeof EMPLOYEE_SCHEMA>> = {
  type: EMPLOYEE,
  schema: EMPLOYEE_SCHEMA,
  load: (db, organizationId, ids) => db.employee.findMany({ where: { organizationId, id: { in: ids } }, orderBy: { id: 'asc' } }),
  query: {},
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
