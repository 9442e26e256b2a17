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
import { INVITATION_LINK_DAYS, type InvitationLink } from '../../contract/invitationLinks';
import { InvitationLinks } from './InvitationLinks';
import { inviteOutcome } from './inviteOutcome';

export function InviteForm() {
  const invite = useInviteUsers();
  const methods = useSignInMethods();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [links, setLinks] = useState<InvitationLink[]>([]);
  const field = useRef<HTMLTextAreaElement>(null);
  const provider = methods.data?.oidc?.name;

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
    setLinks([]);
    invite.mutate(emails, {
      onSuccess: async (answer) => {
        setText('');
        // Those not invited now are invited already or users already: the open
        // invitations after it tell which (unread, the server out of reach: invited).
        const list = await queryClient.fetchQuery(invitedUsersQuery()).catch(() => null);
        setSaid(inviteOutcome(emails, answer, list, provider));
        setLinks(answer.sign_in_links ?? []);
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
      {methods.isSuccess && (
        <p className="hint" id="invite-way">
          {provider
            ? `Invited people sign in with ${provider}.`
            : `This server has no single sign-on: for each person you invite you get a one-time sign-in link to send them. A link works once, within ${INVITATION_LINK_DAYS} days.`}
        </p>
      )}
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
      <InvitationLinks links={links} />
    </section>
  );
}
