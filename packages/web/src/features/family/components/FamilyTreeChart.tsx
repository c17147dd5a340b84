import { ActionIcon, Group } from '@mantine/core';
import type { FamilyTree } from '@kinfolio/contract';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, zoomTransform, type ZoomBehavior } from 'd3-zoom';
import {
  useEffect,
  useId,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { drawTree } from '../drawTree';
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
  // gesture, a layout of every box (seconds for a large family).
  const size = useRef<[number, number]>([0, 0]);

  useEffect(() => {
    const svg = outer.current;
    if (!svg) return;
    size.current = [svg.clientWidth, svg.clientHeight];
    const observer = new ResizeObserver(([entry]) => {
      if (entry) size.current = [entry.contentRect.width, entry.contentRect.height];
    });
    observer.observe(svg);
    const behaviour = zoom<SVGSVGElement, unknown>()
      .scaleExtent([0.05, 3])
      .extent(() => [[0, 0], size.current])
      .on('zoom', (event: { transform: { toString(): string } }) => {
        viewport.current?.setAttribute('transform', event.transform.toString());
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
    const behaviour = zoomRef.current;
    if (!svg || !behaviour) return;
    // Read before drawing, while the layout is still clean.
    const [width, height] = [svg.clientWidth, svg.clientHeight];
    size.current = [width, height];
    const drawn = drawTree({
      tree,
      centre,
      language,
      svgSelector: `#${chartId}`,
      labels: {
        add: (name) => t('tree.addTo', { name }),
        open: (name, span) => (span ? `${name}, ${span}` : name),
      },
    });
    // The centre person in the middle of the frame, a little smaller on a phone.
    const scale = width < 600 ? 0.8 : 1;
    const [x, y] = drawn.centre ?? [width / 2, height / 2];
    select(svg).call(
      behaviour.transform,
      zoomIdentity.translate(width / 2 - x * scale, height / 2 - y * scale).scale(scale),
    );
  }, [tree, centre, language, chartId, t]);

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
    if (move) {
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

  // A box reached with Tab outside the frame is brought into view.
  const onFocus = (event: FocusEvent<SVGSVGElement>) => {
    const svg = outer.current;
    if (!svg || event.target === svg) return;
    const frame = svg.getBoundingClientRect();
    const rect = (event.target as Element).getBoundingClientRect();
    const dx =
      rect.left < frame.left
        ? frame.left - rect.left + 24
        : rect.right > frame.right
          ? frame.right - rect.right - 24
          : 0;
    const dy =
      rect.top < frame.top
        ? frame.top - rect.top + 24
        : rect.bottom > frame.bottom
          ? frame.bottom - rect.bottom - 24
          : 0;
    if (dx || dy) {
      const k = zoomTransform(svg).k;
      pan(dx / k, dy / k);
    }
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
        <g ref={viewport}>
          <svg id={chartId} overflow="visible" />
        </g>
      </svg>
      <p id={`${chartId}-keys`} className="kf-tree-keys">
        {t('tree.keys')}
      </p>
      <Group gap={4} className="kf-tree-zoom">
        <ActionIcon
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
