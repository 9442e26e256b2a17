// A refused request in the server's own words, plainly: the wizard's attach
// and its document sets say failures the same way.
import { ApiError } from '../../api/client';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The server's own words, plainly. */
export function attachFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const words = sentence(error.message);
    return error.status === 0 ? words : `The server answered ${error.status}: ${words}`;
  }
  return error instanceof Error ? error.message : 'The request failed.';
}
