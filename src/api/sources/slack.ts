// Slack: Onyx's SlackConnector keys.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const slack = {
  config: z.looseObject({}),
  credential: z.looseObject({ slack_bot_token: filledText }),
} satisfies SourceContract;
