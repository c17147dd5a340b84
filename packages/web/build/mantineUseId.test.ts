import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { renderHook } from '@testing-library/react';
import { useId as useReactId } from 'react';
import { describe, expect, it } from 'vitest';
import { mantineUseIdWithoutEffect } from './mantineUseId';

const require = createRequire(import.meta.url);
const hooksDir = path.dirname(path.dirname(require.resolve('@mantine/hooks')));
const MODULE = path.join(hooksDir, 'esm/use-id/use-id.mjs');

function transform(code: string, id: string) {
  const hook = mantineUseIdWithoutEffect.transform as (
    this: unknown,
    code: string,
    id: string,
  ) => { code: string } | null;
  return hook.call({}, code, id);
}

/** The replaced module as a function of React's useId (its one import). */
function replacedUseId(): (staticId?: string) => string {
  const result = transform(readFileSync(MODULE, 'utf8'), MODULE);
  if (!result) throw new Error('not transformed');
  const body = result.code
    .replace(/^import .*$/m, '')
    .replace('export { useId };', 'return useId;');
  return new Function('useReactId', body)(useReactId) as (staticId?: string) => string;
}

describe('mantineUseIdWithoutEffect', () => {
  it('leaves every other module alone', () => {
    expect(transform('export const x = 1;', '/app/node_modules/@mantine/hooks/esm/index.mjs')).toBe(
      null,
    );
  });

  it("replaces the installed Mantine's useId with an id that is there from the first render", () => {
    const useId = replacedUseId();
    let renders = 0;
    const { result, rerender } = renderHook(() => {
      renders += 1;
      return useId();
    });
    const first = result.current;
    expect(first).toMatch(/^mantine-[a-zA-Z0-9-]+$/);
    expect(renders).toBe(1);
    rerender();
    expect(result.current).toBe(first);
    const other = renderHook(() => useId()).result.current;
    expect(other).not.toBe(first);
    expect(renderHook(() => useId('given')).result.current).toBe('given');
  });

  it('stops the build when the module no longer reads as expected', () => {
    expect(() => transform('export function useId() {}', MODULE)).toThrow(/review this plugin/);
  });
});
