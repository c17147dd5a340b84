import { describe, expect, it } from 'vitest';
import { clusterSize, pointIcon } from './pointIcon';

const at = (count: number) => ({ latitude: 45, longitude: 7, count });

describe('point icons', () => {
  it('grow with the count by tens, within a tap target', () => {
    expect(clusterSize(1)).toBe(28);
    expect(clusterSize(5)).toBe(32);
    expect(clusterSize(50)).toBe(38);
    expect(clusterSize(5_000_000)).toBe(56);
  });

  it('are one object per look, so markers keep their element (and focus) between draws', () => {
    expect(pointIcon(at(3))).toBe(pointIcon({ ...at(3), latitude: 10 }));
    expect(pointIcon(at(3))).not.toBe(pointIcon(at(4)));
    expect(pointIcon(at(1), true)).not.toBe(pointIcon(at(1)));
  });

  it('show a cluster’s count to the eye only', () => {
    const html = String(pointIcon(at(1234)).options.html);
    expect(html).toContain('aria-hidden="true"');
    expect(html).toMatch(/1.?234/);
    expect(String(pointIcon(at(1)).options.html)).not.toMatch(/\d/);
  });
});
