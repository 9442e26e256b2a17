import { API_KEY_ROLES, type ApiKey } from '../../contract/apiKeys';
import { roleWords } from '../../lib/enumWords';

/** A key's role, chosen in words: the new key's form and a key's edit form. */
export function KeyRoleField({ defaultRole }: { defaultRole: ApiKey['api_key_role'] }) {
  return (
    <label>
      Role{' '}
      <select name="role" defaultValue={defaultRole}>
        {API_KEY_ROLES.map((role) => (
          <option key={role} value={role}>
            {roleWords(role)}
          </option>
        ))}
      </select>
    </label>
  );
}
