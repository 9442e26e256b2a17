// D13: the groups of a connector's credential pairs, changed on its page. The
// connector PATCH's `groups` become every pair's (a group makes a pair private
// to it); the server allows it when the caller controls the stored groups and
// the chosen ones, and its refusal is said in its words. The groups offered
// are those the caller controls. A private pair left with no group is seen by
// admins only, never public by accident: the form says so before it is saved.
import { useRef, useState } from 'react';
import { useUpdateConnector } from '../../api/connectors';
import { GroupBoxes } from '../../components/AccessChoice';
import { ActionMessage } from '../../components/ActionMessage';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useAccessChoices } from '../../components/useAccessChoices';
import type { ConnectorDetail } from '../../contract/contract';
import { focusFirstField } from '../../lib/focusFirstField';

const named = (ids: number[], names: ReadonlyMap<number, string>) =>
  ids.map((id) => names.get(id) ?? `group #${id}`).join(', ');

export function PairGroupsEditor({ connector }: { connector: ConnectorDetail }) {
  const choices = useAccessChoices();
  const update = useUpdateConnector();
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [said, setSaid] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const pairs = connector.cc_pairs;
  if (!connector.can_change || pairs.length === 0 || choices.groups.length === 0) return null;

  const names = new Map(choices.groups.map((g) => [g.id, g.name]));
  const stored = [...new Set(pairs.flatMap((pair) => pair.groups))];
  const differ = new Set(pairs.map((pair) => [...pair.groups].sort().join(','))).size > 1;
  const anyPrivate = pairs.some((pair) => pair.access_type === 'private');

  const open = () => {
    update.reset();
    setSaid('');
    setChosen(stored);
    setEditing(true);
    requestAnimationFrame(() => focusFirstField(form.current));
  };
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const save = async () => {
    await update.mutateAsync({ id: connector.id, change: { groups: chosen } });
    setEditing(false);
    setSaid(
      chosen.length > 0
        ? `“${connector.name}” is private to ${chosen.length === 1 ? 'group' : 'groups'} ${named(chosen, names)}.`
        : `“${connector.name}” is in no group: ${anyPrivate ? 'its private credentials are seen by admins only' : 'it stays public'}.`,
    );
  };

  return (
    <section aria-labelledby="connector-groups">
      <h2 id="connector-groups">Groups</h2>
      <ActionMessage words={said} />
      {!editing && (
        <button type="button" className="secondary" ref={opener} onClick={open}>
          Change groups
        </button>
      )}
      {editing && (
        <form
          ref={form}
          aria-labelledby="connector-groups"
          onSubmit={(event) => {
            event.preventDefault();
            void save().catch(() => {});
          }}
        >
          <GroupBoxes
            id="connector-groups-choice"
            legend={`Groups of “${connector.name}”`}
            groups={choices.groups}
            chosen={chosen}
            onChange={setChosen}
            hint={
              <>
                Each of its credentials gets the groups chosen; with a group, it is private to them.
                {differ && ' Its credentials are in different groups now: they all get the same.'}
                {anyPrivate &&
                  chosen.length === 0 &&
                  ' With no group, its private credentials are seen by admins only.'}
              </>
            }
          />
          {update.isError && <ErrorNotice error={update.error} takeFocus />}
          <div className="detail-actions">
            <button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save groups'}
            </button>
            <button type="button" className="secondary" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
