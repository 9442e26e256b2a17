// The calls the panel makes before the connectors list's first rows:
// the sign-in of a `#key=` address,
// the shell's (who is signed in, the version and the versions' banner, what needs attention) and the
// list's (connectors, credentials, their health, the groups). Their answers are
// checked by validators the build generates from the same zod schemas
// (scripts/panelRoutes.ts), so zod itself loads only after the first rows;
// every other answer is parsed with the zod contract, loaded when first needed.
export const FIRST_ROWS_READS = [
  'signIn',
  'getMe',
  'getVersion',
  'getVersions',
  'listConnectors',
  'listCredentials',
  'listConnectorStatus',
  'listGroups',
] as const;
