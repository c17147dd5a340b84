import type { Permission } from '@kinfolio/contract';
import { vi } from 'vitest';
import type * as Hooks from '@/shared/organisation/hooks';

/*
 * The organisation hooks with the permissions a test grants, without a session:
 * `vi.mock('@/shared/organisation/hooks', () => import('@/shared/test/permissionsStub'))`,
 * then `grant(['records.edit'])`.
 */

const actual = await vi.importActual<typeof Hooks>('@/shared/organisation/hooks');
let granted: readonly Permission[] = [];

export function grant(permissions: readonly Permission[]) {
  granted = permissions;
}

export const useUiLanguage = actual.useUiLanguage;
export const useCan = (permission: Permission) => granted.includes(permission);
