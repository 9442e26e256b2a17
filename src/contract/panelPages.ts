// The panel's pages that the server names too (an alert's link): their paths
// live here, where the server may read them; src/lib/paths.ts builds on them.
export const PANEL_PAGES = {
  connector: (id: number) => `/connectors/${id}`,
  credentials: '/credentials',
  apiKeys: '/api-keys',
  settings: '/settings',
} as const;
