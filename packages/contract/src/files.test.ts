import { describe, expect, it } from 'vitest';
import { addFilepondBody, fileKind, isAllowedMime, modelTypeOf } from './index.js';

describe('file uploads in the contract', () => {
  it('accepts photos, audio, video, PDF and plain text, never SVG or HTML', () => {
    for (const mime of ['image/jpeg', 'image/heic', 'audio/x-m4a', 'video/quicktime']) {
      expect(isAllowedMime(mime), mime).toBe(true);
    }
    expect(isAllowedMime('application/pdf')).toBe(true);
    expect(isAllowedMime('text/plain; charset=utf-8')).toBe(true);
    for (const mime of ['image/svg+xml', 'text/html', 'application/zip', '', 'audio/']) {
      expect(isAllowedMime(mime), mime).toBe(false);
    }
    expect(fileKind('video/mp4')).toBe('video');
    expect(fileKind('application/pdf')).toBe('other');
  });

  it('maps Laravel model names to item types and records', () => {
    expect(modelTypeOf('App\\Models\\Media')).toBe('media');
    expect(modelTypeOf('medias')).toBe('media');
    expect(modelTypeOf('Post')).toBe('post');
    expect(modelTypeOf('messages')).toBe('message');
    expect(modelTypeOf('record')).toBe('record');
    expect(modelTypeOf('App\\Models\\Record')).toBe('record');
    expect(modelTypeOf('records')).toBe('record');
    expect(modelTypeOf('App\\Models\\User')).toBeUndefined();
    expect(modelTypeOf('recordings')).toBeUndefined();
    const parsed = addFilepondBody.parse({
      newmedias: ['a'.repeat(32)],
      modelId: '7',
      modelType: 'App\\Models\\Mail',
    });
    expect(parsed).toEqual({ newmedias: ['a'.repeat(32)], modelId: 7, modelType: 'mail' });
  });
});
