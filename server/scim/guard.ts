// The SCIM token's guard: only a live SCIM token opens the SCIM routes (an API
// key or a session does not), and a SCIM token opens nothing else (its hash is
// in no other table). Its last use is noted at most once a minute.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SCIM_TOKEN_PREFIX, SCIM_WORDS, scimActor } from '../../src/contract/scim';
import type { AuditLog } from '../audit/recorder';
import { auditRow } from '../audit/recorder';
import type { Db } from '../db/database';
import { insertAudit } from '../repos/audit';
import { findScimTokenByHash, noteScimTokenUse } from '../repos/scim';
import { scimError } from './errors';

export interface ScimCaller {
  id: number;
  name: string;
  last_used_at: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    scimToken?: ScimCaller;
  }
}

const BEARER = /^Bearer ([^\s]+)$/i;
const USE_NOTED_EVERY_MS = 60_000;

export const generateScimToken = () => SCIM_TOKEN_PREFIX + randomBytes(32).toString('base64url');
export const hashScimToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

const notAuthenticated = () => {
  const error = scimError(401, SCIM_WORDS.notAuthenticated);
  Object.assign(error.headers, { 'www-authenticate': 'Bearer' });
  return error;
};

/** The live token a request carries; 401 otherwise. */
async function tokenOf(db: Db, request: FastifyRequest) {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token?.startsWith(SCIM_TOKEN_PREFIX)) throw notAuthenticated();
  const found = await findScimTokenByHash(db, hashScimToken(token));
  if (!found) throw notAuthenticated();
  return found;
}

export const scimGuard = (db: Db) => async (request: FastifyRequest) => {
  const token = await tokenOf(db, request);
  const last = token.last_used_at === null ? 0 : Date.parse(token.last_used_at);
  if (Date.now() - last >= USE_NOTED_EVERY_MS) {
    await noteScimTokenUse(db, token.id, new Date().toISOString()).catch((error: unknown) =>
      request.log.error({ err: error }, 'a last use could not be noted'),
    );
  }
  request.scimToken = token;
};

/** Inside a write: the token asked again (a rotation meanwhile stops it), and its activity log. */
export async function scimWriter(trx: Db, request: FastifyRequest): Promise<AuditLog> {
  const token = await tokenOf(trx, request);
  return async ({ action, ...entry }) => {
    if (!action) throw new Error('a SCIM change names its action');
    const row = auditRow(request, undefined, action, 'success', entry);
    await insertAudit(trx, { ...row, actor_email: scimActor(token.name) });
  };
}
