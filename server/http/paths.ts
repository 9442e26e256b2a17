// Which requests are API requests, however their path is spelt (D1, D11).
/** The path as the API sees it: `//api/x` and `/api%2fx` are API paths as well. */
export const normalPath = (url: string) =>
  (url.split('?')[0] ?? '').replace(/%2f/gi, '/').replace(/\/{2,}/g, '/');

export const isApiPath = (url: string, prefix: string) => {
  const path = normalPath(url);
  return path === prefix || path.startsWith(`${prefix}/`);
};
