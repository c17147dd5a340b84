import type { ReactNode } from 'react';

/** An entry's facts (date, people, place…) as a list of terms. */
export function Facts({ facts }: { facts: { label: string; value: ReactNode }[] }) {
  if (facts.length === 0) return null;
  return (
    <dl className="kf-public-facts">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
