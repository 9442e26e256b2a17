import { describe, expect, it } from 'vitest';
import { WEIGHT_TARGET_KB } from '../bench/weight';
import { LIST_PATH_CEILING_KB, listPathProblems, type ListPath } from './listPath';

const path = (totalKb: number, modules: string[]): ListPath => ({
  files: [{ file: 'assets/index.js', gzipKb: totalKb }],
  totalKb,
  modules,
});

describe("the connectors list's path (checked by npm test after its build)", () => {
  it('holds with the zod-free contract tables and a weight within the ceiling', () => {
    expect(
      listPathProblems(
        path(LIST_PATH_CEILING_KB - 1, ['src/contract/roles.ts', 'src/app/App.tsx']),
      ),
    ).toEqual([]);
  });

  it('fails past the ceiling (a ratchet under the target), saying how much it weighs', () => {
    expect(LIST_PATH_CEILING_KB).toBeLessThanOrEqual(WEIGHT_TARGET_KB);
    expect(listPathProblems(path(LIST_PATH_CEILING_KB, []))).toEqual([]);
    expect(listPathProblems(path(LIST_PATH_CEILING_KB + 0.5, []))).toEqual([
      expect.stringContaining(`weighs ${(LIST_PATH_CEILING_KB + 0.5).toFixed(1)} KB`),
    ]);
  });

  it('fails when zod, or a contract module that is not a zod-free table, comes onto it', () => {
    const problems = listPathProblems(
      path(10, ['node_modules/zod/v4/mini/schemas.js', 'src/contract/contract.ts']),
    );
    expect(problems).toEqual([
      expect.stringContaining('carries zod'),
      expect.stringContaining('carries src/contract/contract.ts'),
    ]);
  });
});
