import { describe, expect, it } from 'vitest';
import { NAMESPACES, SHELL_NAMESPACES } from '@/shared/i18n';
import { namespacesFor } from './namespaces';

describe('the namespaces loaded beside a page', () => {
  it('names the feature of the path, the archive by default', () => {
    expect(namespacesFor('/')).toEqual(['auth']);
    expect(namespacesFor('/user/password-reset/abc')).toEqual(['auth']);
    expect(namespacesFor('/user/userprofile')).toEqual(['account']);
    expect(namespacesFor('/admin/tabAdminUsers/userList')).toEqual(['admin']);
    expect(namespacesFor('/tabOrganisation/tags')).toEqual(['organisation']);
    expect(namespacesFor('/records/12/profile')).toEqual(['records', 'archive', 'places']);
    expect(namespacesFor('/map')).toEqual(['places', 'archive']);
    expect(namespacesFor('/posts/3/profile')).toContain('places');
    expect(namespacesFor('/posts')).toContain('archive');
    expect(namespacesFor('/recordsX')).toContain('bulk');
  });

  it('names only namespaces the app ships, none of the shell', () => {
    for (const path of [
      '/',
      '/params/interface',
      '/admin',
      '/tabOrganisation',
      '/records',
      '/posts',
      '/map',
    ])
      for (const ns of namespacesFor(path)) {
        expect(NAMESPACES).toContain(ns);
        expect(SHELL_NAMESPACES).not.toContain(ns);
      }
  });
});
