// Discord in the panel: what the bot reads, narrowed by server, channel and day.
import { namesList, onyxGuide, optionalTextBox } from './fieldParts';
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

export const discord: SourcePanel = {
  ...SOURCE_WORDS.discord,
  category: 'Messaging',
  popular: false,
  docs: onyxGuide('discord'),
  summary: 'Messages of the channels the bot can read.',
  inputType: 'poll',
  fields: [
    namesList('server_ids', 'servers', 'Server ID', {
      hint: 'Only channels of these servers. Empty: every server of the bot.',
      advanced: true,
    }),
    namesList('channel_names', 'channels', 'Channel name', {
      hint: 'For example support. Empty: every channel the bot can read.',
      advanced: true,
    }),
    optionalTextBox('start_date', 'First day', 'YYYY-MM-DD: older messages are left out.', 'All', {
      advanced: true,
    }),
  ],
  credential: { discord_bot_token: { label: 'Bot token', secret: true } },
};
