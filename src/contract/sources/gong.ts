// Gong: Onyx's GongConnector keys: workspaces by id or exact name (none: all).
// A region's API host may be given; Onyx takes only https hosts of api.gong.io.
import * as z from 'zod/mini';
import { filledText, issueType, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

const isGongHost = (text: string) => {
  if (text === '') return true;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && /(^|\.)api\.gong\.io$/.test(url.hostname);
  } catch {
    return false;
  }
};

export const gong = {
  config: z.looseObject({ workspaces: optionalTextList }),
  credential: z.looseObject({
    gong_access_key: filledText,
    gong_access_key_secret: filledText,
    gong_base_url: z.optional(
      z.string().check(
        z.refine(isGongHost, {
          message: 'Use an https address on api.gong.io, for example https://eu.api.gong.io',
          ...issueType('url_parsing'),
        }),
      ),
    ),
  }),
} satisfies SourceContract;
