// E-mail over IMAP: Onyx's ImapConnector: the server and port, mailboxes
// (none: all); a user name and password.
import * as z from 'zod/mini';
import { filledText, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

export const imap = {
  config: z.looseObject({
    host: filledText,
    port: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(65535)))),
    mailboxes: optionalTextList,
  }),
  credential: z.looseObject({ imap_username: filledText, imap_password: filledText }),
} satisfies SourceContract;
