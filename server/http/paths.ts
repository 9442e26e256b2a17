// Which requests are API requests, however their path is spelt (D1, D11).
/** The path as the API sees it: `//api/x` and `/api%2fx` are API paths as well. */
export const normalPath = (url: string) =>
  (url.split('?')[0] ?? '').replace(/%2f/gi, '/').replace(/\/{2,}/g, '/');

/**
 * The prefix matches in any letter case: `/API/x` is no route (routes are case
 * sensitive), and it is answered as one, with a JSON 404, not the panel's page.
 */
export const isApiPath = (url: string, prefix: string) => {
  const path = normalPath(url).toLowerCase();
  return path === prefix || path.startsWith(`${prefix}/`);
};
