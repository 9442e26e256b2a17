// Invite several addresses at once: all or nothing, as the server does it. Each
// bad address is named before anything is sent; the server's refusal (400) is
// shown the same way, and the keyboard goes to the field in error.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { useSignInMethods } from '../../api/sessionHooks';
import { badInviteAddresses, splitAddresses } from '../../contract/userLife';
import { invitedUsersQuery, useInviteUsers } from '../../api/userLifeHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { Field } from '../../components/Field';
import { describeError } from '../../lib/describeError';

export function InviteForm() {
  const invite = useInviteUsers();
  const methods = useSignInMethods();
  const queryClient = useQueryClient();
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
      onSuccess: async () => {
        setText('');
        // The server invites the addresses that are neither users nor invited: those
        // not on the invitation list after it are users already.
        const list = await queryClient.fetchQuery(invitedUsersQuery()).catch(() => null);
        // Unread (the server out of reach just now): each address is said to be invited.
        const open = new Set(
          (list ?? emails.map((email) => ({ email }))).map(({ email }) => email.toLowerCase()),
        );
        const invited = emails.filter((email) => open.has(email.toLowerCase()));
        const users = emails.filter((email) => !open.has(email.toLowerCase()));
        const provider = methods.data?.oidc?.name;
        setSaid(
          [
            invited.length > 0 &&
              `Invited ${invited.join(', ')}. ${
                provider
                  ? `They can sign in with ${provider}.`
                  : 'Single sign-on is not set up on this server: they can sign in once it is (docs/security.md, “Single sign-on”).'
              }`,
            users.length > 0 &&
              `${users.join(', ')} ${users.length === 1 ? 'is a user' : 'are users'} already: left as ${users.length === 1 ? 'it was' : 'they were'}.`,
          ]
            .filter(Boolean)
            .join(' '),
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
