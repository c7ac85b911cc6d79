import { EmployeeStatus, EmploymentType, PayType } from '../../db/generated/sqlite/enums.ts';
import type { ListEmployeesQuery } from '../../graphql/generated/operations.ts';
import { S } from '../../http/json-schema.ts';
import { enumParam, upperCaseFields } from '../../http/rest.ts';
import { lower, num, resourceRoutes } from '../../http/rest-resource.ts';

const ENUMS = ['employmentType', 'status', 'payType'];

export const employeeRoutes = resourceRoutes({
  path: '/api/v1/employees',
  typename: 'Employee',
  label: 'employee',
  plural: 'employees',
  fields: 'id employeeNumber firstName lastName email phone jobTitle department employmentType status startDate endDate payType payRate createdAt updatedAt',
  toRest: (e: ListEmployeesQuery['employeesPage']['data'][number]) => ({
    id: e.id,
    employeeNumber: e.employeeNumber,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone,
    jobTitle: e.jobTitle,
    department: e.department,
    employmentType: lower(e.employmentType),
    status: lower(e.status),
    startDate: e.startDate,
    endDate: e.endDate,
    payType: lower(e.payType),
    payRate: num(e.payRate),
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  }),
  schema: S.object({
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
  }),
  filterType: 'EmployeeFilter',
  filters: { search: String, status: enumParam(Object.values(EmployeeStatus)), employmentType: enumParam(Object.values(EmploymentType)), department: String },
  list: { operationId: 'listEmployees', summary: 'List employees' },
  retrieve: { operationId: 'getEmployee', summary: 'Retrieve an employee' },
  create: { operationId: 'createEmployee', summary: 'Create an employee', mutation: 'createEmployee', inputType: 'CreateEmployeeInput', bodyToInput: (b) => upperCaseFields(b, ENUMS) },
  update: { operationId: 'updateEmployee', summary: 'Update an employee', mutation: 'updateEmployee', inputType: 'UpdateEmployeeInput', bodyToInput: (b) => upperCaseFields(b, ENUMS) },
});
