// Secrets shown once. A secret made by a write (an API key's, a webhook's signing secret) appears only
// in the answer of the request that made it: it travels beside the written record, by record id, for
// the life of that request's context, so an idempotent replay (which runs nothing) answers null, as
// does every later read.
import type { GraphQLContext } from './context.ts';

const issued = new WeakMap<GraphQLContext, Map<string, string>>();

/** Keeps the secret the write of this request made for record `id`, for this request's answer. */
export function rememberIssuedSecret(ctx: GraphQLContext, id: string, secret: string) {
  let secrets = issued.get(ctx);
  if (!secrets) issued.set(ctx, (secrets = new Map()));
  secrets.set(id, secret);
}

/** The secret this request made for record `id`, or null. */
export const issuedSecret = (ctx: GraphQLContext, id: string): string | null => issued.get(ctx)?.get(id) ?? null;
