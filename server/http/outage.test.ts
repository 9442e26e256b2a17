// D11: an outage is one log line however many fail meanwhile — requests and
// the background chores (the watch, the schedule, the daily chores) alike;
// a chore's other failures are its own line.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { Outage } from './outage';

function logged() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as (typeof lines)[number]);
      done();
    },
  });
  return { lines, log: Fastify({ logger: { level: 'info', stream } }).log };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});
const flush = () => new Promise((resolve) => setImmediate(resolve));

it('a chore that meets an outage adds no line of its own to the outage’s one', async () => {
  const { lines, log } = logged();
  const outage = new Outage(log, 'postgres:15');
  outage.failed(refused); // a request's
  outage.choreFailed('the health watch')(refused);
  outage.choreFailed('removing ended sessions')(refused);
  await flush();
  expect(lines.map((line) => line.msg)).toEqual([
    expect.stringMatching(/^the database cannot be reached/),
  ]);
});

it('a chore’s first failure in an outage is the outage’s line; another failure is its own', async () => {
  const { lines, log } = logged();
  const outage = new Outage(log, 'postgres:15');
  outage.choreFailed('the schedule')(refused);
  outage.choreFailed('the schedule')(new TypeError('x is undefined'));
  await flush();
  expect(lines.map((line) => [line.level, line.msg])).toEqual([
    [50, expect.stringMatching(/^the database cannot be reached/)],
    [50, 'the schedule failed'],
  ]);
});
