// A SCIM request's JSON body: `application/scim+json` or `application/json`
// (415 otherwise), one JSON object (400 invalidSyntax otherwise).
import type { FastifyRequest } from 'fastify';
import { JSON_DEPTH_MAX, TOO_DEEP } from '../../src/contract/rules';
import { SCIM_CONTENT_TYPE } from '../../src/contract/scim';
import { tooDeepAt } from '../http/jsonDepth';
import { badRequest, scimError } from './errors';

const ACCEPTED = new Set([SCIM_CONTENT_TYPE, 'application/json']);

export type Json = Record<string, unknown>;

export function readScimBody(request: FastifyRequest): Json {
  const raw = request.body;
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : '';
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (text.length > 0 && !ACCEPTED.has(type ?? '')) {
    throw scimError(415, `Unsupported Media Type: send ${SCIM_CONTENT_TYPE}`);
  }
  if (text.trim().length === 0) throw badRequest('The request has no body', 'invalidSyntax');
  if (tooDeepAt(text, JSON_DEPTH_MAX) >= 0) throw badRequest(TOO_DEEP, 'invalidSyntax');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The body is not valid JSON', 'invalidSyntax');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('The body must be a JSON object', 'invalidSyntax');
  }
  return value as Json;
}

export const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
