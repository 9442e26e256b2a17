// D3/D8: validation of the set-user-role body.
import { describe, expect, it } from 'vitest';
import type { ValidationError } from '../../src/contract/contract';
import { useTestServer } from '../support/useTestServer';
import { api } from '../support/http';

const server = useTestServer();

const setRole = (body: unknown) => api(server, 'PATCH', '/manage/set-user-role', { body });

describe('D3/D8 validation', () => {
  async function problems(body: unknown) {
    const response = await setRole(body);
    expect(response.status).toBe(422);
    return (response.json as { detail: ValidationError[] }).detail.map(({ loc, type }) => [
      loc.join('.'),
      type,
    ]);
  }

  it('missing fields are all reported', async () => {
    expect(await problems({})).toEqual([
      ['body.user_email', 'missing'],
      ['body.new_role', 'missing'],
    ]);
  });

  it('wrong types and values are all reported', async () => {
    expect(await problems({ user_email: 5, new_role: 'ADMIN', explicit_override: 'true' })).toEqual(
      [
        ['body.user_email', 'string_type'],
        ['body.new_role', 'enum'],
        ['body.explicit_override', 'bool_type'],
      ],
    );
    expect(await problems({ user_email: null, new_role: 'owner', explicit_override: 1 })).toEqual([
      ['body.user_email', 'string_type'],
      ['body.new_role', 'enum'],
      ['body.explicit_override', 'bool_type'],
    ]);
  });

  it('the enum message lists the 7 roles', async () => {
    const response = await setRole({ user_email: 'a@b.co', new_role: 'Admin' });
    expect((response.json as { detail: ValidationError[] }).detail).toEqual([
      {
        loc: ['body', 'new_role'],
        msg: "Input should be 'limited', 'basic', 'admin', 'curator', 'global_curator', 'slack_user' or 'ext_perm_user'",
        type: 'enum',
      },
    ]);
  });
});
