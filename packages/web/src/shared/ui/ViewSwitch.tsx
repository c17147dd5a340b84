import './viewSwitch.css';
import { SegmentedControl, useMantineTheme } from '@mantine/core';
import { useId, type CSSProperties } from 'react';

export interface ViewSwitchProps<T extends string> {
  value: T;
  onChange: (value: T) => void;
  data: readonly { value: T; label: string }[];
  'aria-label': string;
  size?: 'xs' | 'sm';
  /** Full width on a phone, as wide as its labels from Mantine's `xs` breakpoint up. */
  fullWidthOnPhone?: boolean;
  className?: string;
}

const classes = SegmentedControl.classes;

/**
 * Mantine's SegmentedControl as it looks before its sliding indicator has been measured: the same
 * markup, classes and radio inputs (keyboard and screen readers alike), the chosen segment drawn
 * by its own CSS. The real control measures its segments (getBoundingClientRect, getComputedStyle)
 * on mount and on every resize, forcing layouts of the page while the first list renders: 348 ms
 * of a profile of /posts at 4× slowdown. These switches change the address, not an animated
 * choice, so the slide is not missed.
 */
export function ViewSwitch<T extends string>({
  value,
  onChange,
  data,
  size,
  fullWidthOnPhone = false,
  className,
  'aria-label': label,
}: ViewSwitchProps<T>) {
  const theme = useMantineTheme();
  const name = useId();
  const vars = {
    '--sc-shadow': 'var(--mantine-shadow-xs)',
    ...(size
      ? {
          '--sc-padding': `var(--sc-padding-${size})`,
          '--sc-font-size': `var(--mantine-font-size-${size})`,
        }
      : {}),
  } as CSSProperties;
  return (
    <div
      role="radiogroup"
      aria-label={label}
      data-with-items-borders
      style={vars}
      className={[
        classes.root,
        'mantine-SegmentedControl-root',
        fullWidthOnPhone ? 'kf-view-switch-wide' : '',
        className ?? '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {data.map((item) => {
        const active = item.value === value;
        const id = `${name}-${item.value}`;
        return (
          <div
            key={item.value}
            className={`${classes.control} mantine-SegmentedControl-control`}
            data-active={active || undefined}
          >
            <input
              className={`${classes.input} mantine-SegmentedControl-input`}
              type="radio"
              name={name}
              value={item.value}
              id={id}
              checked={active}
              onChange={() => onChange(item.value)}
              data-focus-ring={theme.focusRing}
            />
            <label
              className={`${classes.label} mantine-SegmentedControl-label`}
              htmlFor={id}
              data-active={active || undefined}
            >
              <span className={`${classes.innerLabel} mantine-SegmentedControl-innerLabel`}>
                {item.label}
              </span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
