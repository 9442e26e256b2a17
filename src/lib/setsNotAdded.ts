// The router state the wizard hands to a new connector's page when the pair
// it made did not go into every document set ticked on its review: which sets,
// and why. Kept out of createdConnector.ts, which the list's path loads.
import { fieldOf } from './createdConnector';

export interface SetsNotAdded {
  names: string[];
  reason: string;
}
export interface SetsNotAddedState {
  setsNotAdded: SetsNotAdded;
}

/** The sets the wizard could not add a new connector to, or undefined. */
export function setsNotAddedFrom(state: unknown): SetsNotAdded | undefined {
  const notAdded = fieldOf(state, 'setsNotAdded');
  const names = fieldOf(notAdded, 'names');
  const reason = fieldOf(notAdded, 'reason');
  return Array.isArray(names) &&
    names.every((name) => typeof name === 'string') &&
    typeof reason === 'string'
    ? { names: names as string[], reason }
    : undefined;
}
