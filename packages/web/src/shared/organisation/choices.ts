import { useQuery } from '@tanstack/react-query';
import { displayName } from '@kinfolio/contract';
import { useMemo } from 'react';
import { compareIn } from '@/shared/intl';
import { categoryTreeData } from './categoryTree';
import { useUiLanguage } from './hooks';
import { organisationQueries } from './queries';

/** A choice of a select: the id as text and its label. */
export interface Choice {
  value: string;
  label: string;
}

/** The participants as choices, in the interface language's alphabetical order. */
export function useParticipantChoices(): Choice[] {
  const language = useUiLanguage();
  const participants = useQuery(organisationQueries.participants());
  return useMemo(
    () =>
      (participants.data ?? [])
        .map((p) => ({ value: String(p.id), label: p.name }))
        .sort((a, b) => compareIn(language)(a.label, b.label)),
    [participants.data, language],
  );
}

/**
 * The tags as choices, named in the interface language (`untitled` for a tag without a name there);
 * sorted alphabetically unless `sorted` is false (the server's order).
 */
export function useTagChoices(untitled: string, sorted = true): Choice[] {
  const language = useUiLanguage();
  const tags = useQuery(organisationQueries.tags());
  return useMemo(() => {
    const choices = (tags.data ?? []).map((tag) => ({
      value: String(tag.id),
      label: displayName(tag.name, language) || untitled,
    }));
    return sorted ? choices.sort((a, b) => compareIn(language)(a.label, b.label)) : choices;
  }, [tags.data, language, untitled, sorted]);
}

/** The category tree as a TreeSelect's data, named in the interface language. */
export function useCategoryChoices(untitled: string) {
  const language = useUiLanguage();
  const categories = useQuery(organisationQueries.categories());
  return useMemo(
    () => categoryTreeData(categories.data ?? [], language, untitled),
    [categories.data, language, untitled],
  );
}
