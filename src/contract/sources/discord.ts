// Discord: Onyx's DiscordConnector: servers and channels (none: all the bot
// reads) and a first day (YYYY-MM-DD); a bot token.
import * as z from 'zod/mini';
import { filledText, issueType, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

const isDay = (text: string) =>
  text === '' ||
  (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)));

export const discord = {
  config: z.looseObject({
    server_ids: optionalTextList,
    channel_names: optionalTextList,
    start_date: z.optional(
      z.nullable(
        z.string().check(
          z.refine(isDay, {
            message: 'Write the day as YYYY-MM-DD, for example 2024-01-31',
            ...issueType('value_error'),
          }),
        ),
      ),
    ),
  }),
  credential: z.looseObject({ discord_bot_token: filledText }),
} satisfies SourceContract;
