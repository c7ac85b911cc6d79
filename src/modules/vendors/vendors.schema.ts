import { defineContactType } from '../contacts/contacts.schema.ts';
import { vendors } from './vendors.service.ts';

export const VendorRef = defineContactType({
  model: 'Vendor',
  plural: 'vendors',
  service: vendors,
  description: 'Someone the organization buys from.',
});
