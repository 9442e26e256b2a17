// GitHub: Onyx's GithubConnector keys. An owner (user or organisation) is
// required; `repositories` is Onyx's comma-separated text (none: every
// repository); at least one kind of content must be indexed, as Onyx checks.
import * as z from 'zod/mini';
import { filledText, issueType, optionalText } from '../schemaParts';
import type { SourceContract } from './types';

const INCLUDES = ['include_prs', 'include_issues', 'include_files'] as const;

export const github = {
  config: z
    .looseObject({
      repo_owner: filledText,
      repositories: optionalText,
      include_prs: z.optional(z.boolean()),
      include_issues: z.optional(z.boolean()),
      include_files: z.optional(z.boolean()),
      branch: optionalText,
    })
    .check(
      z.refine((config) => INCLUDES.some((key) => config[key] !== false), {
        message: 'Choose at least one of pull requests, issues or documents to index',
        ...issueType('value_error'),
      }),
    ),
  credential: z.looseObject({ github_access_token: filledText }),
} satisfies SourceContract;
