import type { Share } from '@kinfolio/contract';
import { describe, expect, it } from 'vitest';
import { updateBody } from './EditShareDialog';

const SHARE = {
  id: 3,
  has_password: true,
  show_names: true,
  allow_download: false,
  include_translations: true,
  label: null,
} as Share;

const VALUES = {
  expiry: 'keep' as const,
  password: '',
  removePassword: false,
  show_names: true,
  allow_download: false,
  include_translations: true,
  label: '',
};

describe('updateBody', () => {
  it('keeps the expiry and the password unless asked', () => {
    expect(updateBody(SHARE, VALUES)).toEqual({
      show_names: true,
      allow_download: false,
      include_translations: true,
      label: null,
    });
  });

  it('extends from today, sets a new password or removes it', () => {
    const extended = updateBody(SHARE, { ...VALUES, expiry: 'day', password: 'neuf1' });
    expect(Date.parse(String(extended.expires_at)) - Date.now()).toBeGreaterThan(86_000_000);
    expect(extended.password).toBe('neuf1');
    expect(updateBody(SHARE, { ...VALUES, expiry: 'never' }).expires_at).toBeNull();
    expect(
      updateBody(SHARE, { ...VALUES, removePassword: true, password: 'x' }).password,
    ).toBeNull();
  });
});
