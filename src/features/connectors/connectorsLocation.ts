// What the connectors page reads from its location: the credential filter in
// the URL, and the connector the Jira wizard has just created (router state).
import * as z from 'zod/mini';

/** `?credential=7` → 7; no value, an empty one or one that is no id → no filter. */
export function credentialFilterFrom(searchParams: URLSearchParams): number | undefined {
  const value = searchParams.get('credential');
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The Jira wizard navigates here with `{ created: { id, name } }`. */
const createdStateSchema = z.object({ created: z.object({ id: z.int(), name: z.string() }) });
export type CreatedConnector = z.infer<typeof createdStateSchema>['created'];

export const createdConnectorFrom = (state: unknown): CreatedConnector | undefined =>
  createdStateSchema.safeParse(state).data?.created;
