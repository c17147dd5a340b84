import type { HTMLAttributes } from 'react';

/** Colours of the badges on list cards: Mantine's `default`, `filled` (primary) and `light` ones. */
export type BadgeTone = 'default' | 'filled' | 'primary' | 'orange' | 'red' | 'grape';

interface PlainBadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** `pill` (Mantine's default) or the small corners of `radius="sm"`. */
  shape?: 'pill' | 'square';
  /** Capitals, as Mantine's badges; names (tags, counts) keep their own case. */
  caps?: boolean;
  /** Long values wrap instead of being cut. */
  wrap?: boolean;
}

/**
 * A badge with the look of Mantine's small `Badge`, drawn as one `span` with classes
 * (`content.css`): list pages draw ten cards with up to a dozen badges each on a phone's first load,
 * and Mantine's component costs a render with its theme and style hooks per badge.
 */
export function PlainBadge({
  tone = 'default',
  shape = 'pill',
  caps = true,
  wrap = false,
  className,
  children,
  ...rest
}: PlainBadgeProps) {
  return (
    <span
      {...rest}
      className={className ? `kf-badge ${className}` : 'kf-badge'}
      data-tone={tone}
      data-shape={shape}
      data-caps={caps || undefined}
      data-wrap={wrap || undefined}
    >
      {children}
    </span>
  );
}
