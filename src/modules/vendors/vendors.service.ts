// Vendors: who the organization buys from. The contact rules are shared with customers.
import { contactService } from '../contacts/contacts.ts';

export const vendors = contactService('vendor');
