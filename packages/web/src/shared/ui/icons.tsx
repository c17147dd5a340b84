import type { SVGProps } from 'react';

/** A handful of stroke icons drawn inline: no icon package is installed and these are all we need. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 18, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/**
 * An icon from its shapes, in drawing order: `c cx cy r` a circle, `r x y width height rx` a
 * rounded rectangle, anything else a path's `d`.
 */
function shapesOf(shapes: readonly string[], fill?: string) {
  return shapes.map((shape, index) => {
    const [kind, ...numbers] = shape.split(' ');
    if (kind === 'c') {
      const [cx, cy, r] = numbers;
      return <circle key={index} cx={cx} cy={cy} r={r} fill={fill} />;
    }
    if (kind === 'r') {
      const [x, y, width, height, rx] = numbers;
      return <rect key={index} x={x} y={y} width={width} height={height} rx={rx} fill={fill} />;
    }
    return <path key={index} d={shape} fill={fill} />;
  });
}

export function icon(...shapes: string[]) {
  return function Icon(p: IconProps) {
    return <Svg {...p}>{shapesOf(shapes)}</Svg>;
  };
}

/** Solid shapes (play, pause), filled with the text colour. */
function filledIcon(...shapes: string[]) {
  return function Icon(p: IconProps) {
    return <Svg {...p}>{shapesOf(shapes, 'currentColor')}</Svg>;
  };
}

/** One arrow drawn for each way it can point. */
function directedIcon<Direction extends string>(
  paths: Record<Direction, string>,
  initial: NoInfer<Direction>,
) {
  return function Icon({ direction = initial, ...p }: IconProps & { direction?: Direction }) {
    return (
      <Svg {...p}>
        <path d={paths[direction]} />
      </Svg>
    );
  };
}

export const InfoIcon = icon('c 12 12 9', 'M12 8h.01M11 12h1v4h1');
export const CheckIcon = icon('M5 12l5 5L20 7');
/** A cloud struck through: no connection. */
export const OfflineIcon = icon(
  'M7 18h10a4 4 0 00.9-7.9A6 6 0 007.3 8.2 5 5 0 007 18z',
  'M3 3l18 18',
);
export const AlertIcon = icon(
  'M12 9v4M12 17h.01',
  'M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z',
);
export const ErrorIcon = icon('c 12 12 9', 'M15 9l-6 6M9 9l6 6');
export const SunIcon = icon(
  'c 12 12 4',
  'M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
);
export const MoonIcon = icon('M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z');
export const LanguageIcon = icon('c 12 12 9', 'M3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18');
export const UserIcon = icon('c 12 8 4', 'M4 21a8 8 0 0116 0');
export const SettingsIcon = icon(
  'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0',
  'c 16 6 2',
  'c 10 12 2',
  'c 18 18 2',
);
export const ShieldIcon = icon('M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z');
export const LogoutIcon = icon('M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3M10 17l5-5-5-5M15 12H3');
export const ChevronIcon = directedIcon({ right: 'M9 6l6 6-6 6', left: 'M15 6l-6 6 6 6' }, 'right');
export const SwapIcon = icon('M7 7h13l-3-3M17 17H4l3 3');
export const DownloadIcon = icon('M12 4v11M7 10l5 5 5-5M5 20h14');
export const ShareIcon = icon('M12 15V3M8 7l4-4 4 4M5 12v7a1 1 0 001 1h12a1 1 0 001-1v-7');
export const HomeIcon = icon('M3 11l9-7 9 7M5 10v10h14V10');
export const TreeIcon = icon(
  'r 3 3 7 5 1',
  'r 14 10 7 5 1',
  'r 14 17 7 4 1',
  'M6.5 8v11H14M6.5 12.5H14',
);
export const UsersIcon = icon(
  'c 9 8 3.5',
  'M2.5 20a6.5 6.5 0 0113 0M16 4.5a3.5 3.5 0 010 7M18 14a6 6 0 013.5 6',
);
export const FaceIcon = icon('c 12 12 9', 'M9 10h.01M15 10h.01M8.5 14.5a4.5 4.5 0 007 0');
export const TagIcon = icon('M3 12V4a1 1 0 011-1h8l9 9-9 9z', 'c 8 8 1.5');
export const PlusIcon = icon('M12 5v14M5 12h14');
export const EditIcon = icon('M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4');
export const TrashIcon = icon('M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6');
export const MergeIcon = icon('M6 4v4a4 4 0 004 4h8M18 4v0M6 20v-4a4 4 0 014-4M15 9l3 3-3 3');
export const SplitIcon = icon('M4 12h6l6-6h4M10 12l6 6h4M17 3l3 3-3 3M17 15l3 3-3 3');
export const ArrowIcon = directedIcon(
  { up: 'M12 19V5M6 11l6-6 6 6', down: 'M12 5v14M6 13l6 6 6-6' },
  'up',
);
/** Audio players: play and pause. */
export const PlayIcon = filledIcon('M7 4.5v15l12-7.5z');
export const PauseIcon = filledIcon('r 6 4.5 4 15 1', 'r 14 4.5 4 15 1');
export const PostIcon = icon(
  'M14 3H6a1 1 0 00-1 1v16a1 1 0 001 1h12a1 1 0 001-1V8z',
  'M14 3v5h5M9 13h6M9 17h6M9 9h2',
);
export const MailIcon = icon('r 3 5 18 14 2', 'M3 7l9 6 9-6');
export const MessageIcon = icon('M4 5h16a1 1 0 011 1v10a1 1 0 01-1 1H9l-5 4V6a1 1 0 011-1z');
export const MediaIcon = icon('r 3 4 18 16 2', 'c 9 10 2', 'M21 16l-5-5-9 9');
/** A crescent moon and a star: dreams. */
export const DreamIcon = icon('M20 14.5A8 8 0 019.5 4a8 8 0 1010.5 10.5z', 'M17 3v4M15 5h4');
/** A microphone: audio records. */
export const RecordIcon = icon('r 9 3 6 11 3', 'M5 11a7 7 0 0014 0M12 18v3M9 21h6');
export const SearchIcon = icon('c 11 11 7', 'M20 20l-4-4');
export const EyeIcon = icon('M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z', 'c 12 12 3');
export const EyeOffIcon = icon(
  'M9.9 5.2A10 10 0 0112 5c6.5 0 10 7 10 7a17 17 0 01-2.2 3.2M6.6 6.6A17 17 0 002 12s3.5 7 10 7a10 10 0 005.4-1.6',
  'M9.9 9.9a3 3 0 004.2 4.2M3 3l18 18',
);
export const HistoryIcon = icon('M3 12a9 9 0 109-9 9 9 0 00-6.4 2.6L3 8M3 3v5h5M12 7v5l3 3');
export const RestoreIcon = icon('M9 14L4 9l5-5M4 9h11a5 5 0 010 10h-3');
/** A calendar page: the planning. */
export const CalendarIcon = icon('r 3 5 18 16 2', 'M3 10h18M8 3v4M16 3v4M8 14h2M14 14h2M8 17h2');
/** A folded map with a pin. */
export const MapIcon = icon('M9 4L3 6v14l6-2 6 2 6-2V4l-6 2z', 'M9 4v14M15 6v14');
export const TableIcon = icon('r 3 4 18 16 1', 'M3 10h18M3 15h18M9 4v16M15 4v16');
/** An archive box: the backups. */
export const BackupIcon = icon('r 3 4 18 5 1', 'M5 9v10a1 1 0 001 1h12a1 1 0 001-1V9M10 13h4');
