import { describe, expect, it } from 'vitest';
import { validateRecordProfileSearch } from './playAt';

describe('record page address', () => {
  it('keeps a moment of the recording, nothing else', () => {
    expect(validateRecordProfileSearch({ t: '724' })).toEqual({ t: 724 });
    expect(validateRecordProfileSearch({ t: 5.04 })).toEqual({ t: 5 });
    expect(validateRecordProfileSearch({ t: '0' })).toEqual({});
    expect(validateRecordProfileSearch({ t: '-3' })).toEqual({});
    expect(validateRecordProfileSearch({ t: 'soon' })).toEqual({});
    expect(validateRecordProfileSearch({ t: 1e12 })).toEqual({});
    expect(validateRecordProfileSearch({})).toEqual({});
  });
});
