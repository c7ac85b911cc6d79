// The invoices module as the app sees it: its routes and public representations (src/module.ts).
import './invoices.schema.ts';
import './invoices.mail.ts';
import { defineModule } from '../../module.ts';
import { invoicePages } from './invoices.page.ts';
import { invoiceRoutes } from './invoices.rest.ts';
import { invoiceRepresentation, paymentRepresentation } from './invoices.public.ts';

export default defineModule({
  name: 'invoices',
  routes: [...invoiceRoutes],
  pages: invoicePages,
  representations: [invoiceRepresentation, paymentRepresentation],
});
