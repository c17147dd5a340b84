import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * Tabs as WAI-ARIA lays them out: one tab in the Tab order, ← → Home End move between them (and
 * show the one reached), the panel named by its tab.
 */
export function VersionTabs({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  label: string;
  tabs: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((tab) => tab.value === value);
    const last = tabs.length - 1;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')
            ? (at + 1) % tabs.length
            : event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')
              ? (at - 1 + tabs.length) % tabs.length
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className="kf-public-tabs"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.value}`}
            aria-selected={tab.value === value}
            aria-controls={`${id}-panel`}
            tabIndex={tab.value === value ? 0 : -1}
            className="kf-public-tab"
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${value}`}
        className="kf-public-tabpanel"
      >
        {children}
      </div>
    </div>
  );
}
