// The connectors (D4, D5, D7): listed, made, opened, changed, deleted, and their
// credentials attached and detached.
import * as z from 'zod/mini';
import {
  attachResponseSchema,
  connectorCreateRequestSchema,
  connectorCreateResponseSchema,
  connectorDetailSchema,
  connectorListSchema,
  connectorPatchRequestSchema,
  statusResponseSchema,
} from '../contract';
import { endpoint, integerText } from '../endpoint';
import { attachRequestSchema } from '../groups';
import {
  FILE_UPLOAD_BODY_LIMIT,
  byteSize,
  FILE_UPLOAD_LIMITS,
  fileUploadQuerySchema,
  ZIP_LIMITS,
  FILE_UPLOAD_PATH,
  FILE_UPLOAD_RULE,
  connectorFilesAnswerSchema,
  fileUploadAnswerSchema,
} from '../fileUpload';

const CONNECTORS = '/manage/admin/connector';

/** The 404's words for a connector that does not exist or that the caller may not see (D13). */
export const CONNECTOR_NOT_FOUND = 'Connector not found';
const ONE = `${CONNECTORS}/{connector_id}`;
const PAIR = `${ONE}/credential/{credential_id}`;

// Any id parses (D3); one that names nothing is a 404.
const connectorId = integerText('The connector id.');
const credentialId = integerText('The credential id.');
const oneConnector = z.object({ connector_id: connectorId });
const pair = z.object({ connector_id: connectorId, credential_id: credentialId });

/** D5: the list's filter, as the panel's address and the server read it. */
export const connectorListQuerySchema = z.object({
  credential: z.optional(integerText('Only the connectors this credential is attached to.')),
});

export const listConnectors = endpoint({
  method: 'GET',
  path: CONNECTORS,
  summary: 'List the connectors (oldest first), optionally only those using one credential.',
  access: 'curatorOrAdmin',
  query: connectorListQuerySchema,
  answer: connectorListSchema,
  errors: [422],
  // The snapshots and who sees them: no job, worker or document (a claim or a batch keeps it).
  // A curator's list: their memberships and the pairs' groups (`grants`), not the groups' names.
  cachedReads: ['people', 'grants', 'connectors'],
  // An admin's list is every connector with its credential ids: no group or person in it.
  adminCachedReads: ['connectors'],
});

export const createConnector = endpoint({
  method: 'POST',
  path: CONNECTORS,
  summary: 'Create a connector; attach a credential to it next, or it is not indexed.',
  access: 'curatorOrAdmin',
  body: connectorCreateRequestSchema,
  answer: connectorCreateResponseSchema,
  action: 'connector.create',
  errors: [400, 415, 422],
});

export const getConnector = endpoint({
  method: 'GET',
  path: ONE,
  summary: 'One connector: its snapshot, status, access and credentials (masked).',
  access: 'curatorOrAdmin',
  params: oneConnector,
  answer: connectorDetailSchema,
  errors: [404, 422],
});

export const updateConnector = endpoint({
  method: 'PATCH',
  path: ONE,
  summary: 'Change a connector: name, config, schedule, access, status (pause or resume).',
  access: 'curatorOrAdmin',
  params: oneConnector,
  body: connectorPatchRequestSchema,
  answer: connectorDetailSchema,
  action: 'connector.update',
  errors: [400, 404, 415, 422],
});

export const deleteConnector = endpoint({
  method: 'DELETE',
  path: ONE,
  summary: 'Delete a connector and its credential pairs.',
  access: 'curatorOrAdmin',
  params: oneConnector,
  answer: statusResponseSchema,
  action: 'connector.delete',
  errors: [404, 422],
});

export const attachCredential = endpoint({
  method: 'PUT',
  path: PAIR,
  summary:
    'Attach a credential to a connector, optionally with the pair’s name and access (public, or private to groups). Attaching it again changes nothing (`success` is then false).',
  access: 'curatorOrAdmin',
  params: pair,
  body: attachRequestSchema,
  bodyOptional: true,
  answer: attachResponseSchema,
  action: 'cc_pair.create',
  errors: [400, 404, 415, 422],
});

export const detachCredential = endpoint({
  method: 'DELETE',
  path: PAIR,
  summary: 'Detach a credential from a connector (idempotent).',
  access: 'curatorOrAdmin',
  params: pair,
  answer: statusResponseSchema,
  action: 'cc_pair.delete',
  errors: [404, 422],
});

export const uploadConnectorFiles = endpoint({
  method: 'POST',
  path: FILE_UPLOAD_PATH,
  summary: `Upload files for a File connector (multipart, field \`files\`): answers their locations and names, which the connector's \`file_locations\` and \`file_names\` then name. ${FILE_UPLOAD_RULE} With \`unzip=true\` each .zip is unpacked into its files (at most ${ZIP_LIMITS.maxEntries}, ${byteSize(ZIP_LIMITS.maxTotalBytes)} unpacked). Nothing is kept when any file is refused.`,
  access: 'curatorOrAdmin',
  query: fileUploadQuerySchema,
  multipartFiles: FILE_UPLOAD_LIMITS.field,
  bodyLimit: FILE_UPLOAD_BODY_LIMIT,
  answer: fileUploadAnswerSchema,
  errors: [413, 415, 422],
});

export const listConnectorFiles = endpoint({
  method: 'GET',
  path: `${ONE}/files`,
  summary:
    "A connector's uploaded files (the File and Google Sites sources): each one's location, name, size and upload time; a file named but not kept here has no size. Empty for a source without files.",
  access: 'curatorOrAdmin',
  params: oneConnector,
  answer: connectorFilesAnswerSchema,
  errors: [404, 422],
});
