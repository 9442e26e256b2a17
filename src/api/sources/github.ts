// GitHub: Onyx's GithubConnector keys.
import * as z from 'zod/mini';
import { filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const github = {
  config: z.looseObject({}),
  credential: z.looseObject({ github_access_token: filledText }),
} satisfies SourceContract;
