import './kit.css';
import { Stack, Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { PageTitle } from '@/shared/ui';

export interface RouteTab {
  to: string;
  icon: ComponentType<{ size?: number }>;
}

/**
 * A page's title over a tab bar whose tabs are routes: arrow keys move between tabs and navigate,
 * and the page content sits in the active tab's panel.
 */
export function RouteTabs<Name extends string>({
  id,
  title,
  label,
  tabs,
  labelOf,
  active,
  children,
}: {
  id: string;
  title: string;
  /** Names the tab bar for screen readers. */
  label?: string;
  tabs: Readonly<Record<Name, RouteTab>>;
  labelOf: (name: Name) => string;
  active: Name;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const list = useRef<HTMLDivElement>(null);
  // On a narrow screen the tab bar scrolls: keep the active tab in view. Only the bar scrolls
  // (scrollIntoView also scrolled the whole page sideways on a phone).
  useEffect(() => {
    const bar = list.current;
    const tab = bar?.querySelector('[aria-selected="true"]');
    if (!bar || !tab) return;
    const barBox = bar.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < barBox.left) bar.scrollLeft += tabBox.left - barBox.left;
    else if (tabBox.right > barBox.right) bar.scrollLeft += tabBox.right - barBox.right;
  }, [active]);
  const names = Object.keys(tabs) as Name[];
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      <Tabs
        id={id}
        value={active}
        onChange={(value) => {
          const name = names.find((candidate) => candidate === value);
          if (name && name !== active) void navigate({ to: tabs[name].to });
        }}
      >
        <Tabs.List ref={list} aria-label={label} className="kf-route-tabs">
          {names.map((name) => {
            const Icon = tabs[name].icon;
            return (
              <Tabs.Tab
                key={name}
                value={name}
                className="kf-route-tab"
                leftSection={<Icon size={16} />}
              >
                {labelOf(name)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value={active} pt="lg">
          {children}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
