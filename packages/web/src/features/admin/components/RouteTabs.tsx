import { Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface RouteTab<Name extends string> {
  value: Name;
  to: string;
  label: string;
  icon: ReactNode;
}

/**
 * A tab bar whose tabs are routes: arrow keys move between tabs and navigate, and the page content
 * sits in the active tab's panel.
 */
export function RouteTabs<Name extends string>({
  id,
  tabs,
  active,
  children,
}: {
  id: string;
  tabs: readonly RouteTab<Name>[];
  active: Name;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Tabs
      id={id}
      value={active}
      onChange={(value) => {
        const tab = tabs.find((candidate) => candidate.value === value);
        if (tab && tab.value !== active) void navigate({ to: tab.to });
      }}
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={active} pt="lg">
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}
