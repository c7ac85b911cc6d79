// The `<Resource>Page` object types: the GraphQL twin of the REST v1 list shape.
import type { ObjectRef } from '@pothos/core';
import type { PageResult } from '../lib/pagination.ts';
import { MAX_PAGE_LIMIT, DEFAULT_PAGE_LIMIT } from '../lib/pagination.ts';
import { type BuilderTypes, builder } from './builder.ts';

export function pageType<T>(name: string, itemType: ObjectRef<BuilderTypes, T>, itemsDescription: string) {
  return builder.objectRef<PageResult<T>>(`${name}Page`).implement({
    description: `One page of ${itemsDescription}, numbered from 1.`,
    fields: (t) => ({
      data: t.field({ type: [itemType], description: `The ${itemsDescription} on this page.`, resolve: (page) => page.data }),
      total: t.exposeInt('total', { description: 'How many match in all, across every page.' }),
      page: t.exposeInt('page', { description: 'This page number, from 1.' }),
      limit: t.exposeInt('limit', { description: 'Page size in effect.' }),
      pages: t.exposeInt('pages', { description: 'Number of pages: ceil(total / limit).' }),
    }),
  });
}

// biome-ignore lint/suspicious/noExplicitAny: any field builder's `arg.int`, whatever its parent type
export const pageArgs = <T extends { arg: { int: (options: { description: string }) => any } }>(t: T) => ({
  page: t.arg.int({ description: 'Page number, from 1. Default 1.' }) as ReturnType<T['arg']['int']>,
  limit: t.arg.int({ description: `Items per page, 1 to ${MAX_PAGE_LIMIT}. Default ${DEFAULT_PAGE_LIMIT}.` }) as ReturnType<
    T['arg']['int']
  >,
});
