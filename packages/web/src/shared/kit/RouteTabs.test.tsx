import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/shared/test/renderRoutes';
import { TagIcon, TreeIcon } from '@/shared/ui';
import { RouteTabs } from './RouteTabs';

const TABS = {
  categories: { to: '/categories', icon: TreeIcon },
  tags: { to: '/tags', icon: TagIcon },
} as const;
const LABELS = { categories: 'Categories', tags: 'Tags' };

function Screen({ active }: { active: keyof typeof TABS }) {
  return (
    <RouteTabs
      id="test-tabs"
      title="Organisation"
      label="Parts of the organisation"
      tabs={TABS}
      labelOf={(name) => LABELS[name]}
      active={active}
    >
      <p>{`${LABELS[active]} screen`}</p>
    </RouteTabs>
  );
}

function renderAt(url: string) {
  return renderRoutes(
    {
      '/categories': () => <Screen active="categories" />,
      '/tags': () => <Screen active="tags" />,
    },
    url,
  );
}

describe('RouteTabs', () => {
  it('titles the page and marks the route shown as the selected tab, its screen in the panel', async () => {
    await renderAt('/categories');
    expect(await screen.findByRole('heading', { level: 1, name: 'Organisation' })).toBeVisible();
    expect(screen.getByRole('tablist', { name: 'Parts of the organisation' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Categories' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Tags' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Categories screen');
  });

  it('goes to the route of the tab chosen', async () => {
    await renderAt('/categories');
    await userEvent.click(await screen.findByRole('tab', { name: 'Tags' }));
    expect(await screen.findByText('Tags screen')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tags' })).toHaveAttribute('aria-selected', 'true');
  });
});
