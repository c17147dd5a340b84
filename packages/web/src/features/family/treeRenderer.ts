import type { BaseType, Selection } from 'd3-selection';
import {
  CompositeRenderer,
  type FamDetails,
  type IndiDetails,
  type Renderer,
  type RendererOptions,
  type TreeEntry,
  type TreeNode,
  type TreeNodeSelection,
} from 'topola';
import { indiId, personIdOf } from './treeData';

/** What a box says: the name, the years of the life, and the words read out for it. */
export interface BoxLabels {
  name: (personId: number) => string;
  span: (personId: number) => string;
  /** The add button's name ("Add a relative to Anna"). */
  addLabel: (personId: number) => string;
  /** The link's name (name and years). */
  openLabel: (personId: number) => string;
  href: (personId: number) => string;
  centre: number;
}

const NAME_FONT = 13;
const SPAN_FONT = 11;
const PADDING = 10;
/** The add button, inside the box at its end: a finger-sized target once zoomed to 1. */
const ADD_SIZE = 28;
const HEIGHT = 46;

/** A laid-out node as topola hands it (d3-hierarchy's point node, whose types are not installed). */
interface Node {
  x: number;
  y: number;
  data: TreeNode;
}
type Group = Selection<SVGGElement, Node, BaseType, unknown>;

/**
 * topola's boxes drawn our way: each box is a link to the person (Tab reaches it, Enter opens it)
 * with an add button beside the name. topola's SimpleRenderer measures every name in the DOM (a
 * layout per person: seconds for 5,000); a canvas measures them without one.
 */
export class TreeRenderer extends CompositeRenderer implements Renderer {
  /** One canvas per font: setting a context's font is a parse, costly 10,000 times over. */
  private readonly contexts: Map<string, CanvasRenderingContext2D | null> = new Map();
  private readonly fontFamily: string;
  /** The middle of the centre person's box, in the chart's coordinates (before its origin). */
  centreBox: [number, number] | null = null;

  constructor(
    readonly rendererOptions: RendererOptions<IndiDetails, FamDetails>,
    private readonly labels: BoxLabels,
  ) {
    super(rendererOptions);
    this.fontFamily = getComputedStyle(document.body).fontFamily || 'sans-serif';
  }

  /** Widths already measured: the years repeat from box to box. */
  private readonly widths = new Map<string, number>();

  private measure(text: string, size: number, weight: number): number {
    const font = `${weight} ${size}px ${this.fontFamily}`;
    const key = `${font}|${text}`;
    const known = this.widths.get(key);
    if (known !== undefined) return known;
    let context = this.contexts.get(font);
    if (context === undefined) {
      context = document.createElement('canvas').getContext('2d');
      if (context) context.font = font;
      this.contexts.set(font, context);
    }
    const width = context ? context.measureText(text).width : text.length * size * 0.6;
    this.widths.set(key, width);
    return width;
  }

  getPreferredIndiSize(id: string): [number, number] {
    const person = personIdOf(id);
    const width = Math.max(
      this.measure(this.labels.name(person), NAME_FONT, 700) + ADD_SIZE,
      this.measure(this.labels.span(person), SPAN_FONT, 400),
      60,
    );
    return [Math.ceil(width + 2 * PADDING), HEIGHT];
  }

  render(enter: TreeNodeSelection, update: TreeNodeSelection): void {
    const selection = (enter as unknown as Group).merge(update as unknown as Group);
    selection.selectAll('g.kf-tree-node').remove();
    const node = selection.append('g').attr('class', 'kf-tree-node');
    this.renderIndi(node, (n) => n.data.indi);
    const spouses = node
      .filter((n) => !!n.data.spouse)
      .append('g')
      .attr('transform', (n) => `translate(${n.data.indi?.width ?? 0}, 0)`);
    this.renderIndi(spouses, (n) => n.data.spouse);
    // Where the centre's box is, from the layout: reading it back from the DOM would lay out
    // every box again (seconds for thousands).
    const centre = indiId(this.labels.centre);
    selection.each((n) => {
      const inSpouse = n.data.spouse?.id === centre;
      const entry = inSpouse ? n.data.spouse : n.data.indi?.id === centre ? n.data.indi : null;
      if (!entry) return;
      const left = n.x - (n.data.width ?? 0) / 2 + (inSpouse ? (n.data.indi?.width ?? 0) : 0);
      const top = n.y - (n.data.height ?? 0) / 2;
      this.centreBox = [left + (entry.width ?? 0) / 2, top + (entry.height ?? HEIGHT) / 2];
    });
  }

  getCss(): string {
    // The page's stylesheet (tree.css) styles the boxes, light and dark.
    return '';
  }

  private renderIndi(selection: Group, entryOf: (node: Node) => TreeEntry | undefined) {
    const labels = this.labels;
    const person = (n: Node) => personIdOf(entryOf(n)?.id ?? 'I0');
    const width = (n: Node) => entryOf(n)?.width ?? 0;
    const height = (n: Node) => entryOf(n)?.height ?? HEIGHT;
    const link = selection
      .append('a')
      .attr('class', (n) =>
        person(n) === labels.centre ? 'kf-tree-box kf-tree-centre' : 'kf-tree-box',
      )
      .attr('href', (n) => labels.href(person(n)))
      .attr('data-person', (n) => person(n))
      .attr('aria-label', (n) => labels.openLabel(person(n)));
    link.append('rect').attr('rx', 8).attr('width', width).attr('height', height);
    link
      .append('text')
      .attr('class', 'kf-tree-name')
      .attr('x', PADDING)
      .attr('y', 19)
      .text((n) => labels.name(person(n)));
    link
      .append('text')
      .attr('class', 'kf-tree-span')
      .attr('x', PADDING)
      .attr('y', 36)
      .text((n) => labels.span(person(n)));
    const add = selection
      .append('g')
      .attr('class', 'kf-tree-add')
      .attr('role', 'button')
      .attr('tabindex', 0)
      .attr('data-person', (n) => person(n))
      .attr('aria-label', (n) => labels.addLabel(person(n)))
      .attr('transform', (n) => `translate(${width(n) - ADD_SIZE / 2 - 4}, ${ADD_SIZE / 2 - 1})`);
    add.append('circle').attr('r', ADD_SIZE / 2 - 3);
    add.append('path').attr('d', 'M -5 0 H 5 M 0 -5 V 5');
  }
}
