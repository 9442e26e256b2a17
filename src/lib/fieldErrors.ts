// D3: the server's 422 problems put next to the fields they are about. Each
// form says which of its fields a `loc` names; the rest are returned in words.
import {
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { ApiError } from '../api/client';
import type { ValidationError } from '../contract/contract';
import { friendlyWords } from './friendlyWords';

type Loc = ValidationError['loc'];

/** The 422 problems of a failed request; none for any other failure. */
export const validationProblemsOf = (error: unknown): ValidationError[] =>
  error instanceof ApiError && error.status === 422 ? error.validationErrors : [];

/** `["body", "name"]: Field required` for a problem no field holds. */
export const problemWords = ({ loc, msg }: ValidationError) =>
  `${loc.join(' › ')}: ${friendlyWords(msg)}`;

/**
 * Sets each problem on the field `fieldForLoc` names; returns the fields that
 * got one and the words of the problems that belong to none.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldForLoc: (loc: Loc) => string | null,
): { placed: string[]; unplaced: string[] } {
  const placed: string[] = [];
  const unplaced: string[] = [];
  for (const problem of validationProblemsOf(error)) {
    const field = fieldForLoc(problem.loc);
    if (!field) {
      unplaced.push(problemWords(problem));
      continue;
    }
    // The first field in error gets the keyboard (docs/panel.md, "Focus after an action").
    setError(
      field as Path<T>,
      { type: 'server', message: problem.msg },
      { shouldFocus: placed.length === 0 },
    );
    placed.push(field);
  }
  return { placed, unplaced };
}

/** The message of the error a form holds at `path` (`config.channels.2`), if any. */
export const errorAt = (errors: FieldErrors, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;
