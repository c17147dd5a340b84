import { describe, expect, it } from 'vitest';
import { ID_MAX, idField, integerField } from './schemas/common.js';

describe('integers have one spelling', () => {
  it('reads a JSON number or its decimal digits', () => {
    expect(idField.parse(16)).toBe(16);
    expect(idField.parse('16')).toBe(16);
    expect(idField.parse(String(ID_MAX))).toBe(ID_MAX);
    expect(integerField(0, 10).parse('0')).toBe(0);
  });

  it('refuses every other spelling, and ids out of the 32-bit columns', () => {
    const refused = [
      ...['0x10', '0b10000', '0o20', '1.6e1', '16.0', '016', '+16', '-16', ' 16', '16\n', '١٦'],
      ...['', '0', 'NaN', 'Infinity', String(ID_MAX + 1), '9'.repeat(400), '16n'],
      ...[0, -1, 1.5, ID_MAX + 1, Number.NaN, Infinity, null, true, [16], { id: 16 }],
    ];
    for (const value of refused)
      expect(idField.safeParse(value).success, String(value)).toBe(false);
    expect(integerField(0, 10).safeParse('00').success).toBe(false);
  });
});
