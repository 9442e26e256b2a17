/** Placeholder until the version banner lands (issue 3). */
export function VersionBanner() {
  return null;
}
