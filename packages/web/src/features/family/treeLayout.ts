import {
  ChartUtil,
  getAncestorsTree,
  JsonDataProvider,
  layOutDescendants,
  V_SPACING,
  type ChartOptions,
  type TreeEntry,
  type TreeNode,
} from 'topola';
import type { FamilyTree } from '@kinfolio/contract';
import { BoxSizes } from './boxSizes';
import { indiId, personIdOf, toTopola } from './treeData';

/** A person's box in the chart's coordinates (a person may have two: cousins who married). */
export interface Box {
  person: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line between a family and a person, as an SVG path, with its bounds for culling. */
export interface Link {
  d: string;
  /** A second marriage's line (drawn dashed). */
  marriage: boolean;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TreeLayout {
  /** In reading order: generation by generation from the top, each from left to right. */
  boxes: Box[];
  links: Link[];
  /** The index of the centre person's box. */
  centre: number;
}

/** A laid-out node as topola hands it (d3-hierarchy's point node, whose types are not installed). */
interface Node {
  id: string;
  x: number;
  y: number;
  data: TreeNode;
  parent: Node | null;
  children?: Node[];
}

/**
 * topola's hourglass layout (ancestors above the person, descendants below) without its drawing:
 * where every box and line goes, so that the page can draw only those in view.
 */
export function layOutTree(
  tree: FamilyTree,
  centre: number,
  text: { name: (personId: number) => string; span: (personId: number) => string },
): TreeLayout {
  const data = new JsonDataProvider(toTopola(tree));
  const sizes = new BoxSizes({ data }, text);
  const options: ChartOptions = {
    data,
    renderer: sizes,
    // topola adds its stylesheet to this svg while laying out: none matches, nothing is added.
    svgSelector: 'svg[data-kf-tree-none]',
    startIndi: indiId(centre),
    horizontal: false,
    animate: false,
  };
  const ancestors = new ChartUtil(options).layOutChart(getAncestorsTree(options), {
    flipVertically: true,
  }) as unknown as Node[];
  const descendants = layOutDescendants(options) as unknown as Node[];
  // The first of each is the centre's node: drawn once.
  const nodes = [...descendants, ...ancestors.slice(1)];

  const boxes: Box[] = [];
  let centreBox: Box | null = null;
  const add = (node: Node, entry: TreeEntry | undefined, dx: number) => {
    if (!entry) return;
    const box: Box = {
      person: personIdOf(entry.id),
      x: node.x - (node.data.width ?? 0) / 2 + dx,
      y: node.y - (node.data.height ?? 0) / 2,
      width: entry.width ?? 0,
      height: entry.height ?? 0,
    };
    boxes.push(box);
    if (!centreBox && box.person === centre) centreBox = box;
  };
  for (const node of nodes) {
    add(node, node.data.indi, 0);
    add(node, node.data.spouse, node.data.indi?.width ?? 0);
  }
  boxes.sort((a, b) => a.y - b.y || a.x - b.x);

  const links = nodes
    .filter((node) => !!node.parent || node.data.additionalMarriage)
    .map((node) => linkOf(sizes, node));
  return { boxes, links, centre: centreBox ? boxes.indexOf(centreBox) : 0 };
}

/** topola's lines (chart-util's linkVertical and linkAdditionalMarriage), as points. */
function linkOf(sizes: BoxSizes, node: Node): Link {
  let points: [number, number][];
  if (node.data.additionalMarriage && node.parent) {
    const siblings = node.parent.children ?? [];
    const sibling = siblings[siblings.findIndex((n) => n.data.id === node.data.id) - 1] ?? node;
    const [ax, ay] = sizes.getIndiAnchor(node.data);
    const [bx, by] = sizes.getIndiAnchor(sibling.data);
    points = [
      [node.x + ax, node.y + ay],
      [sibling.x + bx, sibling.y + by],
    ];
  } else {
    const parent = node.parent!;
    // Above the centre the parents' family is the child in topola's hierarchy.
    const [s, d] =
      (parent.data.generation ?? 0) > (node.data.generation ?? 0) ? [node, parent] : [parent, node];
    const [sax, say] = sizes.getFamilyAnchor(s.data);
    const [dax, day] =
      s.id === d.data.spouseParentNodeId
        ? sizes.getSpouseAnchor(d.data)
        : sizes.getIndiAnchor(d.data);
    const [sx, sy, dx, dy] = [s.x + sax, s.y + say, d.x + dax, d.y + day];
    const midY = s.y + (s.data.height ?? 0) / 2 + V_SPACING / 2;
    points = [
      [sx, sy],
      [sx, midY],
      [dx, midY],
      [dx, dy],
    ];
  }
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return {
    d: `M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join('L')}`,
    marriage: !!node.data.additionalMarriage,
    x0: Math.min(...xs),
    y0: Math.min(...ys),
    x1: Math.max(...xs),
    y1: Math.max(...ys),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
