// The api keys module's declaration: what the central lists take from it (src/module-declaration.ts).
import { declareModule } from '../../module-declaration.ts';

export default declareModule({
  name: 'api-keys',
  representations: { api_key: 'api_keys' },
  ids: { ApiKey: 'key' },
  lists: ['ApiKey'],
  resources: {
    api_keys: 'API keys: list, create, revoke and roll (never the secrets of existing keys)',
  },
  types: { ApiKey: 'api_keys' },
  nodes: ['ApiKey'],
  events: {
    'api_key.created': 'An API key was created through the API (the object never holds its secret).',
    'api_key.revoked': 'An API key was revoked; it no longer authenticates.',
    'api_key.rolled': 'An API key got a new secret; the old one works until previousSecretExpiresAt.',
  },
});
