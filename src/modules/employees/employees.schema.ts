import type { InputFieldBuilder } from '@pothos/core';
import { EmployeeStatus, EmploymentType, PayType } from '../../db/generated/sqlite/enums.ts';
import { builder, type BuilderTypes, describedEnum, tenantNode } from '../../graphql/builder.ts';
import { listFields, orderInput } from '../../graphql/lists.ts';
import { money } from '../../graphql/money.ts';
import { createMutation, updateMutation } from '../../graphql/mutations.ts';
import { createEmployee, type EmployeeFilter, employeeWhere, updateEmployee } from './employees.service.ts';

const EmploymentTypeEnum = describedEnum('EmploymentType', EmploymentType, 'Full time, part time, or contractor.', {
  FULL_TIME: 'Employed full time.',
  PART_TIME: 'Employed part time.',
  CONTRACTOR: 'An independent contractor.',
});
const EmployeeStatusEnum = describedEnum('EmployeeStatus', EmployeeStatus, 'Active, or terminated (with an end date).', {
  ACTIVE: 'Currently employed.',
  TERMINATED: 'No longer employed; endDate says since when.',
});
const PayTypeEnum = describedEnum('PayType', PayType, 'How payRate is meant.', {
  SALARY: 'payRate is per year.',
  HOURLY: 'payRate is per hour.',
});

export const EmployeeRef = builder.prismaNode('Employee', {
  description: 'A person employed by the organization, as HR systems sync them.',
  ...tenantNode('The employee id (`emp_…`).'),
  fields: (t) => ({
    employeeNumber: t.exposeString('employeeNumber', {
      nullable: true,
      description: "The HR system's number for the employee, unique in the organization.",
    }),
    firstName: t.exposeString('firstName', { description: 'Given name.' }),
    lastName: t.exposeString('lastName', { description: 'Family name.' }),
    fullName: t.string({
      description: 'Given and family name.',
      select: { firstName: true, lastName: true },
      resolve: (e) => `${e.firstName} ${e.lastName}`,
    }),
    email: t.exposeString('email', { nullable: true, description: 'Work email.' }),
    phone: t.exposeString('phone', { nullable: true, description: 'Phone number.' }),
    jobTitle: t.exposeString('jobTitle', { nullable: true, description: 'Job title.' }),
    department: t.exposeString('department', { nullable: true, description: 'Department.' }),
    employmentType: t.expose('employmentType', { type: EmploymentTypeEnum, description: 'Full time, part time or contractor.' }),
    status: t.expose('status', { type: EmployeeStatusEnum, description: 'Active or terminated.' }),
    startDate: t.expose('startDate', { type: 'Date', nullable: true, description: 'First day of employment.' }),
    endDate: t.expose('endDate', { type: 'Date', nullable: true, description: 'Last day of employment.' }),
    payType: t.expose('payType', { type: PayTypeEnum, nullable: true, description: 'Salary or hourly.' }),
    payRate: t.field({
      type: 'Money',
      nullable: true,
      description: 'Yearly salary or hourly rate, by payType.',
      resolve: (e, _a, ctx) => (e.payRate === null ? null : money(ctx, e.payRate)),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it was last changed.' }),
  }),
});

const EmployeeFilterInput = builder.inputType('EmployeeFilter', {
  description: 'Narrows a list of employees; all given conditions must hold.',
  fields: (t) => ({
    search: t.string({ description: 'Part of the name or email, or the start of the employee number.' }),
    status: t.field({ type: EmployeeStatusEnum, description: 'Only this status.' }),
    employmentType: t.field({ type: EmploymentTypeEnum, description: 'Only this employment type.' }),
    department: t.string({ description: 'Exact department.' }),
  }),
});

listFields<EmployeeFilter>({
  plural: 'employees',
  model: 'Employee',
  nodeRef: EmployeeRef,
  description: 'employees',
  filterInput: EmployeeFilterInput,
  order: orderInput(
    'Employee',
    {
      LAST_NAME: { column: 'lastName', description: 'Alphabetical by family name.' },
      EMPLOYEE_NUMBER: { column: 'employeeNumber', description: 'By employee number.' },
      START_DATE: { column: 'startDate', description: 'By start date.' },
      CREATED_AT: { column: 'createdAt', description: 'By creation time.' },
    },
    'LAST_NAME',
  ),
  where: (ctx, filter) => employeeWhere(ctx.organizationId, filter, ctx.db.provider),
});

function employeeInputFields(t: InputFieldBuilder<BuilderTypes, 'InputObject'>, creating: boolean) {
  return {
    employeeNumber: t.string({ description: "The HR system's number, unique in the organization." }),
    firstName: t.string({ required: creating, description: 'Given name.' }),
    lastName: t.string({ required: creating, description: 'Family name.' }),
    email: t.string({ description: 'Work email.' }),
    phone: t.string({ description: 'Phone number.' }),
    jobTitle: t.string({ description: 'Job title.' }),
    department: t.string({ description: 'Department.' }),
    employmentType: t.field({ type: EmploymentTypeEnum, description: 'Default: full time.' }),
    status: t.field({ type: EmployeeStatusEnum, description: 'Default ACTIVE; TERMINATED needs an endDate.' }),
    startDate: t.field({ type: 'Date', description: 'First day of employment.' }),
    endDate: t.field({ type: 'Date', description: 'Last day of employment; not before startDate.' }),
    payType: t.field({ type: PayTypeEnum, description: 'SALARY or HOURLY; needs payRate.' }),
    payRate: t.field({ type: 'Money', description: 'Yearly salary or hourly rate; needs payType.' }),
  };
}

const CreateEmployeeInput = builder.inputType('CreateEmployeeInput', {
  description: 'A new employee.',
  fields: (t) => employeeInputFields(t, true),
});
const UpdateEmployeeInput = builder.inputType('UpdateEmployeeInput', {
  description: 'Changes to an employee; only the fields given change.',
  fields: (t) => employeeInputFields(t, false),
});

createMutation({
  name: 'createEmployee',
  model: 'Employee',
  input: CreateEmployeeInput,
  description: 'Creates an employee.',
  run: (scope, input) => createEmployee(scope, input),
});

updateMutation({
  name: 'updateEmployee',
  model: 'Employee',
  label: 'employee',
  input: UpdateEmployeeInput,
  description: 'Changes an employee of your organization.',
  run: (scope, id, input) => updateEmployee(scope, id, input),
});
