// D9: version tags such as v1.2.3 (stable) and v1.3.0-beta.2 (beta), compared
// by Semantic Versioning 2.0 precedence. Anything else parses to null, so a
// caller can show nothing rather than a false alarm.

export interface VersionTag {
  major: number;
  minor: number;
  patch: number;
  /** Empty for a release; e.g. ['beta', 2] for -beta.2. */
  prerelease: (string | number)[];
}

const NUMBER = '0|[1-9]\\d*';
const IDENTIFIER = `(?:${NUMBER}|\\d*[A-Za-z-][0-9A-Za-z-]*)`;
const TAG_PATTERN = new RegExp(
  `^v?(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})` +
    `(?:-(${IDENTIFIER}(?:\\.${IDENTIFIER})*))?` +
    // Build metadata is allowed and, as the standard says, ignored in comparisons.
    `(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?$`,
);

export function parseVersionTag(tag: string): VersionTag | null {
  const match = TAG_PATTERN.exec(tag.trim());
  if (!match) return null;
  const [major, minor, patch] = [match[1], match[2], match[3]].map(Number) as [
    number,
    number,
    number,
  ];
  if (![major, minor, patch].every(Number.isSafeInteger)) return null;
  const prerelease = match[4]
    ? match[4].split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
    : [];
  if (prerelease.some((part) => typeof part === 'number' && !Number.isSafeInteger(part))) {
    return null;
  }
  return { major, minor, patch, prerelease };
}

const sign = (difference: number) => Math.sign(difference);

function compareIdentifiers(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return sign(a - b);
  // Numeric identifiers sort before alphanumeric ones.
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative when a is older than b, positive when newer, 0 when of equal precedence. */
export function compareVersions(a: VersionTag, b: VersionTag): number {
  const core = sign(a.major - b.major) || sign(a.minor - b.minor) || sign(a.patch - b.patch);
  if (core !== 0) return core;
  // A release is newer than any of its prereleases.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return sign(b.prerelease.length - a.prerelease.length);
  }
  const length = Math.min(a.prerelease.length, b.prerelease.length);
  for (let index = 0; index < length; index++) {
    const order = compareIdentifiers(a.prerelease[index]!, b.prerelease[index]!);
    if (order !== 0) return order;
  }
  return sign(a.prerelease.length - b.prerelease.length);
}
