// Slack in the panel: which channels (none named: all of them).
import type { SourcePanel } from './types';
import { SOURCE_WORDS } from '../contract/sourceWords';

// The two lists' boxes and buttons are named apart: a screen reader lists them side by side.
const channelList = { control: 'list', itemType: 'text', emptyWords: 'None' } as const;

export const slack: SourcePanel = {
  ...SOURCE_WORDS.slack,
  category: 'Messaging',
  popular: true,
  docs: 'https://docs.onyx.app/admins/connectors/official/slack',
  summary: 'Messages and threads from public channels.',
  inputType: 'poll',
  fields: [
    {
      ...channelList,
      key: 'channels',
      label: 'Channels (optional)',
      itemLabel: 'Channel name',
      addLabel: 'Add channel',
      hint: 'Without a channel, every channel the bot can read is indexed.',
      listName: 'Channels to index',
      listNoun: 'the channels',
      emptyText: 'No channels: every channel is indexed.',
      emptyWords: 'All channels',
    },
    {
      ...channelList,
      key: 'exclude_channels',
      label: 'Channels to leave out (optional)',
      itemLabel: 'Channel to leave out',
      addLabel: 'Leave out channel',
      hint: 'Left out after the channels above are chosen.',
      listName: 'Channels left out',
      listNoun: 'the channels left out',
      emptyText: 'No channels are left out.',
    },
    {
      key: 'channel_regex_enabled',
      control: 'checkbox',
      label: 'Channel names are regular expressions',
      default: false,
      advanced: true,
    },
    {
      key: 'exclude_channel_regex_enabled',
      control: 'checkbox',
      label: 'Names to leave out are regular expressions',
      default: false,
      advanced: true,
    },
    {
      key: 'include_bot_messages',
      control: 'checkbox',
      label: 'Include messages of bots and apps',
      default: false,
      advanced: true,
    },
  ],
  credential: {
    slack_bot_token: {
      label: 'Bot token',
      hint: 'The xoxb-… token of the Slack app.',
      secret: true,
    },
  },
};
