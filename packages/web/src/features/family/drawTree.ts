import type { FamilyTree } from '@kinfolio/contract';
import { lifeSpan } from '@/shared/family/lifeDate';
import { layOutTree } from './treeLayout';
import { TreeView, type Transform } from './treeView';

export interface DrawOptions {
  tree: FamilyTree;
  centre: number;
  language: string;
  /** The `<g>` the zoom moves: the view draws into it. */
  root: SVGGElement;
  /** The frame's size. */
  size: [number, number];
  /** Whether each box has an add button. */
  withAdd: boolean;
  labels: {
    /** "Add a relative to Anna". */
    add: (name: string) => string;
    /** "Anna, 1948 – 2010": the box's link read out. */
    open: (name: string, span: string) => string;
  };
}

/**
 * Lays the hourglass out around `centre` and draws the part of it in the frame, the centre person
 * in its middle. Two measures for the bench: `kf-tree-layout` (topola's layout) and `kf-tree-draw`
 * (from the data to the first view drawn, layout included).
 */
export function drawTree({ tree, centre, language, root, size, withAdd, labels }: DrawOptions): {
  view: TreeView;
  transform: Transform;
} {
  const began = performance.now();
  const people = new Map(tree.people.map((person) => [person.id, person]));
  const spans = new Map<number, string>();
  const span = (id: number) => {
    let value = spans.get(id);
    if (value === undefined) {
      const life = people.get(id)?.life;
      value = life ? lifeSpan(life, language) : '';
      spans.set(id, value);
    }
    return value;
  };
  const name = (id: number) => people.get(id)?.name ?? '';
  const layout = layOutTree(tree, centre, { name, span });
  performance.measure('kf-tree-layout', { start: began, duration: performance.now() - began });
  const view = new TreeView(
    root,
    layout,
    {
      name,
      span,
      open: (id) => labels.open(name(id), span(id)),
      add: (id) => labels.add(name(id)),
      href: (id) => `/people/${id}`,
    },
    withAdd,
  );
  const transform = centreOn(layout.boxes[layout.centre], size);
  view.update(transform, size);
  performance.measure('kf-tree-draw', { start: began, duration: performance.now() - began });
  return { view, transform };
}

/** The transform that puts a box in the middle of the frame (a little smaller on a phone). */
export function centreOn(
  box: { x: number; y: number; width: number; height: number } | undefined,
  [width, height]: [number, number],
  scale = width < 600 ? 0.8 : 1,
): Transform {
  const [x, y] = box ? [box.x + box.width / 2, box.y + box.height / 2] : [0, 0];
  return { x: width / 2 - x * scale, y: height / 2 - y * scale, k: scale };
}
