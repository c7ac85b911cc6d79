// The emails module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'emails',
  representations: { email: 'emails' },
  ids: { DocumentEmail: 'em' },
  lists: ['DocumentEmail'],
  resources: {
    emails:
      'Documents sent by email and the log of what was sent (sending one also needs read access to the document: ' +
      'invoices, credit notes, estimates, or reports for a statement)',
  },
  types: { DocumentEmail: 'emails' },
  nodes: ['DocumentEmail'],
  events: {
    'email.sent': "A document's email was taken by the mail server; messageId is the Message-ID it went out with.",
    'email.failed':
      'An email was not taken by the mail server after every retry (or was refused for good, such as an unknown address); ' +
      'lastError says why. POST /api/v1/emails/{id}/retry queues it again.',
  },
});
