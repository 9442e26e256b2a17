import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compareVersions, parseVersionTag, type VersionTag } from './versionTags';

const parsed = (tag: string): VersionTag => {
  const version = parseVersionTag(tag);
  if (!version) throw new Error(`${tag} should parse`);
  return version;
};
const compare = (a: string, b: string) => compareVersions(parsed(a), parsed(b));

describe('parseVersionTag', () => {
  test('reads stable and beta tags', () => {
    expect(parseVersionTag('v1.2.3')).toEqual({ major: 1, minor: 2, patch: 3, prerelease: [] });
    expect(parseVersionTag('v1.3.0-beta.2')).toEqual({
      major: 1,
      minor: 3,
      patch: 0,
      prerelease: ['beta', 2],
    });
    expect(parseVersionTag('0.1.0')).toEqual({ major: 0, minor: 1, patch: 0, prerelease: [] });
    expect(parseVersionTag('v2.0.0-rc.1+build.7')?.prerelease).toEqual(['rc', 1]);
  });

  test.each([
    '',
    'latest',
    'v1',
    'v1.2',
    'v1.2.3.4',
    'V1.2.3',
    'vv1.2.3',
    'v01.2.3',
    'v1.2.3-',
    'v1.2.3-beta..1',
    'v1.2.3-beta.01',
    'v1.2.3-beta_1',
    'v1.2.3+',
    'v-1.2.3',
    'v1.2.x',
    'v99999999999999999999.0.0',
    'sqlite:3.53',
    'none',
  ])('refuses %j', (tag) => {
    expect(parseVersionTag(tag)).toBeNull();
  });
});

describe('compareVersions', () => {
  test('orders by major, minor and patch as numbers, not text', () => {
    expect(compare('v1.10.0', 'v1.9.9')).toBe(1);
    expect(compare('v2.0.0', 'v10.0.0')).toBe(-1);
    expect(compare('v0.1.0', 'v0.1.1')).toBe(-1);
    expect(compare('v1.2.3', '1.2.3')).toBe(0);
  });

  test('orders prereleases as Semantic Versioning does', () => {
    const ascending = [
      'v1.0.0-alpha',
      'v1.0.0-alpha.1',
      'v1.0.0-alpha.beta',
      'v1.0.0-beta',
      'v1.0.0-beta.2',
      'v1.0.0-beta.11',
      'v1.0.0-rc.1',
      'v1.0.0',
      'v1.0.1-beta.1',
    ];
    for (let index = 1; index < ascending.length; index++) {
      expect(compare(ascending[index - 1]!, ascending[index]!)).toBe(-1);
      expect(compare(ascending[index]!, ascending[index - 1]!)).toBe(1);
    }
  });

  test('a beta of the next version is newer than the current release, older than the release', () => {
    expect(compare('v1.3.0-beta.2', 'v1.2.3')).toBe(1);
    expect(compare('v1.3.0-beta.2', 'v1.3.0')).toBe(-1);
  });

  test('ignores build metadata', () => {
    expect(compare('v1.2.3+build.1', 'v1.2.3+build.2')).toBe(0);
  });

  test('is antisymmetric and transitive', () => {
    const identifier = fc.oneof(fc.nat(20), fc.constantFrom('alpha', 'beta', 'rc', 'x-1'));
    const version = fc.record({
      major: fc.nat(3),
      minor: fc.nat(3),
      patch: fc.nat(3),
      prerelease: fc.array(identifier, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        expect(compareVersions(a, b)).toBe(-compareVersions(b, a) || 0);
        if (compareVersions(a, b) <= 0 && compareVersions(b, c) <= 0) {
          expect(compareVersions(a, c)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });
});
