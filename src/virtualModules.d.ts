// The modules scripts/panelRoutes.ts generates at build time; typed where they are used
// (src/api/routes.ts, src/api/client.ts).
declare module 'virtual:endpoint-routes' {
  const routes: Record<string, unknown>;
  export default routes;
}
declare module 'virtual:answer-checks' {
  import type { Shape } from './api/answerShape';
  /** Each checked answer's shape and the shared parts they name ($ref). */
  export const shapes: Record<string, Shape>;
  /** The name of each checked answer's shape in `shapes`: the endpoint's name, or problemValidation and problemDetail. */
  export const checks: Record<string, string>;
}
declare module 'virtual:source-credential-labels' {
  /** Each catalogue source's credential keys' labels (scripts/sourceLabels.ts). */
  const labels: Record<string, Record<string, string>>;
  export default labels;
}
