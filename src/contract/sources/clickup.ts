// ClickUp: Onyx's ClickupConnector: what the ids name (a list, folder, space
// or the workspace), the ids, and whether task comments are read.
import * as z from 'zod/mini';
import { filledText, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

export const CLICKUP_CONNECTOR_TYPES = ['list', 'folder', 'space', 'workspace'] as const;

export const clickup = {
  config: z.looseObject({
    connector_type: z.enum(CLICKUP_CONNECTOR_TYPES),
    connector_ids: optionalTextList,
    retrieve_task_comments: z.optional(z.boolean()),
  }),
  credential: z.looseObject({ clickup_api_token: filledText, clickup_team_id: filledText }),
} satisfies SourceContract;
