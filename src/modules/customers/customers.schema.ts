import { defineContactType } from '../contacts/contacts.schema.ts';
import { customers } from './customers.service.ts';

export const CustomerRef = defineContactType({
  model: 'Customer',
  plural: 'customers',
  service: customers,
  description: 'Someone the organization sells to and invoices. `invoices` and `balance` come with the invoicing module.',
});
