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
  filterType: 'EmployeeFilter',
  filters: ['search', 'status', 'employmentType', 'department'],
  list: { operationId: 'listEmployees', summary: 'List employees' },
  retrieve: { operationId: 'getEmployee', summary: 'Retrieve an employee' },
  create: { operationId: 'createEmployee', summary: 'Create an employee', mutation: 'createEmployee', inputType: 'CreateEmployeeInput', bodyToInput: (b) => upperCaseFields(b, ENUMS) },
  update: { operationId: 'updateEmployee', summary: 'Update an employee', mutation: 'updateEmployee', inputType: 'UpdateEmployeeInput', bodyToInput: (b) => upperCaseFields(b, ENUMS) },
});
