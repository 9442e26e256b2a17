// What each field of an answer is, as /api/openapi.json and the panel's API
// reference say it. A body's words are the contract's own (z.describe), since
// forms and the document share them; an answer's live here, by the schema they
// describe, because the panel parses answers on its first screen and has no use
// for their words there. test/api/openapi.test.ts holds every field to having some.
import type { ZodMiniType } from 'zod/mini';
import {
  acceptedUserSchema,
  directoryUserSchema,
  acceptedUsersPageSchema,
  attachResponseSchema,
  backendVersionSchema,
  connectorCreateResponseSchema,
  connectorDetailSchema,
  connectorPairSchema,
  connectorSnapshotSchema,
  credentialCreateResponseSchema,
  credentialSchema,
  currentUserSchema,
  FIELD,
  userMembershipSchema,
  statusResponseSchema,
  versionSetSchema,
  versionTagsSchema,
} from '../../src/contract/contract';
import { auditActorSchema, auditPageSchema, auditRecordSchema } from '../../src/contract/audit';
import { apiKeyOwnerSchema, apiKeySchema } from '../../src/contract/apiKeys';
import { bulkInviteResponseSchema, invitedUserSchema } from '../../src/contract/userLife';
import { invitationLinkSchema } from '../../src/contract/invitationLinks';
import {
  scimManagedSchema,
  scimTokenCreatedSchema,
  scimTokenSchema,
} from '../../src/contract/scim';
import { signInMethodsSchema, signInProviderSchema } from '../../src/contract/session';
import {
  groupMemberSchema,
  groupPairPartSchema,
  groupPairSchema,
  minimalUserGroupSchema,
  userGroupSchema,
} from '../../src/contract/groups';
import { documentSetSummarySchema, pairSummarySchema } from '../../src/contract/documentSetSummary';
import {
  connectionCheckSchema,
  connectionTestResultSchema,
} from '../../src/contract/connectionTest';
import { pairTestSchema } from '../../src/contract/connectionChecks';
import {
  attentionSchema,
  connectorStatusRowSchema,
  replaceEverywhereResponseSchema,
} from '../../src/contract/health';
import {
  alertDeliverySchema,
  alertSettingsSchema,
  testAlertResultSchema,
} from '../../src/contract/alerts';

import {
  connectorFileSchema,
  connectorFilesAnswerSchema,
  fileUploadAnswerSchema,
} from '../../src/contract/fileUpload';
import { SYNC_ANSWER_WORDS } from './syncWords';

type Words = Record<string, string>;

const TIME_CREATED = 'When it was made: an ISO-8601 date-time in UTC.';
const scimTokenWords = {
  id: "The token's id.",
  name: 'What it is for ("Okta"); the activity log names SCIM\'s changes "SCIM (name)".',
  last_four: 'Its last four characters, to tell it apart: never the secret.',
  time_created: TIME_CREATED,
  last_used_at: 'When the identity provider last used it, to the minute; `null` if never.',
};
const TIME_UPDATED = 'When it was last changed: an ISO-8601 date-time in UTC.';
const USER_ID = "The user's id (a UUID).";

const connectorWords: Words = {
  id: "The connector's id.",
  name: FIELD.connectorName,
  source: FIELD.source,
  input_type: FIELD.inputType,
  connector_specific_config: FIELD.config,
  refresh_freq: FIELD.refreshFreq,
  prune_freq: FIELD.pruneFreq,
  indexing_start: FIELD.indexingStart,
  credential_ids: 'Ids of the credentials attached to it, ascending; empty for an unfinished one.',
  time_created: TIME_CREATED,
  time_updated: `${TIME_UPDATED} Attaching or detaching a credential does not change it.`,
};

const credentialWords: Words = {
  id: "The credential's id (0 is the built-in empty credential).",
  source: 'The source it is for, such as `jira`.',
  name: 'A name to know it by; `null` when it has none.',
  credential_json:
    'Its values, each secret one masked: 12 dots, or its first and last 4 characters; a few non-secret keys (such as `wiki_base`) as they are.',
  admin_public: 'Whether every admin may use it.',
  curator_public: 'Whether every curator may use it.',
  groups:
    'Ids of the user groups it is shared with: curators of those groups see and change it. An id that names no group is refused (422).',
  user_id: `Who made it: ${USER_ID} \`null\` for the built-in credential.`,
  user_email: "Who made it: the user's e-mail address.",
  time_created: TIME_CREATED,
  time_updated: TIME_UPDATED,
};

const outcomeWords = (data: string): Words => ({
  success: 'Whether the change was made (`false` when there was nothing to do).',
  message: 'What happened, in words.',
  data,
});

const userWords: Words = {
  id: USER_ID,
  email: "The user's e-mail address.",
  role: 'Their role: `admin`, `curator`, `global_curator`, `basic`, `limited` or `slack_user`.',
  is_active: 'Whether they may sign in: `false` once deactivated.',
};

const versionTagsWords: Words = {
  app: 'The application image: a version tag such as `v1.2.3` (a beta reads `v1.3.0-beta.2`).',
  relational_db: 'The database in use and its version, such as `sqlite:3.53`.',
  index: 'The search index image; `none` here.',
  proxy: 'The proxy image; `none` here.',
};

/** Each answer schema (or one inside an answer) and what its fields are. */
export const ANSWER_WORDS = new Map<ZodMiniType, Words>([
  [connectorSnapshotSchema, connectorWords],
  [
    connectorDetailSchema,
    {
      ...connectorWords,
      access_type: 'Who may find its documents: `PUBLIC`, `PRIVATE` or `SYNC`.',
      status: '`ACTIVE` while it runs, `PAUSED` while paused.',
      credentials: 'The credentials attached to it, each masked as the credential list shows it.',
      cc_pairs: 'Its connector–credential pairs, by credential id, each with its last test.',
      can_change:
        'Whether the caller may change it (edit, pause, resume, attach, detach): always for an admin; for a curator when its private pairs are in groups they control, or they made it and its pairs are all public.',
      can_delete:
        'Whether the caller may delete it: as `can_change`, and a connector with a private pair only by an admin.',
    },
  ],
  [
    connectorPairSchema,
    {
      cc_pair_id: 'The pair’s id (`POST /manage/admin/cc-pair/{cc_pair_id}/test` tests it).',
      credential_id: 'The credential of the pair.',
      name: 'The pair’s name, given when the credential was attached; `null` for none.',
      access_type:
        '`public` (everyone with admin rights sees it), `private` (only its groups’ curators and members) or `sync` (seen as public).',
      groups: 'The ids of the user groups the pair belongs to.',
      last_test: 'The pair’s last connection test; `null` when it was never tested.',
    },
  ],
  [
    pairTestSchema,
    {
      time: 'When it was tested: an ISO-8601 date-time in UTC.',
      ok: '`true` when every check passed, `false` when one failed, `null` when none failed but some could not be made.',
      checks: 'Each check made, in order, in words (never the remote answer, never a secret).',
    },
  ],
  [
    connectorStatusRowSchema,
    {
      cc_pair_id: 'The connector–credential pair’s id (the same after a credential swap).',
      name: 'The pair’s own name, when it was given one at attach; `null` otherwise.',
      connector: 'The connector, as the connector list shows it.',
      credential: 'The credential, masked as the credential list shows it.',
      access_type: 'Who may find its documents: `public`, `private` (its groups) or `sync`.',
      groups: 'Ids of the user groups of a private pair, ascending.',
      cc_pair_status:
        '`ACTIVE`; `PAUSED` while its connector is paused; `INVALID` when its last connection test failed, or its last 5 runs ended in validation errors.',
      needs_attention: 'Why someone should look at it; empty when nothing needs attention.',
      last_test: 'The pair’s last connection test; `null` when it was never tested.',
      in_progress: 'Whether a worker runs it now; `null` until a worker started a run of it.',
      last_success:
        'When its last successful index run ended; `null` when none did (or no worker reported).',
      last_finished_status: 'How its last finished index run ended; `null` before one.',
      in_repeated_error_state:
        'Whether its last 5 index runs failed (the last 1 when it runs on demand only); `null` until a worker reported.',
      docs_indexed:
        'Documents in its inventory, as its workers reported them; `null` until a worker reported.',
    },
  ],
  [
    attentionSchema,
    {
      reason:
        '`last_test_failed`, `not_tested` (for more than twice `SOURCEDESK_RETEST_HOURS`) or `paused_long` (paused for more than 30 days).',
      since: 'Since when: an ISO-8601 date-time in UTC.',
      message: 'What needs attention, in words (a failed test names its check).',
    },
  ],
  [
    replaceEverywhereResponseSchema,
    {
      success: 'Always `true`: a refusal is an error answer and replaces nothing.',
      message: 'What was replaced, in words.',
      data: 'The ids of the pairs whose credential was replaced (each the same as before).',
    },
  ],
  [
    connectorCreateResponseSchema,
    {
      id: 'The new connector’s id.',
      credential: 'Always `null`: a credential is attached afterwards.',
    },
  ],
  [credentialSchema, credentialWords],
  [
    credentialCreateResponseSchema,
    {
      id: 'The new credential’s id.',
      credential: 'The credential as saved, its values masked.',
    },
  ],
  [
    statusResponseSchema,
    outcomeWords(
      'The id of what was deleted; for a detach, the id of the connector–credential pair removed (the connector’s id when there was none).',
    ),
  ],
  [
    attachResponseSchema,
    outcomeWords(
      'The id of the new connector–credential pair; the connector’s id when the credential was already attached.',
    ),
  ],
  [
    connectionTestResultSchema,
    {
      ok: '`true` when every check passed, `false` when one failed, `null` when none failed but some could not be made.',
      checks: 'Each check made, in order.',
    },
  ],
  [
    connectionCheckSchema,
    {
      name: 'What was checked, such as “Jira project ENG”.',
      ok: '`true` passed, `false` failed, `null` not checked.',
      message: 'What was found, in words; never a secret.',
    },
  ],
  [acceptedUserSchema, userWords],
  [currentUserSchema, { ...userWords, groups: 'The user groups they belong to, by name.' }],
  [
    directoryUserSchema,
    {
      ...userWords,
      groups: 'The user groups they belong to, by name, and whether they curate each.',
    },
  ],
  [
    userMembershipSchema,
    {
      id: "The group's id.",
      name: "The group's name.",
      is_curator: 'Whether they curate it.',
    },
  ],
  [
    acceptedUsersPageSchema,
    {
      items: 'The users of this page, by e-mail address.',
      total_items: 'How many users match, on every page together.',
    },
  ],
  [
    bulkInviteResponseSchema,
    {
      invited_count: 'How many invitations are open after this one.',
      email_invite_status: 'Always `DISABLED`: this service sends no e-mail; tell people yourself.',
      invited_emails:
        'The addresses this request invited: not those invited or users already (beyond Onyx).',
      sign_in_links:
        'Only on a server without single sign-on: a one-time sign-in link for each address invited now. Shown this once; the server keeps only a hash.',
    },
  ],
  [
    invitationLinkSchema,
    {
      email: 'The invited address the link signs in.',
      link: 'The panel’s address with the token after `#invitation=`: opened once, it signs this person in.',
      expires_at: 'When the link stops working (ISO-8601, UTC), unless used or withdrawn before.',
    },
  ],
  [invitedUserSchema, { email: 'The invited e-mail address.' }],
  [
    auditPageSchema,
    {
      items: 'The records of this page, newest first.',
      next_cursor: 'Pass as `cursor` for the next (older) page; `null` on the last page.',
    },
  ],
  [
    auditRecordSchema,
    {
      id: "The record's id; later records have greater ids.",
      time: 'When it happened: an ISO-8601 date-time in UTC.',
      action: 'What was done, such as `connector.create` or `auth.login_failure`.',
      outcome: '`success`, or `denied` when the change was refused.',
      actor: 'Who did it.',
      resource_type: 'What kind of thing it was done to, such as `connector`; `null` for none.',
      resource_id: 'Its id, as text; `null` for none.',
      resource_name: 'Its name at the time; `null` for none.',
      address: 'The network address the request came from.',
      user_agent: 'The browser or program that sent it.',
      request_id: 'The request id, as the server log has it.',
      changes:
        'Each changed field with its value `before` and `after` (secret values masked); or the facts of the record, such as a count of wrong keys.',
    },
  ],
  [
    auditActorSchema,
    {
      user_id: `${USER_ID} \`null\` when nobody was signed in.`,
      email: 'Their e-mail address at the time; `null` when unknown.',
      api_key_id: 'The API key used, if one was; `null` for a session or the server itself.',
    },
  ],
  [
    apiKeySchema,
    {
      api_key_id: "The key's id.",
      api_key_display: 'A short form to tell keys apart, such as `sd_AbCd…`: never the secret.',
      api_key_name: 'A name to know it by; `null` when it has none.',
      api_key_role: 'The role it acts with.',
      user_id: `The user the key acts as: ${USER_ID}`,
      user_email: 'That user’s e-mail address.',
      owner: 'The admin who made it in the panel or the API; `null` when the key command made it.',
      time_created: TIME_CREATED,
      expires_at: 'When it stops working (ISO-8601, UTC); `null` for never.',
      last_used_at: 'When it was last used, to the minute; `null` if never.',
      api_key: 'The key itself: only in the answers of creation and regeneration, and never again.',
    },
  ],
  [apiKeyOwnerSchema, { user_id: USER_ID, email: 'Their e-mail address.' }],
  [
    versionSetSchema,
    {
      stable: 'The tags of the current stable release.',
      dev: 'The tags of the newest development release (such as a beta).',
      migration: 'The tags to use when moving data between versions.',
    },
  ],
  [
    userGroupSchema,
    {
      id: "The group's id.",
      name: "The group's name, unique among groups.",
      users: 'Its members, by e-mail address.',
      curator_ids: 'The ids of the members who curate it.',
      cc_pairs: 'The connector–credential pairs it may see.',
      document_sets: 'The document sets shared with it, as `GET /manage/document-set` tells them.',
      personas: 'Always empty: Sourcedesk has no assistants.',
      is_up_to_date: 'Always `true`: there is no index to bring up to date.',
      is_up_for_deletion: 'Always `false`: a deleted group is gone at once.',
    },
  ],
  [
    documentSetSummarySchema,
    {
      id: "The set's id.",
      name: "The set's name, unique among sets.",
      description: 'What the set holds, in words.',
      cc_pair_summaries:
        'The connector–credential pairs it holds (those the caller may see); empty when every pair was detached or deleted.',
      is_up_to_date: 'Always `true`: Sourcedesk keeps no index, so a set applies once saved.',
      is_public: '`true`: everyone sees it; `false`: the members of its groups (and admins).',
      users: 'Always empty: sharing with single users is not supported.',
      groups: 'The ids of the user groups it is shared with.',
      document_count:
        'The documents its pairs hold as workers reported them; `null` while none is reported.',
      is_editable: 'Whether the caller may change it.',
    },
  ],
  [
    pairSummarySchema,
    {
      id: "The pair's id.",
      name: "The pair's name, or its connector's when it has none.",
      source: 'Its source, such as `jira`.',
      access_type: '`public`, `private` (to its groups) or `sync`.',
    },
  ],
  [
    groupMemberSchema,
    {
      id: USER_ID,
      email: 'Their e-mail address.',
      is_active: '`false` for a deactivated user.',
      role: 'Their role; a curator of any group is `curator`.',
    },
  ],
  [
    groupPairSchema,
    {
      id: "The pair's id.",
      name: "The pair's own name; `null` when it has none.",
      connector: 'Its connector.',
      credential: 'Its credential (no values).',
      access_type:
        '`public` (every admin and curator sees it), `private` (its groups only) or `sync`.',
    },
  ],
  [
    groupPairPartSchema,
    {
      id: 'Its id.',
      name: 'Its name; `null` when it has none.',
      source: 'Its source, such as `jira`.',
    },
  ],
  [
    alertSettingsSchema,
    {
      webhook_url:
        'Where alerts go, masked: scheme and host only (the rest of an incoming webhook’s address is its secret); `null` when none is set.',
      webhook_url_from:
        '`panel` (set here, it wins), `environment` (SOURCEDESK_ALERT_WEBHOOK_URL) or `null`.',
      last_delivery: 'The last alert sent or being retried; `null` when none was.',
    },
  ],
  [
    alertDeliverySchema,
    {
      event:
        'What it was about: `pair.invalid`, `pair.recovered`, `api_key.expiring`, `credential.untested`, `pair.sync_failed`, `pair.sync_stalled`, `pair.sync_recovered`, `worker.offline` or `test`.',
      text: 'The alert’s words, as the webhook showed them.',
      time_created: TIME_CREATED,
      status: '`pending` (being retried), `delivered` or `failed` (given up).',
      attempts: 'How many times it was posted.',
      last_attempt_at: 'When it was last posted; `null` before the first try.',
      last_outcome: 'The last try in words, such as “HTTP 200” or “the connection was refused”.',
    },
  ],
  [
    testAlertResultSchema,
    {
      ok: '`true` when the webhook answered with a 2xx status.',
      message: 'What happened, in words.',
    },
  ],
  [minimalUserGroupSchema, { id: "The group's id.", name: "The group's name." }],
  [versionTagsSchema, versionTagsWords],
  [backendVersionSchema, { backend_version: 'The version tag of the running server.' }],
  [
    signInMethodsSchema,
    {
      api_key: 'Whether one may sign in with an API key: always `true`.',
      oidc: 'Single sign-on, when it is set up; `null` otherwise.',
    },
  ],
  [
    signInProviderSchema,
    {
      name: 'The identity provider’s name, to show on the button.',
      login_url: 'Where the sign-in starts.',
    },
  ],
  [scimTokenSchema, scimTokenWords],
  [
    scimTokenCreatedSchema,
    {
      ...scimTokenWords,
      token: 'The token itself (`sd_scim_…`): only in this answer, never again.',
    },
  ],
  [scimManagedSchema, { user_ids: 'The ids of the people SCIM manages.' }],
  [
    fileUploadAnswerSchema,
    {
      file_paths:
        "Each stored file's location, in the order sent: what a File connector's `file_locations` names.",
      file_names:
        "Each file's name as kept (its last path segment, without control characters): the connector's `file_names`.",
      zip_metadata_file_id:
        'Onyx names the metadata file of an unzipped archive here; none is made here (a zip is kept whole, or unpacked with `unzip=true`): always `null`.',
    },
  ],
  [connectorFilesAnswerSchema, { files: 'The uploaded files the connector names, in its order.' }],
  [
    connectorFileSchema,
    {
      file_id: "The file's location (what the connector's `file_locations` names).",
      file_name:
        "The file's name as uploaded (the connector's `file_names`), or its location when none.",
      size_bytes:
        'Its size in bytes; `null` when the server keeps no file there (upload it again).',
      upload_date:
        'When it was uploaded (UTC, ISO-8601); `null` when the server keeps no file there.',
    },
  ],
  ...SYNC_ANSWER_WORDS,
]);
