// Dropbox: Onyx's DropboxConnector: no settings; an access token.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const dropbox = {
  config: z.looseObject({}),
  credential: z.looseObject({ dropbox_access_token: filledText }),
} satisfies SourceContract;
