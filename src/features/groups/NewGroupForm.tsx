// An admin makes a group by name; members and connectors are added on its card.
import { useRef, useState, type FormEvent } from 'react';
import { useCreateGroup } from '../../api/groupHooks';
import { Field } from '../../components/Field';
import { describeError } from '../../lib/describeError';

export function NewGroupForm({
  onMade,
  onRefused,
}: {
  onMade: (name: string) => void;
  /** A refusal is the latest result: the page's earlier message goes. */
  onRefused: () => void;
}) {
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const refuse = (words: string) => {
    setError(words);
    onRefused();
    requestAnimationFrame(() => field.current?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) return refuse('Enter a name for the group.');
    create.mutate(
      { name: trimmed, user_ids: [], cc_pair_ids: [] },
      {
        onSuccess: () => {
          setName('');
          setError(null);
          onMade(trimmed);
        },
        onError: (failure) => refuse(describeError(failure)),
      },
    );
  };

  return (
    <form className="group-new" onSubmit={submit} noValidate>
      <h2>New group</h2>
      <Field id="group-name" label="Group name" error={error}>
        {(control) => (
          <input
            {...control}
            ref={field}
            type="text"
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create group'}
      </button>
    </form>
  );
}
