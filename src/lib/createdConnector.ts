// The router state other pages hand to the connectors page, so it can confirm
// what they did: a connector made (the Jira wizard) or deleted (its own page).
// Typed and checked once here, without zod: the list's path loads none.

export interface CreatedConnector {
  id: number;
  name: string;
}
export interface CreatedState {
  created: CreatedConnector;
}
export interface DeletedState {
  deleted: string;
}

export const fieldOf = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[name]
    : undefined;

/** The connector named by a location's state, or undefined when the state is anything else. */
export function createdConnectorFrom(state: unknown): CreatedConnector | undefined {
  const created = fieldOf(state, 'created');
  const id = fieldOf(created, 'id');
  const name = fieldOf(created, 'name');
  return Number.isSafeInteger(id) && typeof name === 'string'
    ? { id: id as number, name }
    : undefined;
}

/** The name of the connector just deleted, or undefined. */
export function deletedConnectorFrom(state: unknown): string | undefined {
  const deleted = fieldOf(state, 'deleted');
  return typeof deleted === 'string' ? deleted : undefined;
}
