import type { FamilyTree } from '@kinfolio/contract';
import { select } from 'd3-selection';
import { HourglassChart, JsonDataProvider } from 'topola';
import { lifeSpan } from '@/shared/family/lifeDate';
import { indiId, toTopola } from './treeData';
import { TreeRenderer } from './treeRenderer';

export interface DrawOptions {
  tree: FamilyTree;
  centre: number;
  language: string;
  /** The `<svg>` topola draws into (its first `<g>` is the chart's). */
  svgSelector: string;
  labels: {
    /** "Add a relative to Anna". */
    add: (name: string) => string;
    /** "Anna, 1948 – 2010": the box's link read out. */
    open: (name: string, span: string) => string;
  };
}

export interface Drawn {
  /** Milliseconds from the data to the drawn boxes (the bench reads the same measure). */
  took: number;
  /** The middle of the centre person's box in the svg's coordinates. */
  centre: [number, number] | null;
}

/** Draws the hourglass around `centre` into the svg, replacing what it showed. */
export function drawTree({ tree, centre, language, svgSelector, labels }: DrawOptions): Drawn {
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
  const data = new JsonDataProvider(toTopola(tree));
  const renderer = new TreeRenderer(
    { data },
    {
      name,
      span,
      addLabel: (id) => labels.add(name(id)),
      openLabel: (id) => labels.open(name(id), span(id)),
      href: (id) => `/people/${id}`,
      centre,
    },
  );
  select(svgSelector).selectAll('*').remove();
  const info = new HourglassChart({
    data,
    renderer,
    svgSelector,
    startIndi: indiId(centre),
    animate: false,
    horizontal: false,
  }).render();
  const took = performance.now() - began;
  performance.measure('kf-tree-draw', { start: began, duration: took });
  const box = renderer.centreBox;
  return {
    took,
    centre: box ? [box[0] + info.origin[0], box[1] + info.origin[1]] : null,
  };
}
