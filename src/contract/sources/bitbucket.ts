// Bitbucket Cloud: Onyx's BitbucketConnector: a workspace, and in it named
// repositories or projects (comma-separated), or every repository.
import * as z from 'zod/mini';
import { filledText, optionalText } from '../schemaParts';
import type { SourceContract } from './types';

export const bitbucket = {
  config: z.looseObject({
    workspace: filledText,
    repositories: optionalText,
    projects: optionalText,
  }),
  credential: z.looseObject({ bitbucket_email: filledText, bitbucket_api_token: filledText }),
} satisfies SourceContract;
