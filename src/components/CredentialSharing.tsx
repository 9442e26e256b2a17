// D13: who may use a credential besides admins and its maker — every curator,
// and the curators and members of the groups it is shared with. One control for
// where a credential is made (CredentialForm) and where it is edited. The
// groups offered are those the caller controls, by name alone.
import { useControlledGroupNames } from '../api/groupHooks';
import { GroupBoxes } from './AccessChoice';

export interface SharingValue {
  curator_public: boolean;
  groups: number[];
}

export const NOT_SHARED: SharingValue = { curator_public: false, groups: [] };

export function CredentialSharing({
  id,
  value,
  onChange,
}: {
  id: string;
  value: SharingValue;
  onChange: (value: SharingValue) => void;
}) {
  const groups = useControlledGroupNames().data ?? [];
  return (
    <fieldset className="credential-sharing">
      <legend>Who else may use it</legend>
      <label>
        <input
          type="checkbox"
          id={`${id}-curators`}
          checked={value.curator_public}
          onChange={(event) => onChange({ ...value, curator_public: event.target.checked })}
        />{' '}
        Every curator may use it
      </label>
      {groups.length > 0 && (
        <GroupBoxes
          id={`${id}-groups`}
          legend="Shared with groups"
          hint="Their curators may see, use and change it."
          groups={groups}
          chosen={value.groups}
          onChange={(chosen) => onChange({ ...value, groups: chosen })}
        />
      )}
    </fieldset>
  );
}
