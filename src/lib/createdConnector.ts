// The router state the Jira wizard hands to the connectors page when a
// connector was made, so the page can confirm it: typed and checked once here.
import * as z from 'zod/mini';

const createdStateSchema = z.object({ created: z.object({ id: z.int(), name: z.string() }) });
export type CreatedState = z.infer<typeof createdStateSchema>;
export type CreatedConnector = CreatedState['created'];

/** The connector named by a location's state, or undefined when the state is anything else. */
export const createdConnectorFrom = (state: unknown): CreatedConnector | undefined =>
  createdStateSchema.safeParse(state).data?.created;
