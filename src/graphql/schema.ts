// Builds the schema: importing a module registers its types on the builder.
import { builder } from './builder.ts';
import './scalars.ts';
import '../modules/accounts/accounts.schema.ts';
import '../modules/organizations/organizations.schema.ts';

export const schema = builder.toSchema({ sortSchema: true });
