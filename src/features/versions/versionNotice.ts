import type { VersionSet } from '../../contract/contract';
import { compareVersions, parseVersionTag } from '../../lib/versionTags';

type VersionNotice =
  | { kind: 'stable'; available: string; running: string }
  | { kind: 'beta'; available: string; running: string };

/**
 * D9: a newer stable release wins; otherwise a dev tag newer than both the
 * running and the stable version is worth a quieter word. Any tag that does not
 * parse means nothing is shown: no false alarms.
 */
export function versionNotice(latest: VersionSet, running: string): VersionNotice | null {
  const current = parseVersionTag(running);
  const stable = parseVersionTag(latest.stable.app);
  const dev = parseVersionTag(latest.dev.app);
  if (!current || !stable || !dev) return null;
  if (compareVersions(stable, current) > 0) {
    return { kind: 'stable', available: latest.stable.app.trim(), running: running.trim() };
  }
  if (compareVersions(dev, current) > 0 && compareVersions(dev, stable) > 0) {
    return { kind: 'beta', available: latest.dev.app.trim(), running: running.trim() };
  }
  return null;
}
