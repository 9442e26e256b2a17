// The router state other pages hand to the connectors page, so it can confirm
// what they did: a connector made (the Jira wizard) or deleted (its own page).
// Typed and checked once here.
import * as z from 'zod/mini';

const createdStateSchema = z.object({ created: z.object({ id: z.int(), name: z.string() }) });
export type CreatedState = z.infer<typeof createdStateSchema>;
export type CreatedConnector = CreatedState['created'];

/** The connector named by a location's state, or undefined when the state is anything else. */
export const createdConnectorFrom = (state: unknown): CreatedConnector | undefined =>
  createdStateSchema.safeParse(state).data?.created;

const deletedStateSchema = z.object({ deleted: z.string() });
export type DeletedState = z.infer<typeof deletedStateSchema>;

/** The name of the connector just deleted, or undefined. */
export const deletedConnectorFrom = (state: unknown): string | undefined =>
  deletedStateSchema.safeParse(state).data?.deleted;
