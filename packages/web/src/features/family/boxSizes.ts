import {
  CompositeRenderer,
  type FamDetails,
  type IndiDetails,
  type Renderer,
  type RendererOptions,
} from 'topola';
import { personIdOf } from './treeData';

export const NAME_FONT = 13;
export const SPAN_FONT = 11;
export const PADDING = 10;
/** The add button, inside the box at its end: a finger-sized target once zoomed to 1. */
export const ADD_SIZE = 28;
export const BOX_HEIGHT = 46;

/**
 * The size of each person's box, for topola's layout (which only asks for sizes: the page draws
 * the boxes itself, those in view). topola's SimpleRenderer measures every name in the DOM (a
 * layout per person: seconds for 5,000); a canvas measures them without one.
 */
export class BoxSizes extends CompositeRenderer implements Renderer {
  /** One canvas per font: setting a context's font is a parse, costly 10,000 times over. */
  private readonly contexts: Map<string, CanvasRenderingContext2D | null> = new Map();
  private readonly fontFamily: string;
  /** Widths already measured: the years repeat from box to box. */
  private readonly widths = new Map<string, number>();

  constructor(
    readonly rendererOptions: RendererOptions<IndiDetails, FamDetails>,
    private readonly text: {
      name: (personId: number) => string;
      span: (personId: number) => string;
    },
  ) {
    super(rendererOptions);
    this.fontFamily = getComputedStyle(document.body).fontFamily || 'sans-serif';
  }

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
      this.measure(this.text.name(person), NAME_FONT, 700) + ADD_SIZE,
      this.measure(this.text.span(person), SPAN_FONT, 400),
      60,
    );
    return [Math.ceil(width + 2 * PADDING), BOX_HEIGHT];
  }

  render(): void {
    throw new Error('BoxSizes only sizes the boxes: TreeView draws them.');
  }

  getCss(): string {
    return '';
  }
}
