// The modules scripts/panelRoutes.ts generates at build time; typed where they are used
// (src/api/routes.ts, src/api/client.ts).
declare module 'virtual:endpoint-routes' {
  const routes: Record<string, unknown>;
  export default routes;
}
declare module 'virtual:answer-checks' {
  /** Ajv's standalone validator: true when the value has the shape, else false with its errors. */
  export type AnswerCheck = ((value: unknown) => boolean) & {
    errors?: { instancePath: string; keyword: string; params: Record<string, unknown> }[] | null;
  };
  export const problemValidation: AnswerCheck;
  export const problemDetail: AnswerCheck;
  export const getMe: AnswerCheck;
  export const getVersion: AnswerCheck;
  export const listConnectors: AnswerCheck;
  export const listCredentials: AnswerCheck;
  export const listConnectorStatus: AnswerCheck;
  export const listGroups: AnswerCheck;
}
declare module 'virtual:source-labels' {
  /** Each catalogue source's words (scripts/sourceLabels.ts). */
  const labels: Record<
    string,
    { label: string; initials: string; credential: Record<string, string> }
  >;
  export default labels;
}
