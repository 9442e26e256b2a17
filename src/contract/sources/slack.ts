// Slack: Onyx's SlackConnector keys. No channel named means every channel;
// the names may be regular expressions when the matching box is ticked.
import * as z from 'zod/mini';
import { filledText, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

export const slack = {
  config: z.looseObject({
    channels: optionalTextList,
    channel_regex_enabled: z.optional(z.boolean()),
    exclude_channels: optionalTextList,
    exclude_channel_regex_enabled: z.optional(z.boolean()),
    include_bot_messages: z.optional(z.boolean()),
  }),
  credential: z.looseObject({ slack_bot_token: filledText }),
} satisfies SourceContract;
