// The webhooks module as the app sees it: its routes and public representations (src/module.ts).
import './webhooks.schema.ts';
import { defineModule } from '../../module.ts';
import { webhookRoutes } from './webhooks.rest.ts';
import { eventRepresentation, webhookDeliveryRepresentation, webhookSubscriptionRepresentation } from './webhooks.public.ts';

export default defineModule({
  name: 'webhooks',
  routes: [...webhookRoutes],
  representations: [webhookSubscriptionRepresentation, webhookDeliveryRepresentation],
  schemas: [eventRepresentation],
});
