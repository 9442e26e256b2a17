// SCIM's refusals (RFC 7644 §3.12): thrown as the app's Problem, with the
// `scimType` the RFC names; scimEnvelope.ts gives every error under the SCIM
// path the RFC's envelope.
import { Problem } from '../http/problems';

export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export const scimError = (status: number, detail: string, scimType?: ScimType) => {
  const body: { detail: string; scimType?: ScimType } = { detail };
  if (scimType) body.scimType = scimType;
  return new Problem(status, body);
};

export const badRequest = (detail: string, scimType: ScimType = 'invalidValue') =>
  scimError(400, detail, scimType);
