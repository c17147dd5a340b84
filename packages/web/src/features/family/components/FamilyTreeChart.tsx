import { ActionIcon, Group } from '@mantine/core';
import type { FamilyTree } from '@kinfolio/contract';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, zoomTransform, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import {
  useEffect,
  useId,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { centreOn, drawTree } from '../drawTree';
import { nextStop } from '../treeFocus';
import type { TreeView } from '../treeView';
import '../tree.css';

interface FamilyTreeChartProps {
  tree: FamilyTree;
  centre: number;
  language: string;
  onOpen: (personId: number) => void;
  /** The add button of a box, or null when the user may not write. */
  onAdd: ((personId: number) => void) | null;
}

const PAN_STEP = 60;
const ZOOM_STEP = 1.25;
/** A box reached with Tab below this zoom is shown at the first one's (its name read). */
const READABLE = 0.6;

const personOf = (element: Element | null) => Number(element?.getAttribute('data-person'));

/**
 * The tree around a person (topola's hourglass: ancestors above, descendants below), which the
 * mouse (wheel, drag), the fingers (pinch, one-finger pan) and the keys (arrows pan, + and −
 * zoom, Tab through the boxes, Enter opens one) move.
 */
export function FamilyTreeChart({ tree, centre, language, onOpen, onAdd }: FamilyTreeChartProps) {
  const { t } = useTranslation('family');
  const outer = useRef<SVGSVGElement>(null);
  const viewport = useRef<SVGGElement>(null);
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const chartId = `kf-tree-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;

  // The frame's size, kept from a ResizeObserver: d3-zoom's default reads the svg's size at each
  // gesture, a layout of the page.
  const size = useRef<[number, number]>([0, 0]);
  const view = useRef<TreeView | null>(null);
  const zoomIn = useRef<HTMLButtonElement>(null);
  const withAdd = onAdd !== null;

  useEffect(() => {
    const svg = outer.current;
    if (!svg) return;
    size.current = [svg.clientWidth, svg.clientHeight];
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      size.current = [entry.contentRect.width, entry.contentRect.height];
      view.current?.schedule(zoomTransform(svg), size.current);
    });
    observer.observe(svg);
    const behaviour = zoom<SVGSVGElement, unknown>()
      .scaleExtent([0.05, 3])
      .extent(() => [[0, 0], size.current])
      .on('zoom', (event: { transform: ZoomTransform }) => {
        viewport.current?.setAttribute('transform', event.transform.toString());
        view.current?.schedule(event.transform, size.current);
      });
    zoomRef.current = behaviour;
    select(svg).call(behaviour);
    return () => {
      observer.disconnect();
      select(svg).on('.zoom', null);
    };
  }, []);

  useEffect(() => {
    const svg = outer.current;
    const root = viewport.current;
    const behaviour = zoomRef.current;
    if (!svg || !root || !behaviour) return;
    size.current = [svg.clientWidth, svg.clientHeight];
    const drawn = drawTree({
      tree,
      centre,
      language,
      root,
      size: size.current,
      withAdd,
      labels: {
        add: (name) => t('tree.addTo', { name }),
        open: (name, span) => (span ? `${name}, ${span}` : name),
      },
    });
    view.current = drawn.view;
    const { x, y, k } = drawn.transform;
    select(svg).call(behaviour.transform, zoomIdentity.translate(x, y).scale(k));
    return () => {
      drawn.view.destroy();
      if (view.current === drawn.view) view.current = null;
    };
  }, [tree, centre, language, withAdd, t]);

  const pan = (dx: number, dy: number) => {
    if (outer.current && zoomRef.current)
      select(outer.current).call(zoomRef.current.translateBy, dx, dy);
  };
  const zoomBy = (factor: number) => {
    if (outer.current && zoomRef.current)
      select(outer.current).call(zoomRef.current.scaleBy, factor);
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const target = event.target as Element;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const move = moves[event.key];
    if (event.key === 'Tab') onTab(event);
    else if (move) {
      event.preventDefault();
      pan(...move);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(ZOOM_STEP);
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      zoomBy(1 / ZOOM_STEP);
    } else if ((event.key === 'Enter' || event.key === ' ') && target.closest('.kf-tree-add')) {
      event.preventDefault();
      onAdd?.(personOf(target.closest('.kf-tree-add')));
    }
  };

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const target = event.target as Element;
    const add = target.closest('.kf-tree-add');
    if (add) {
      event.preventDefault();
      onAdd?.(personOf(add));
      return;
    }
    const box = target.closest('a.kf-tree-box');
    // A modified click opens the link in a new tab as any link does.
    if (!box || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(personOf(box));
  };

  /** Brings a box fully into the frame (readable), then draws the view at once. */
  const reveal = (index: number) => {
    const svg = outer.current;
    const behaviour = zoomRef.current;
    const box = view.current?.layout.boxes[index];
    if (!svg || !behaviour || !box || !view.current) return;
    const [width, height] = size.current;
    const { x, y, k } = zoomTransform(svg);
    if (k < READABLE) {
      const to = centreOn(box, size.current);
      select(svg).call(behaviour.transform, zoomIdentity.translate(to.x, to.y).scale(to.k));
    } else {
      const [left, top] = [box.x * k + x, box.y * k + y];
      const [right, bottom] = [left + box.width * k, top + box.height * k];
      const dx = left < 0 ? 24 - left : right > width ? width - right - 24 : 0;
      const dy = top < 0 ? 24 - top : bottom > height ? height - bottom - 24 : 0;
      if (dx || dy) pan(dx / k, dy / k);
    }
    view.current.update(zoomTransform(svg), size.current);
  };

  // The boxes out of view are not in the DOM: Tab goes through all of them in reading order (each
  // with its add button), brought into view as it reaches them.
  const onTab = (event: KeyboardEvent<SVGSVGElement>) => {
    const svg = outer.current;
    const current = view.current;
    if (!svg || !current) return;
    const target = event.target as Element;
    const from = target.closest('[data-box]');
    let next: ReturnType<typeof nextStop>;
    if (from) {
      next = nextStop(
        {
          index: Number(from.getAttribute('data-box')),
          part: from.classList.contains('kf-tree-add') ? 'add' : 'box',
        },
        event.shiftKey,
        current.layout.boxes.length,
        withAdd,
      );
    } else if (target === svg && !event.shiftKey) {
      next = { index: current.firstInView(zoomTransform(svg), size.current), part: 'box' };
    } else return;
    event.preventDefault();
    if (next === 'before') svg.focus();
    else if (next === 'after') zoomIn.current?.focus();
    else {
      reveal(next.index);
      current.focusable(next.index, next.part)?.focus({ preventScroll: true });
    }
  };

  // A box focused otherwise (a click, the screen reader's cursor) is brought into view too.
  const onFocus = (event: FocusEvent<SVGSVGElement>) => {
    const box = (event.target as Element).closest('[data-box]');
    if (box) reveal(Number(box.getAttribute('data-box')));
  };

  return (
    <div className="kf-tree-frame" data-add={onAdd ? 'yes' : 'no'}>
      <svg
        ref={outer}
        className="kf-tree"
        role="group"
        aria-label={t('tree.chartLabel')}
        aria-describedby={`${chartId}-keys`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onFocus={onFocus}
      >
        <g ref={viewport} />
      </svg>
      <p id={`${chartId}-keys`} className="kf-tree-keys">
        {t('tree.keys')}
      </p>
      <Group gap={4} className="kf-tree-zoom">
        <ActionIcon
          ref={zoomIn}
          variant="default"
          size="lg"
          aria-label={t('tree.zoomIn')}
          onClick={() => zoomBy(ZOOM_STEP)}
        >
          +
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('tree.zoomOut')}
          onClick={() => zoomBy(1 / ZOOM_STEP)}
        >
          −
        </ActionIcon>
      </Group>
    </div>
  );
}
