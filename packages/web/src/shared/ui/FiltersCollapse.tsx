import { Collapse, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';

interface FiltersCollapseProps {
  expanded: boolean;
  id: string;
  children: ReactNode;
}

/**
 * A phone's filters behind their button: the inputs (selects with their dropdowns, a category
 * tree, dates) mount the first time they are shown, not with the page, where they would only
 * slow the first render down; once shown they stay mounted so that closing animates.
 */
export function FiltersCollapse({ expanded, id, children }: FiltersCollapseProps) {
  const [shown, setShown] = useState(expanded);
  if (expanded && !shown) setShown(true);
  return (
    <Collapse expanded={expanded} id={id}>
      {shown ? (
        <Stack gap="xs" pt="xs">
          {children}
        </Stack>
      ) : null}
    </Collapse>
  );
}
