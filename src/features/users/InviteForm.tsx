// Invite several addresses at once: all or nothing, as the server does it. Each
// bad address is named before anything is sent; the server's refusal (400) is
// shown the same way, and the keyboard goes to the field in error.
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { badInviteAddresses, splitAddresses } from '../../api/userLife';
import { useInviteUsers } from '../../api/userLifeHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { Field } from '../../components/Field';
import { describeError } from '../../lib/describeError';

export function InviteForm() {
  const invite = useInviteUsers();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);

  const refuse = (words: string) => {
    setError(words);
    setSaid('');
    requestAnimationFrame(() => field.current?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending) return;
    const emails = splitAddresses(text);
    if (emails.length === 0) return refuse('Enter at least one e-mail address.');
    const bad = badInviteAddresses(emails);
    if (bad.length > 0) {
      const named = bad.map(({ email, problem }) => `“${email}” (${problem})`).join(', ');
      return refuse(
        `${bad.length === 1 ? 'This address is' : 'These addresses are'} not valid: ${named}. Nothing was invited.`,
      );
    }
    setError(null);
    invite.mutate(emails, {
      onSuccess: () => {
        setText('');
        setSaid(
          `Invited ${emails.join(', ')}. They can sign in with single sign-on; addresses already invited or already users are left as they were.`,
        );
      },
      onError: (failure) =>
        refuse(
          failure instanceof ApiError && failure.status === 400
            ? `${failure.message}. Nothing was invited.`
            : describeError(failure),
        ),
    });
  };

  return (
    <section aria-labelledby="invite-title">
      <h2 id="invite-title">Invite users</h2>
      <form onSubmit={submit} noValidate aria-label="Invite users">
        <Field
          id="invite-emails"
          label="E-mail addresses to invite"
          hint="Several at once: separate them with commas, spaces or new lines. One bad address invites none."
          error={error}
        >
          {(control) => (
            <textarea
              {...control}
              ref={field}
              rows={3}
              spellCheck={false}
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" aria-disabled={invite.isPending || undefined}>
          {invite.isPending ? 'Inviting…' : 'Invite'}
        </button>
      </form>
      <ActionMessage words={said} />
    </section>
  );
}
