import { timeCodeOf, type RecordSegment } from '@kinfolio/contract';

/** The OHMS (Oral History Metadata Synchronizer) namespace its readers look elements up in. */
export const OHMS_NAMESPACE = 'https://www.weareavp.com/nunncenter/ohms';

/** What the index says of the record itself. */
export interface OhmsRecord {
  id: number;
  title: string;
  /** The tape's label: OHMS's accession number. */
  number: string;
  /** YYYY-MM-DD, or empty. */
  date: string;
  language: string;
  /** The people heard. */
  people: string[];
  summary: string;
}

/** Text safe in XML content: markup escaped, characters XML 1.0 cannot hold left out. */
export function xmlText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- these are exactly what XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

const element = (name: string, value: string, indent: string) =>
  `${indent}<${name}>${xmlText(value)}</${name}>\n`;

/**
 * A record's segments as an OHMS XML index: `ROOT/record` with the record's title, date,
 * accession (its number), duration, language and interviewees, then `index/point` per segment
 * with its time (whole seconds), title, partial transcript, synopsis and keywords (`;`-separated,
 * as OHMS writes them).
 */
export function ohmsXml(record: OhmsRecord, segments: RecordSegment[]): string {
  const last = segments.at(-1);
  const length = last ? (last.end ?? last.start) : 0;
  const head = [
    element('version', '6', '    '),
    element('date', record.date, '    '),
    element('title', record.title, '    '),
    element('accession', record.number, '    '),
    element('duration', length > 0 ? timeCodeOf(length) : '', '    '),
    element('language', record.language, '    '),
    element('interviewee', record.people.join('; '), '    '),
    element('description', record.summary, '    '),
  ].join('');
  const points = segments
    .map(
      (segment) =>
        '      <point>\n' +
        element('time', String(Math.floor(segment.start)), '        ') +
        element('title', segment.title, '        ') +
        element('partial_transcript', segment.transcript, '        ') +
        element('synopsis', segment.synopsis, '        ') +
        element('keywords', segment.keywords.join('; '), '        ') +
        '      </point>\n',
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<ROOT xmlns="${OHMS_NAMESPACE}">\n` +
    `  <record id="${record.id}" dt="${xmlText(record.date)}">\n` +
    head +
    '    <index>\n' +
    points +
    '    </index>\n' +
    '  </record>\n' +
    '</ROOT>\n'
  );
}
