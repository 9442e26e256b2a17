// Names the browser holds (cookies, the address's fragment), without zod: the
// panel reads them before its first page, which loads no schema.
// session.ts and invitationLinks.ts re-export them.

/** The session cookie (HttpOnly: no script reads it). */
export const SESSION_COOKIE = 'sourcedesk_session';
/**
 * Beside it, a cookie scripts may read that holds no secret, only that a session
 * was opened in this browser: the panel starts its first requests at once
 * instead of asking first whether it is signed in.
 */
export const SIGNED_IN_COOKIE = 'sourcedesk_signed_in';

/** The address fragment the link carries its token in (`/#invitation=…`): browsers never send it. */
export const INVITATION_FRAGMENT = 'invitation';
