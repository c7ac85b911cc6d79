// The webhooks module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'webhooks',
  representations: { webhook_subscription: 'webhooks' },
  ids: { WebhookSubscription: 'wh', WebhookDelivery: 'whd', WebhookDeliveryAttempt: 'wha' },
  lists: ['WebhookSubscription', 'WebhookDelivery', 'Event'],
  resources: {
    webhooks: 'Webhook subscriptions, their deliveries and secrets',
    events: 'The event log and live subscriptions (each event only if its resource may be read)',
  },
  types: { WebhookSubscription: 'webhooks', WebhookDelivery: 'webhooks', WebhookDeliveryAttempt: 'webhooks', Event: 'events' },
  nodes: ['WebhookSubscription', 'Event'],
  events: {
    'webhook_subscription.created': 'A webhook subscription was registered (its signing secret is never part of an event).',
    'webhook_subscription.updated': "A webhook subscription's url, event types or description changed.",
    'webhook_subscription.disabled':
      'A webhook subscription was disabled: by request, or because every delivery failed for a whole retry schedule (data.reason).',
    'webhook_subscription.enabled': 'A disabled webhook subscription was enabled again.',
    'webhook_subscription.secret_rotated': 'A webhook subscription got a new signing secret; the old one signs beside it for 24 hours.',
    'webhook_subscription.test': 'A test event, sent on request to that one subscription only.',
  },
});
