import 'react-complex-tree/lib/style-modern.css';
import { Badge, VisuallyHidden } from '@mantine/core';
import type { Category } from '@kinfolio/contract';
import { useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/shared/i18n/react';
import {
  ControlledTreeEnvironment,
  Tree,
  type LiveDescriptors,
  type TreeItemIndex,
} from 'react-complex-tree';
import { useUiLanguage } from '../hooks';
import {
  dropToMove,
  isDropIntoOwnSubtree,
  toTreeItems,
  TREE_ROOT,
  type CategoryMove,
  type CategoryNode,
} from '../tree';

const TREE_ID = 'categories';

export interface TreeViewState {
  expanded: TreeItemIndex[];
  focused: TreeItemIndex | undefined;
}

interface CategoryTreeProps {
  categories: Category[];
  canEdit: boolean;
  view: TreeViewState;
  onViewChange: (next: TreeViewState) => void;
  onMove: (id: number, move: CategoryMove) => void;
}

/**
 * The category tree (react-complex-tree): arrow keys move and expand, clicking or focusing an
 * item makes it the current one, and editors move categories by drag and drop or from the
 * keyboard (Ctrl+Shift+D, arrows to pick the place, Enter to drop, Escape to cancel).
 */
/** What the tree lets a person do: editors move categories; nobody renames or searches in it. */
const abilities = (canEdit: boolean) => ({
  canDragAndDrop: canEdit,
  canReorderItems: canEdit,
  canDropOnFolder: canEdit,
  canDropOnNonFolder: canEdit,
  canRename: false,
  canSearch: false,
  canSearchByStartingTyping: false,
});

export function CategoryTree(props: CategoryTreeProps) {
  const { categories, canEdit, view, onViewChange, onMove } = props;
  const { t } = useTranslation('organisation');
  const language = useUiLanguage();
  const items = useMemo(() => toTreeItems(categories, language), [categories, language]);
  const liveDescriptors = useMemo<LiveDescriptors>(
    () => ({
      introduction: t('tree.live.introduction'),
      renamingItem: t('tree.live.renaming'),
      searching: t('tree.live.searching'),
      programmaticallyDragging: t('tree.live.dragging'),
      programmaticallyDraggingTarget: t('tree.live.dropTarget'),
    }),
    [t],
  );
  const [helpHost, setHelpHost] = useState<HTMLDivElement | null>(null);
  const focused = view.focused !== undefined && items[view.focused] ? view.focused : undefined;

  return (
    <div className="kf-category-tree">
      <div ref={setHelpHost} />
      <ControlledTreeEnvironment<CategoryNode>
        items={items}
        getItemTitle={(item) => item.data.title}
        viewState={{
          [TREE_ID]: {
            expandedItems: view.expanded,
            focusedItem: focused,
            selectedItems: focused === undefined ? [] : [focused],
          },
        }}
        {...abilities(canEdit)}
        canDropAt={(dragged, target) =>
          dragged.length === 1 &&
          !isDropIntoOwnSubtree(categories, Number(dragged[0]?.index), target)
        }
        liveDescriptors={liveDescriptors}
        onFocusItem={(item) => onViewChange({ ...view, focused: item.index })}
        onSelectItems={(ids) => {
          const last = ids.at(-1);
          if (last !== undefined) onViewChange({ ...view, focused: last });
        }}
        onExpandItem={(item) => onViewChange({ ...view, expanded: [...view.expanded, item.index] })}
        onCollapseItem={(item) =>
          onViewChange({ ...view, expanded: view.expanded.filter((id) => id !== item.index) })
        }
        onDrop={(dragged, target) => {
          const id = Number(dragged[0]?.index);
          const move = dropToMove(items, id, target);
          if (move) onMove(id, move);
        }}
        renderDepthOffset={18}
        // A nested list is a group of tree items; the outer list only lays out the tree's items.
        renderItemsContainer={({ children, containerProps, depth }) => (
          <ul
            {...containerProps}
            role={depth === 0 ? 'none' : 'group'}
            className="rct-tree-items-container"
          >
            {children}
          </ul>
        )}
        // The help text the tree points to (aria-describedby) may not sit inside role="tree".
        renderLiveDescriptorContainer={({ children, tree }) =>
          helpHost
            ? createPortal(
                <div id={`rct-livedescription-${tree.treeId}`} className="kf-sr-only">
                  {children}
                </div>,
                helpHost,
              )
            : null
        }
        renderItemTitle={({ title, item }) => (
          <>
            <span className="kf-category-title">{title || t('categories.untitled')}</span>
            <Badge variant="light" color="gray" size="sm" radius="sm" miw={28}>
              {item.data.category?.count ?? 0}
              <VisuallyHidden>{` ${t('categories.itemsLabel')}`}</VisuallyHidden>
            </Badge>
          </>
        )}
      >
        <Tree treeId={TREE_ID} rootItem={TREE_ROOT} treeLabel={t('categories.treeLabel')} />
      </ControlledTreeEnvironment>
    </div>
  );
}
