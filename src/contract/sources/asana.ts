// Asana: Onyx's AsanaConnector: a workspace; projects (comma-separated, none:
// all) and a team whose team-visible tasks are read too.
import * as z from 'zod/mini';
import { filledText, optionalText } from '../schemaParts';
import type { SourceContract } from './types';

export const asana = {
  config: z.looseObject({
    asana_workspace_id: filledText,
    asana_project_ids: optionalText,
    asana_team_id: optionalText,
  }),
  credential: z.looseObject({ asana_api_token_secret: filledText }),
} satisfies SourceContract;
