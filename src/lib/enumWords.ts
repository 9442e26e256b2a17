// The contract's enum values in words, one table per enum: what a page shows
// instead of `poll` or `PUBLIC`. A value not in a table (from a newer server)
// is shown as it is.
import type { ConnectorStatus, InputType, UserRole } from '../contract/contract';

const INPUT_TYPE_WORDS: Record<InputType, string> = {
  load_state: 'Loaded whole each time',
  poll: 'Polled for changes',
  event: 'Sent by the source',
  slim_retrieval: 'Listed only (no content)',
};

const ACCESS_TYPE_WORDS: Record<string, string> = {
  PUBLIC: 'Public',
  PRIVATE: 'Private',
  SYNC: 'Permissions from the source',
};

const STATUS_WORDS: Record<ConnectorStatus, string> = {
  ACTIVE: 'Running',
  PAUSED: 'Paused',
};

/** As a sentence says them: "whose role is global curator". */
const ROLE_WORDS: Record<UserRole, string> = {
  limited: 'limited',
  basic: 'basic',
  admin: 'admin',
  curator: 'curator',
  global_curator: 'global curator',
  slack_user: 'Slack user',
  ext_perm_user: 'external-permission user',
};

export const roleWords = (value: string) => ROLE_WORDS[value as UserRole] ?? value;
export const inputTypeWords = (value: string) => INPUT_TYPE_WORDS[value as InputType] ?? value;
export const accessTypeWords = (value: string) => ACCESS_TYPE_WORDS[value.toUpperCase()] ?? value;
export const statusWords = (value: string) => STATUS_WORDS[value as ConnectorStatus] ?? value;

/**
 * How someone signed in (an activity record's `how`): a key, single sign-on,
 * and for a user single sign-on made, why it let them in.
 */
const SIGN_IN_WORDS: Record<string, string> = {
  api_key: 'API key',
  oidc: 'Single sign-on',
  invited: 'Single sign-on, invited',
  allowed_domain: 'Single sign-on, address in an allowed domain',
  role_claim: 'Single sign-on, role given by the provider',
};

/** Why single sign-on refused someone (a failed sign-in's `reason`). */
const SIGN_IN_REASON_WORDS: Record<string, string> = {
  not_invited: 'Not invited',
  provider_unreachable: 'The provider could not be reached',
  no_pending_sign_in: 'No sign-in was under way',
  provider_answer_refused: 'The provider’s answer was refused',
  no_verified_email: 'No verified e-mail address',
  deactivated: 'Account deactivated',
};

export const signInWords = (value: string) => SIGN_IN_WORDS[value] ?? value;
export const signInReasonWords = (value: string) => SIGN_IN_REASON_WORDS[value] ?? value;
