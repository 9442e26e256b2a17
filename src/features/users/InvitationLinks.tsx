// The sign-in links of the invitations just made (servers without single sign-on):
// shown this once, each with its own Copy button (docs/security.md, "Sign-in links
// of invitations"). The server keeps only their hashes.
import { useId, useState } from 'react';
import type { InvitationLink } from '../../contract/invitationLinks';
import { formatDateTime } from '../../lib/format';

function LinkLine({ link }: { link: InvitationLink }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <li className="invitation-link">
      <label htmlFor={id}>Sign-in link for {link.email}</label>
      <input id={id} readOnly value={link.link} spellCheck={false} />
      <button
        type="button"
        aria-label={`Copy the sign-in link for ${link.email}`}
        onClick={() => void navigator.clipboard?.writeText(link.link).then(() => setCopied(true))}
      >
        Copy
      </button>{' '}
      {copied ? <span role="status">Copied</span> : null}
    </li>
  );
}

export function InvitationLinks({ links }: { links: readonly InvitationLink[] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="invitation-links-title" className="notice invitation-links">
      <h3 id="invitation-links-title">Sign-in links</h3>
      <p>
        <strong>Copy each link now and send it to its person: you will not see it again.</strong>{' '}
        Each signs in once, until {formatDateTime(links[0]!.expires_at)}. Removing the invitation
        ends its link.
      </p>
      <ul>
        {links.map((link) => (
          <LinkLine key={link.email} link={link} />
        ))}
      </ul>
    </section>
  );
}
