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
  filters: ['search', 'status', 'employmentType', 'department'],
  list: 'List employees',
  retrieve: 'Retrieve an employee',
  create: { summary: 'Create an employee', bodyToInput: (b) => upperCaseFields(b, ENUMS) },
  update: { summary: 'Update an employee', bodyToInput: (b) => upperCaseFields(b, ENUMS) },
});
