// GraphiQL, bundled into its page (Yoga's default loads it from a CDN, which fails offline). The
// bundled renderer holds the whole GraphiQL build in memory, so it is loaded on
// the first request for the page instead of at start: a server nobody browses never pays for it.
import type { GraphiQLOptions } from 'graphql-yoga';

let render: ((options: GraphiQLOptions) => string) | undefined;

/** Loads the renderer; the front door awaits this before handing Yoga a request for the page. */
export async function loadGraphiQL(): Promise<void> {
  render ??= (await import('@graphql-yoga/render-graphiql')).renderGraphiQL;
}

/** Yoga's `renderGraphiQL` (synchronous, so the renderer must have been loaded). */
export function renderGraphiQL(options: GraphiQLOptions): string {
  if (!render) throw new Error('GraphiQL requested before loadGraphiQL()');
  return render(options);
}

/** Yoga renders GraphiQL for a GET that accepts HTML. */
export const wantsGraphiQL = (method: string | undefined, accept: string | undefined) =>
  method === 'GET' && !!accept?.includes('text/html');
