import type { FamilyTree, Relation } from '@kinfolio/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { layOutTree } from './treeLayout';
import { SKETCH_BELOW, TreeView } from './treeView';

const life = {
  given_names: null,
  surname: null,
  sex: null,
  birth: null,
  death: null,
  biography: null,
  portrait: null,
};

/** Person 1 and their ancestors over `generations` generations, each couple married. */
function ancestry(generations: number): FamilyTree {
  const people: FamilyTree['people'] = [{ id: 1, name: 'Person 1', count: 0, life }];
  const relations: Relation[] = [];
  const relate = (type: Relation['type'], person1_id: number, person2_id: number) =>
    relations.push({
      id: relations.length + 1,
      type,
      person1_id,
      person2_id,
      kind: type === 'spouse' ? 'married' : 'birth',
      start: null,
      end: null,
      place: null,
    });
  let generation = [1];
  for (let depth = 1; depth <= generations; depth++) {
    const next: number[] = [];
    for (const child of generation) {
      const [father, mother] = [people.length + 1, people.length + 2];
      for (const id of [father, mother]) people.push({ id, name: `Person ${id}`, count: 0, life });
      relate('spouse', father, mother);
      relate('parent', father, child);
      relate('parent', mother, child);
      next.push(father, mother);
    }
    generation = next;
  }
  return { people, relations };
}

const text = { name: (id: number) => `Person ${id}`, span: () => '' };
const labels = {
  ...text,
  open: (id: number) => `Person ${id}`,
  add: (id: number) => `Add a relative to Person ${id}`,
  href: (id: number) => `/people/${id}`,
};

describe('the tree laid out whole, drawn where the frame is', () => {
  // jsdom has no canvas: the boxes' widths are estimated from the names' lengths.
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  const mount = () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const root = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    svg.append(root);
    document.body.append(svg);
    return root;
  };

  it('places everyone once, in reading order, with a line per parent family', () => {
    const layout = layOutTree(ancestry(3), 1, text);
    expect(layout.boxes).toHaveLength(15);
    expect(new Set(layout.boxes.map((box) => box.person)).size).toBe(15);
    expect(layout.boxes[layout.centre]?.person).toBe(1);
    // The great-grandparents first (the top row), the centre person last.
    expect(layout.centre).toBe(14);
    for (let i = 1; i < layout.boxes.length; i++) {
      const [a, b] = [layout.boxes[i - 1]!, layout.boxes[i]!];
      expect(a.y < b.y || (a.y === b.y && a.x < b.x)).toBe(true);
    }
    expect(layout.links).toHaveLength(7);
  });

  it('draws only the boxes near the frame, and follows it', () => {
    const layout = layOutTree(ancestry(8), 1, text);
    expect(layout.boxes).toHaveLength(511);
    const root = mount();
    const view = new TreeView(root, layout, labels, true);
    const centre = layout.boxes[layout.centre]!;
    const frame: [number, number] = [800, 600];
    view.update({ x: 400 - centre.x, y: 300 - centre.y, k: 1 }, frame);
    const drawn = root.querySelectorAll('a.kf-tree-box');
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(100);
    expect(root.querySelector('a.kf-tree-centre')?.getAttribute('href')).toBe('/people/1');
    expect(root.querySelectorAll('.kf-tree-add[role="button"]').length).toBe(drawn.length);

    // Focus stays on its box when the view moves away from it.
    const focused = view.focusable(layout.centre, 'box')!;
    focused.focus();
    const top = layout.boxes[0]!;
    view.update({ x: 400 - top.x, y: 300 - top.y, k: 1 }, frame);
    expect(root.querySelector('a.kf-tree-centre')).toBe(focused);
    expect(root.querySelector(`a[data-box="0"]`)).not.toBeNull();
    focused.blur();
    view.update({ x: 400 - top.x, y: 300 - top.y, k: 1 }, frame);
    expect(root.querySelector('a.kf-tree-centre')).toBeNull();
  });

  it('draws bare outlines when zoomed out too far to read', () => {
    const layout = layOutTree(ancestry(8), 1, text);
    const root = mount();
    const view = new TreeView(root, layout, labels, false);
    view.update({ x: 400, y: 500, k: SKETCH_BELOW / 2 }, [800, 600]);
    expect(root.querySelectorAll('a.kf-tree-box')).toHaveLength(0);
    expect(root.querySelector('.kf-tree-sketch')?.getAttribute('d')).toMatch(/^M/);
    // Tab still reaches a box out of view: it is drawn on the way.
    expect(view.focusable(3, 'box')?.getAttribute('data-box')).toBe('3');
    expect(view.focusable(3, 'add')).toBeNull();
  });
});
