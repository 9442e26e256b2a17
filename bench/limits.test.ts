import { describe, expect, it } from 'vitest';
import { StepTimeout, within } from './limits';

describe('within: a bench step with a time limit', () => {
  it('answers the step’s value when it finishes in time', async () => {
    await expect(within('quick', 1_000, Promise.resolve(42))).resolves.toBe(42);
  });

  it('fails naming the step when it hangs past its limit', async () => {
    const hanging = new Promise<never>(() => {});
    const outcome = within('scroll the table to the bottom', 20, hanging);
    await expect(outcome).rejects.toBeInstanceOf(StepTimeout);
    await expect(outcome).rejects.toThrow('"scroll the table to the bottom"');
  });

  it('passes the step’s own failure through', async () => {
    await expect(within('broken', 1_000, Promise.reject(new Error('no table')))).rejects.toThrow(
      'no table',
    );
  });
});
