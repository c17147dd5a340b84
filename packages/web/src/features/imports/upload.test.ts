import { describe, expect, it } from 'vitest';
import { importForm } from './upload';

describe('importForm', () => {
  it('sends the options as fields before the file, people as JSON text', () => {
    const file = new File(['PK'], 'chat.zip', { type: 'application/zip' });
    const form = importForm(file, {
      preview: true,
      folder_categories: false,
      people: { Mamie: 5, Jo: null },
      language: undefined,
    });
    expect([...form.keys()]).toEqual(['preview', 'folder_categories', 'people', 'file']);
    expect(form.get('preview')).toBe('true');
    expect(form.get('folder_categories')).toBe('false');
    expect(JSON.parse(String(form.get('people')))).toEqual({ Mamie: 5, Jo: null });
    expect((form.get('file') as File).name).toBe('chat.zip');
  });
});
