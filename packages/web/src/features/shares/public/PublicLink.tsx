import type { AnchorHTMLAttributes } from 'react';
import { isPlainClick, navigate } from './location';

/** A link to another of the share page's addresses, followed without loading the page again. */
export function PublicLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a
      href={href}
      className="kf-public-link"
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!href || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}
