// Microsoft Teams: Onyx's TeamsConnector: teams by name (none: all), and the
// Microsoft hosts for national clouds; an app's client id, secret and tenant.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

export const teams = {
  config: z.looseObject({
    teams: optionalTextList,
    authority_host: z.optional(z.nullable(httpUrlSchema)),
    graph_api_host: z.optional(z.nullable(httpUrlSchema)),
  }),
  credential: z.looseObject({
    teams_client_id: filledText,
    teams_client_secret: filledText,
    teams_directory_id: filledText,
  }),
} satisfies SourceContract;
