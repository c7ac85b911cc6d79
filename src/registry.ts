// Where the modules become the app's parts: each module in src/declarations.ts is loaded (its
// index.ts: GraphQL types registered on the shared builder, /api/v1 routes, public representations) and
// its parts gathered here, for app.ts. Infrastructure (core, http, graphql, events, db, lib, fast-paths)
// reads the modules' declarations only, never a module's code.
import { representationsOf } from './core/representations.ts';
import { builder } from './graphql/builder.ts';
import type { RestRoute } from './http/rest.ts';
import './graphql/scalars.ts';
import type { DomainModule, ModuleWorker, PublicPage } from './module.ts';
import { DECLARATIONS } from './declarations.ts';

/**
 * Every domain module's code, `modules/<name>/index.ts`, in the order the list of declarations gives (the
 * OpenAPI document's). Loaded here, by name, so no declaration imports its module's code (the import
 * graph stays a tree; esbuild bundles every file the pattern can name).
 */
const MODULES: DomainModule[] = [];
for (const { name } of DECLARATIONS) MODULES.push(((await import(`./modules/${name}/index.ts`)) as { default: DomainModule }).default);

/** What the webhook dispatcher (infrastructure) may ask of the webhooks module. */
export { disableWebhookSubscription, recordWebhookDeliveries } from './modules/webhooks/webhooks.service.ts';

export const schema = builder.toSchema({ sortSchema: true });

export const restRoutes: RestRoute[] = MODULES.flatMap((module) => module.routes ?? []);

/** The pages anyone opens without a key (a customer's invoice page). */
export const publicPages: PublicPage[] = MODULES.flatMap((module) => module.pages ?? []);

/** The modules' background workers (recurring documents, mail). */
export const moduleWorkers: ModuleWorker[] = MODULES.flatMap((module) => module.workers ?? []);

export const representations = representationsOf(MODULES.flatMap((module) => module.representations ?? []));

/** The public shape of each resource by the name OpenAPI gives it (`sales_receipt` → `SalesReceipt`), in name order. */
export const resourceSchemas = Object.fromEntries(
  MODULES.flatMap((module) => [...(module.representations ?? []), ...(module.schemas ?? [])])
    .map(
      (r) =>
        [
          r.type
            .split('_')
            .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
            .join(''),
          r.schema,
        ] as const,
    )
    .sort(([a], [b]) => a.localeCompare(b)),
);
