// What a domain module hands up to the app: its /api/v1 routes and the public representations of its
// resources, declared once in its own index.ts. Its GraphQL types register themselves on the shared
// builder when that index imports its schema file. registry.ts lists the modules and nothing else.
import type { Representation } from './core/representations.ts';
import type { RestRoute } from './http/rest.ts';

export interface DomainModule {
  name: string;
  /** Its /api/v1 routes, in the order the OpenAPI document lists them. */
  routes?: RestRoute[];
  /** The public shape of each resource it writes (REST bodies, event data, previousAttributes, OpenAPI). */
  representations?: Representation[];
  /** Public shapes OpenAPI names that the unit of work does not render (the event itself). */
  schemas?: Representation[];
}

export const defineModule = (module: DomainModule): DomainModule => module;
