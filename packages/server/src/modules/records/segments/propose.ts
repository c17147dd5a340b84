/** A silence of the joined recording, in seconds. */
export interface Silence {
  start: number;
  end: number;
}

/** A stretch of the recording; `end` null: to its end. */
export interface Span {
  start: number;
  end: number | null;
}

export interface SizeOptions {
  /** Shorter segments are merged into a neighbour. */
  minLength: number;
  /** Longer segments are split. */
  maxLength: number;
}

export const DEFAULT_MAX_LENGTH = 600;
const DEFAULT_MIN_LENGTH = 20;

/**
 * Twenty seconds, or a twentieth of a recording under 400 s: a three-minute song with three
 * verses still gets three segments, an hour of interview no flurry of ten-second ones.
 */
export const defaultMinLength = (duration: number) =>
  Math.min(DEFAULT_MIN_LENGTH, Math.max(0, duration / 20));

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Segments of a recording of `duration` seconds cut where its silences end (where the voice comes
 * back: a click on a segment starts the talk, not the pause before it). Segments shorter than
 * `minLength` lose their shallower boundary (the shorter silence), shortest first; then segments
 * longer than `maxLength` are cut at their deepest silence leaving both sides at least
 * `minLength`, again and again, or evenly when no silence fits.
 */
export function proposeSegments(
  silences: Silence[],
  duration: number,
  options: SizeOptions,
): { start: number; end: number }[] {
  if (!(duration > 0)) return [];
  const { minLength, maxLength } = options;
  const cuts = [...silences]
    .filter((s) => s.end > 0.05 && s.end < duration - 0.05)
    .map((s) => ({ at: s.end, depth: s.end - s.start }))
    .sort((a, b) => a.at - b.at)
    .filter((cut, index, all) => index === 0 || cut.at - all[index - 1]!.at > 0.05);

  // Merging: boundaries [0, …cuts, duration]; the inner ones can go.
  const kept = [...cuts];
  const lengthOf = (i: number) =>
    (i < kept.length ? kept[i]!.at : duration) - (i === 0 ? 0 : kept[i - 1]!.at);
  while (kept.length > 0) {
    let shortest = 0;
    for (let i = 1; i <= kept.length; i += 1) {
      if (lengthOf(i) < lengthOf(shortest)) shortest = i;
    }
    if (lengthOf(shortest) >= minLength) break;
    // Segment i lies between boundary kept[i-1] (its left) and kept[i] (its right).
    const left = shortest > 0 ? shortest - 1 : undefined;
    const right = shortest < kept.length ? shortest : undefined;
    const drop =
      left === undefined
        ? right!
        : right === undefined
          ? left
          : kept[left]!.depth <= kept[right]!.depth
            ? left
            : right;
    kept.splice(drop, 1);
  }

  const out: { start: number; end: number }[] = [];
  const split = (start: number, end: number) => {
    if (end - start <= maxLength) {
      out.push({ start, end });
      return;
    }
    const inside = cuts.filter((c) => c.at - start >= minLength && end - c.at >= minLength);
    if (inside.length > 0) {
      const deepest = inside.reduce((best, c) => (c.depth > best.depth ? c : best));
      split(start, deepest.at);
      split(deepest.at, end);
      return;
    }
    const parts = Math.ceil((end - start) / maxLength);
    const step = (end - start) / parts;
    for (let i = 0; i < parts; i += 1)
      out.push({ start: start + i * step, end: start + (i + 1) * step });
  };
  const bounds = [0, ...kept.map((c) => c.at), duration];
  for (let i = 0; i + 1 < bounds.length; i += 1) split(bounds[i]!, bounds[i + 1]!);
  return out.map((s) => ({ start: round(s.start), end: round(s.end) }));
}

const endOf = (span: Span) => span.end ?? Number.POSITIVE_INFINITY;

/** Whether two stretches share some time (touching ends do not). */
export const overlaps = (a: Span, b: Span) => a.start < endOf(b) && b.start < endOf(a);

/**
 * The parts of `proposed` that no `kept` segment covers, pieces under `minPiece` seconds left out:
 * detection fills the time around the segments people made or edited.
 */
export function fitAround(
  proposed: { start: number; end: number }[],
  kept: Span[],
  minPiece = 0.5,
): { start: number; end: number }[] {
  const blocks = [...kept].sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const piece of proposed) {
    let pieces = [piece];
    for (const block of blocks) {
      pieces = pieces.flatMap((p) => {
        if (!overlaps(p, block)) return [p];
        const before = { start: p.start, end: Math.min(p.end, block.start) };
        const after = { start: Math.max(p.start, endOf(block)), end: p.end };
        return [before, after].filter((x) => x.end > x.start);
      });
    }
    out.push(...pieces.filter((p) => p.end - p.start >= minPiece));
  }
  return out;
}
