import { useTranslation } from '@/shared/i18n/react';
import { ChevronIcon } from '@/shared/ui/icons';
import { listHref } from './location';
import { pageItems } from './pageItems';
import { PublicLink } from './PublicLink';

/**
 * A list share's pages as links (each page has its address: back, forward and a reload keep it),
 * the first and last included, each named for assistive technology; none for one page.
 */
export function PublicPager({
  token,
  total,
  value,
  q,
}: {
  token: string;
  total: number;
  value: number;
  q: string;
}) {
  const { t } = useTranslation('shares');
  if (total <= 1) return null;
  const href = (page: number) => listHref(token, { page, q });
  return (
    <ul className="kf-public-pager" aria-label={t('pager.label')}>
      <li>
        {value > 1 ? (
          <PublicLink
            href={href(value - 1)}
            aria-label={t('pager.previous')}
            className="kf-public-page"
          >
            <ChevronIcon direction="left" size={16} />
          </PublicLink>
        ) : null}
      </li>
      {pageItems(total, value).map((page, index) => (
        <li key={page ?? `gap-${index}`}>
          {page === null ? (
            <span className="kf-public-page is-gap" aria-hidden>
              …
            </span>
          ) : (
            <PublicLink
              href={href(page)}
              aria-label={t('pager.page', { page })}
              aria-current={page === value ? 'page' : undefined}
              className="kf-public-page"
            >
              {page}
            </PublicLink>
          )}
        </li>
      ))}
      <li>
        {value < total ? (
          <PublicLink
            href={href(value + 1)}
            aria-label={t('pager.next')}
            className="kf-public-page"
          >
            <ChevronIcon direction="right" size={16} />
          </PublicLink>
        ) : null}
      </li>
    </ul>
  );
}
