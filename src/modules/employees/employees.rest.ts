import { EmployeeStatus, EmploymentType, PayType } from '../../db/generated/sqlite/enums.ts';
import { S } from '../../http/json-schema.ts';
import { upperCaseFields } from '../../http/rest.ts';
import { resourceRoutes } from '../../http/rest-resource.ts';
import { employeeRepresentation } from './employees.public.ts';

const ENUMS = ['employmentType', 'status', 'payType'];

export const employeeRoutes = resourceRoutes({
  path: '/api/v1/employees',
  typename: 'Employee',
  label: 'employee',
  plural: 'employees',
  representation: employeeRepresentation,
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
  filters: ['search', 'status', 'employmentType', 'department'],
  list: { operationId: 'listEmployees', summary: 'List employees' },
  retrieve: { operationId: 'getEmployee', summary: 'Retrieve an employee' },
  create: { operationId: 'createEmployee', summary: 'Create an employee', mutation: 'createEmployee', inputType: 'CreateEmployeeInput', bodyToInput: (b) => upperCaseFields(b, ENUMS) },
  update: { operationId: 'updateEmployee', summary: 'Update an employee', mutation: 'updateEmployee', inputType: 'UpdateEmployeeInput', bodyToInput: (b) => upperCaseFields(b, ENUMS) },
});
