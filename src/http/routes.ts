// Every /api/v1 route, from each domain's <domain>.rest.ts.
import { accountRoutes } from '../modules/accounts/accounts.rest.ts';
import type { RestRoute } from './rest.ts';

export const restRoutes: RestRoute[] = [...accountRoutes];
