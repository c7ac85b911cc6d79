// What every resolver receives: the one request context that REST, GraphQL over HTTP and graphql-ws share.
export type { RequestContext as GraphQLContext } from '../core/request-context.ts';
