import { expect, test } from 'vitest';
import { sharedRead } from './sharedRead';

/** A read whose answers the test hands out one by one: the value is the read's number. */
function controlledRead() {
  const pending: ((value: number) => void)[] = [];
  let begun = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      begun += 1;
      const number = begun;
      pending.push(() => resolve(number));
    });
  return {
    read,
    begun: () => begun,
    finishNext: async () => {
      pending.shift()!(0);
      // let the handlers run
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

test('callers while a read is on its way share the next one, begun after it ends', async () => {
  const source = controlledRead();
  const revision = sharedRead(source.read);
  const first = revision();
  expect(source.begun()).toBe(1);
  // Asked while read 1 is on its way: read 1 may have begun before a write they saw
  // answered, so they wait for read 2, which begins only once read 1 has ended.
  const second = revision();
  const third = revision();
  expect(source.begun()).toBe(1);
  await source.finishNext();
  expect(await first).toBe(1);
  expect(source.begun()).toBe(2);
  // Asked while read 2 is on its way: read 3, shared.
  const fourth = revision();
  await source.finishNext();
  expect(await second).toBe(2);
  expect(await third).toBe(2);
  await source.finishNext();
  expect(await fourth).toBe(3);
  expect(source.begun()).toBe(3);
  // Nothing on its way: a read of one's own, at once.
  const fifth = revision();
  expect(source.begun()).toBe(4);
  await source.finishNext();
  expect(await fifth).toBe(4);
});

test('a failed read fails only its own callers; the next callers read again', async () => {
  let calls = 0;
  const revision = sharedRead(async () => {
    calls += 1;
    if (calls === 1) throw new Error('connection lost');
    return calls;
  });
  await expect(revision()).rejects.toThrow('connection lost');
  expect(await revision()).toBe(2);
});
