import { ADD_SIZE, PADDING } from './boxSizes';
import type { Box, TreeLayout } from './treeLayout';

/** What a box says and the words read out for it. */
export interface BoxLabels {
  name: (personId: number) => string;
  span: (personId: number) => string;
  /** The link's name (name and years). */
  open: (personId: number) => string;
  /** The add button's name ("Add a relative to Anna"). */
  add: (personId: number) => string;
  href: (personId: number) => string;
}

/** d3-zoom's transform: the chart's point (x, y) is at (x·k + tx, y·k + ty) in the frame. */
export interface Transform {
  x: number;
  y: number;
  k: number;
}

/** Below this zoom the names cannot be read: the boxes are drawn as bare outlines, one path. */
export const SKETCH_BELOW = 0.45;
/** Drawn beyond each edge of the frame (a share of its size), so that a pan shows no gap. */
const MARGIN = 0.25;

const SVG = 'http://www.w3.org/2000/svg';

function element<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const made = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
  return made;
}

/**
 * The laid-out tree drawn into a `<g>`: only the boxes and lines in (or near) the frame exist in
 * the DOM (5,000 people drawn whole are 40,000 elements, a second to make and a long layout at
 * each gesture); `update` follows the zoom and the pans.
 */
export class TreeView {
  private readonly links: SVGPathElement;
  private readonly marriages: SVGPathElement;
  private readonly sketch: SVGPathElement;
  private readonly people: SVGGElement;
  /** The drawn boxes by their index in the layout. */
  private readonly drawn = new Map<number, SVGGElement>();
  private pending: { transform: Transform; size: [number, number] } | null = null;
  private frame = 0;

  constructor(
    private readonly root: SVGGElement,
    readonly layout: TreeLayout,
    private readonly labels: BoxLabels,
    private readonly withAdd: boolean,
  ) {
    this.links = element('path', { class: 'kf-tree-links' });
    this.marriages = element('path', { class: 'kf-tree-links kf-tree-marriages' });
    this.sketch = element('path', { class: 'kf-tree-sketch' });
    this.people = element('g', {});
    root.replaceChildren(this.links, this.marriages, this.sketch, this.people);
  }

  /** Draws what the view needs at the next frame (the zoom's events come faster than frames). */
  schedule(transform: Transform, size: [number, number]) {
    this.pending = { transform, size };
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.pending) this.update(this.pending.transform, this.pending.size);
    });
  }

  /** Draws the boxes and lines in or near the frame, and removes the others. */
  update({ x, y, k }: Transform, [width, height]: [number, number]) {
    const began = performance.now();
    this.pending = null;
    const left = (-x - MARGIN * width) / k;
    const top = (-y - MARGIN * height) / k;
    const right = (width * (1 + MARGIN) - x) / k;
    const bottom = (height * (1 + MARGIN) - y) / k;
    const sketching = k < SKETCH_BELOW;
    const focused = this.root.ownerDocument.activeElement?.closest('g.kf-tree-person');

    const { boxes, links } = this.layout;
    const wanted = new Set<number>();
    const outlines: string[] = [];
    boxes.forEach((box, index) => {
      if (box.x > right || box.x + box.width < left || box.y > bottom || box.y + box.height < top)
        return;
      if (sketching) outlines.push(`M${box.x} ${box.y}h${box.width}v${box.height}h${-box.width}z`);
      else wanted.add(index);
    });
    for (const [index, group] of this.drawn) {
      if (!wanted.has(index) && group !== focused) {
        group.remove();
        this.drawn.delete(index);
      }
    }
    for (const index of wanted) if (!this.drawn.has(index)) this.draw(index);
    this.sketch.setAttribute('d', outlines.join(''));

    const lines: string[] = [];
    const dashed: string[] = [];
    for (const link of links) {
      if (link.x0 > right || link.x1 < left || link.y0 > bottom || link.y1 < top) continue;
      (link.marriage ? dashed : lines).push(link.d);
    }
    this.links.setAttribute('d', lines.join(''));
    this.marriages.setAttribute('d', dashed.join(''));
    performance.clearMeasures('kf-tree-view');
    performance.measure('kf-tree-view', { start: began, duration: performance.now() - began });
  }

  /** The box's link (or its add button), drawn first if it is not. */
  focusable(index: number, part: 'box' | 'add'): SVGElement | null {
    const group = this.drawn.get(index) ?? this.draw(index);
    return group.querySelector<SVGElement>(part === 'box' ? 'a.kf-tree-box' : '.kf-tree-add');
  }

  /** The first box in reading order inside the frame (the centre's when none is). */
  firstInView({ x, y, k }: Transform, [width, height]: [number, number]): number {
    const index = this.layout.boxes.findIndex(
      (box) =>
        box.x * k + x >= 0 &&
        (box.x + box.width) * k + x <= width &&
        box.y * k + y >= 0 &&
        (box.y + box.height) * k + y <= height,
    );
    return index < 0 ? this.layout.centre : index;
  }

  /** How many boxes are in the DOM. */
  get drawnCount() {
    return this.drawn.size;
  }

  destroy() {
    cancelAnimationFrame(this.frame);
    this.root.replaceChildren();
    this.drawn.clear();
  }

  private draw(index: number): SVGGElement {
    const box = this.layout.boxes[index]!;
    const group = this.boxElement(box, index);
    this.people.append(group);
    this.drawn.set(index, group);
    return group;
  }

  /** One box: a link to the person (Tab reaches it, Enter opens it) and its add button. */
  private boxElement(box: Box, index: number): SVGGElement {
    const { labels } = this;
    const person = box.person;
    const group = element('g', {
      class: 'kf-tree-person',
      transform: `translate(${box.x},${box.y})`,
    });
    const link = element('a', {
      class: index === this.layout.centre ? 'kf-tree-box kf-tree-centre' : 'kf-tree-box',
      href: labels.href(person),
      'data-person': person,
      'data-box': index,
      'aria-label': labels.open(person),
    });
    link.append(element('rect', { rx: 8, width: box.width, height: box.height }));
    const name = element('text', { class: 'kf-tree-name', x: PADDING, y: 19 });
    name.textContent = labels.name(person);
    link.append(name);
    const span = labels.span(person);
    if (span) {
      const years = element('text', { class: 'kf-tree-span', x: PADDING, y: 36 });
      years.textContent = span;
      link.append(years);
    }
    group.append(link);
    if (this.withAdd) {
      const add = element('g', {
        class: 'kf-tree-add',
        role: 'button',
        tabindex: 0,
        'data-person': person,
        'data-box': index,
        'aria-label': labels.add(person),
        transform: `translate(${box.width - ADD_SIZE / 2 - 4},${ADD_SIZE / 2 - 1})`,
      });
      add.append(
        element('circle', { r: ADD_SIZE / 2 - 3 }),
        element('path', { d: 'M-5 0H5M0-5V5' }),
      );
      group.append(add);
    }
    return group;
  }
}
