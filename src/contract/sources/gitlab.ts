// GitLab: Onyx's GitlabConnector keys: one project, by owner and name. The
// site's address is the credential's (`gitlab_url`), as in Onyx.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema } from '../schemaParts';
import type { SourceContract } from './types';

export const gitlab = {
  config: z.looseObject({
    project_owner: filledText,
    project_name: filledText,
    include_mrs: z.optional(z.boolean()),
    include_issues: z.optional(z.boolean()),
  }),
  credential: z.looseObject({ gitlab_url: httpUrlSchema, gitlab_access_token: filledText }),
} satisfies SourceContract;
