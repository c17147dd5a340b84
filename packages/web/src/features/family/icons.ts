import { icon } from '@/shared/ui/icons';

/** A parent above two children: the Tree page's entry. */
export const FamilyTreeIcon = icon(
  'r 9 3 6 5 1',
  'r 3 16 6 5 1',
  'r 15 16 6 5 1',
  'M12 8v4M6 16v-4h12v4',
);
