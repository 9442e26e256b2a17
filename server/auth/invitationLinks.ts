// Sign-in links of invitations (docs/security.md, "Sign-in links of invitations"):
// on a server without single sign-on each new invitation gets one. The token
// is 256 random bits, shown once; the table keeps its SHA-256 hash, as for keys.
import { randomBytes } from 'node:crypto';
import type { InvitationLinkRefusal } from '../../src/contract/invitationLinks';
import type { Db } from '../db/database';
import {
  endOpenInvitationLinks,
  findInvitationLinkEnd,
  insertInvitationLinks,
  markInvitationLinkUsed,
} from '../repos/invitationLinks';
import { hashApiKey } from './apiKeys';

/** Issues a link's token for each address (letter case ignored); answers token and end by address. */
export async function issueInvitationLinks(
  db: Db,
  emails: readonly string[],
  lifetimeMs: number,
  now = new Date(),
): Promise<{ email: string; token: string; expiresAt: string }[]> {
  if (emails.length === 0) return [];
  const expiresAt = new Date(now.getTime() + lifetimeMs).toISOString();
  const issued = emails.map((email) => ({ email, token: randomBytes(32).toString('base64url') }));
  await insertInvitationLinks(
    db,
    issued.map(({ email, token }) => ({
      token_hash: hashApiKey(token),
      email_lower: email.toLowerCase(),
      time_created: now.toISOString(),
      expires_at: expiresAt,
    })),
  );
  return issued.map((link) => ({ ...link, expiresAt }));
}

/** The open links of an address end with its invitation; how many did. */
export async function revokeInvitationLinks(db: Db, email: string): Promise<number> {
  return endOpenInvitationLinks(db, email.toLowerCase(), 'revoked');
}

/**
 * Spends the link of `token` inside the sign-in's transaction: the invited
 * address, or why the link opens nothing. Marked used in the same statement
 * that finds it open, so two uses at once sign in once.
 */
export async function spendInvitationLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ emailLower: string } | { refusal: InvitationLinkRefusal }> {
  const tokenHash = hashApiKey(token);
  const spent = await markInvitationLinkUsed(db, tokenHash, now.toISOString());
  if (spent !== undefined) return { emailLower: spent };
  const row = await findInvitationLinkEnd(db, tokenHash);
  if (!row) return { refusal: 'unknown' };
  return {
    refusal: row.ended === 'used' ? 'used' : row.ended === 'revoked' ? 'revoked' : 'expired',
  };
}
