// The employees module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'employees',
  representations: { employee: 'employees' },
  ids: { Employee: 'emp' },
  lists: ['Employee'],
  resources: {
    employees: 'Employees',
  },
  types: { Employee: 'employees' },
  nodes: ['Employee'],
  events: {
    'employee.created': 'An employee was created.',
    'employee.updated': "An employee's details changed.",
  },
});
