import { describe, expect, it } from 'vitest';
import { initialAnswers, plannedCounts, startBody, unanswered } from './answers';
import { chatPreview, testImport } from './testImport';

const chat = testImport({
  source_kind: 'whatsapp',
  source_kinds: ['whatsapp'],
  status: 'ready',
  preview: chatPreview,
});

describe('preview answers', () => {
  it('preselects the suggested participants, the browser zone and the upload options', () => {
    const answers = initialAnswers(chat, chatPreview, 'Europe/Rome');
    expect(answers.people).toEqual({ Mamie: 5, Jo: null });
    expect(answers.time_zone).toBe('Europe/Rome');
    expect(answers.date_order).toBeNull();
    expect(unanswered(chatPreview, answers)).toEqual(['date_order']);
  });

  it('keeps a mapping sent with the upload over the suggestion', () => {
    const entry = testImport({ options: { ...chat.options, people: { Mamie: 8 } } });
    expect(initialAnswers(entry, chatPreview, null).people).toEqual({ Mamie: 8, Jo: null });
  });

  it('sends every person, the questions asked and only the options of the kind', () => {
    const answers = {
      ...initialAnswers(chat, chatPreview, 'Europe/Paris'),
      date_order: 'day_first' as const,
      folder_categories: true,
    };
    expect(startBody(chat, chatPreview, answers)).toEqual({
      people: { Mamie: 5, Jo: null },
      date_order: 'day_first',
      time_zone: 'Europe/Paris',
      one_item_per: 'day',
    });
    const photos = { ...chatPreview, people: [], questions: [] };
    expect(startBody(testImport(), photos, { ...answers, language: 'it' })).toEqual({
      people: {},
      folder_categories: true,
      language: 'it',
    });
  });

  it('counts the participants to create as the people are mapped', () => {
    const answers = initialAnswers(chat, chatPreview, null);
    expect(plannedCounts(chatPreview, answers)).toEqual({
      messages: 4,
      participants: 1,
      files: 2,
    });
    // Jo mapped to a participant: no new one; Mamie's suggestion set aside: one of her own.
    const mapped = (people: Record<string, number | null>) =>
      plannedCounts(chatPreview, { ...answers, people }).participants;
    expect(mapped({ Mamie: 5, Jo: 7 })).toBe(0);
    expect(mapped({ Mamie: null, Jo: 7 })).toBe(1);
    expect(mapped({ Mamie: null, Jo: null })).toBe(2);
  });

  it("counts a chat's items as its days, or as its messages when asked", () => {
    const answers = initialAnswers(chat, chatPreview, null);
    expect(plannedCounts(chatPreview, answers).messages).toBe(4);
    expect(plannedCounts(chatPreview, { ...answers, one_item_per: 'message' }).messages).toBe(12);
    // A source without a chat: no messages.
    const photos = { ...chatPreview, counts: { media: 3 } };
    expect(plannedCounts(photos, answers)).toEqual({ media: 3, participants: 0 });
  });
});
