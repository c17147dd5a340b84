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

/**
 * Draws the hourglass around `centre` into the svg, replacing what it showed, and gives the time
 * it took from the data to the drawn boxes in milliseconds (the bench reads it too).
 */
export function drawTree({ tree, centre, language, svgSelector, labels }: DrawOptions): number {
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
  new HourglassChart({
    data,
    renderer,
    svgSelector,
    startIndi: indiId(centre),
    animate: false,
    horizontal: false,
  }).render();
  const took = performance.now() - began;
  performance.measure('kf-tree-draw', { start: began, duration: took });
  return took;
}
