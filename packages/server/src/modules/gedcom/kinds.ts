export type { LifeDate, PartialDate, Sex } from '@kinfolio/contract';
import type { RelationKind } from '@kinfolio/contract';

/** How a parent is one (the parent kinds of a relation). */
export type ParentKind = Extract<RelationKind, 'birth' | 'adopted' | 'foster' | 'step'>;
