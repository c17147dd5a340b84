import type { FastifyRequest } from 'fastify';
import type { Paginated } from '@kinfolio/contract';

export interface PageWindow {
  page: number;
  perPage: number;
  limit: number;
  offset: number;
}

export type { Paginated };

export function pageWindow(query: { page: number; per_page: number }): PageWindow {
  return {
    page: query.page,
    perPage: query.per_page,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  };
}

/** One page of rows as a query reads it: the route turns it into Laravel's paginator. */
export interface Page<T> {
  window: PageWindow;
  total: number;
  data: T[];
}

/**
 * Laravel's paginator shape. `path` is the absolute URL of the list; the links keep the request's
 * other query parameters (filters, search, per_page) and change `page`.
 */
export function paginated<T>(
  request: FastifyRequest,
  appUrl: string,
  { window, total, data }: Page<T>,
): Paginated<T> {
  const url = new URL(request.url, 'http://x');
  const path = `${appUrl}${url.pathname}`;
  const lastPage = Math.max(1, Math.ceil(total / window.perPage));
  const link = (page: number) => {
    const params = new URLSearchParams(url.searchParams);
    params.set('page', String(page));
    return `${path}?${params.toString()}`;
  };
  const from = data.length ? window.offset + 1 : null;
  return {
    data,
    meta: {
      current_page: window.page,
      from,
      last_page: lastPage,
      path,
      per_page: window.perPage,
      to: from === null ? null : window.offset + data.length,
      total,
    },
    links: {
      first: link(1),
      last: link(lastPage),
      prev: window.page > 1 ? link(Math.min(window.page - 1, lastPage)) : null,
      next: window.page < lastPage ? link(window.page + 1) : null,
    },
  };
}
