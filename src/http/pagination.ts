import type { FastifyReply, FastifyRequest } from 'fastify'
import { type TSchema, Type } from 'typebox'
import type { Page } from '../domain/listing.js'

// The page convention shared by every list (docs/api.md#pages): page >= 1, page_size 1..1000,
// both echoed as decimal strings, and a Link header with next/prev.

export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 1_000_000_000, default: 1, description: 'Page number, from 1.' }),
  page_size: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 25,
    description: 'Items per page (1..1000).',
  }),
}

/** The page envelope of a list of `item`s, a named component `id` of the document. */
export function PagedList<T extends TSchema, Id extends string>(item: T, id: Id) {
  return Type.Object(
    {
      page: Type.String({ description: 'Page number returned, as a decimal string.' }),
      page_size: Type.String({ description: 'Page size used, as a decimal string.' }),
      items: Type.Array(item),
    },
    {
      $id: id,
      description:
        'One page of a list; a `Link` header names the next and previous pages (rel `next`, `prev`).',
    },
  )
}

function pageLink(request: FastifyRequest, page: number, rel: 'next' | 'prev'): string {
  const url = new URL(request.url, 'http://canvass.invalid')
  url.searchParams.set('page', String(page))
  return `<${url.pathname}${url.search}>; rel="${rel}"`
}

/**
 * Shapes one page. `rows` may hold one row more than the page size: that extra row only
 * says that another page follows, and is not returned.
 */
export function pageResult<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  rows: T[],
  hasMore = rows.length > page.page_size,
): { page: string; page_size: string; items: T[] } {
  const links: string[] = []
  if (hasMore) links.push(pageLink(request, page.page + 1, 'next'))
  if (page.page > 1) links.push(pageLink(request, page.page - 1, 'prev'))
  if (links.length > 0) reply.header('link', links.join(', '))
  return {
    page: String(page.page),
    page_size: String(page.page_size),
    items: rows.length > page.page_size ? rows.slice(0, page.page_size) : rows,
  }
}
