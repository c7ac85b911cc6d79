// Customers: who the organization invoices. The contact rules are shared with vendors.
import { contactService } from '../contacts/contacts.ts';

export const customers = contactService('customer');
