// Helpers for the 422 tests of connector creation (D3, D4).
import { expect } from 'vitest';
import type { ValidationError } from '../../src/contract/contract';
import type { TestServer } from './harness';
import { api, jiraRequest } from './http';

type Loc = (string | number)[];

/** Posts a creation request that must fail validation, and returns its problems. */
export function creationProblems(getServer: () => TestServer) {
  async function problems(body: unknown): Promise<ValidationError[]> {
    const response = await api(getServer(), 'POST', '/manage/admin/connector', { body });
    expect(response.status).toBe(422);
    const { detail } = response.json as { detail: ValidationError[] };
    for (const item of detail) expect(Object.keys(item).sort()).toEqual(['loc', 'msg', 'type']);
    return detail;
  }

  /** The request has exactly one problem, at `loc`, of `type`, with a message. */
  async function expectOne(body: unknown, loc: Loc, type: string): Promise<ValidationError> {
    const detail = await problems(body);
    expect(detail.map((item) => ({ loc: item.loc, type: item.type }))).toEqual([{ loc, type }]);
    expect(detail[0]!.msg).not.toBe('');
    return detail[0]!;
  }

  return { problems, expectOne };
}

/** A valid Jira request with one top-level field set to `value`. */
export const withField = (field: string, value: unknown) => ({ ...jiraRequest(), [field]: value });

/** A valid Jira request without one top-level field. */
export const without = (field: string) => {
  const body: Record<string, unknown> = { ...jiraRequest() };
  delete body[field];
  return body;
};

/** A valid Jira request with one config field set to `value`. */
export const withConfig = (field: string, value: unknown) => {
  const body = jiraRequest();
  return {
    ...body,
    connector_specific_config: { ...body.connector_specific_config, [field]: value },
  };
};

export const CONFIG: Loc = ['body', 'connector_specific_config'];
