// SharePoint: Onyx's SharepointConnector keys, with an app's client secret
// (the certificate method is out of scope). No site named means every site.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema, optionalText, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

export const sharepoint = {
  config: z.looseObject({
    sites: optionalTextList,
    include_site_documents: z.optional(z.boolean()),
    include_site_pages: z.optional(z.boolean()),
    treat_sharing_link_as_public: z.optional(z.boolean()),
    excluded_sites: optionalTextList,
    excluded_paths: optionalTextList,
    authority_host: z.optional(z.nullable(httpUrlSchema)),
    graph_api_host: z.optional(z.nullable(httpUrlSchema)),
    sharepoint_domain_suffix: optionalText,
  }),
  credential: z.looseObject({
    authentication_method: z.optional(z.literal('client_secret')),
    sp_client_id: filledText,
    sp_client_secret: filledText,
    sp_directory_id: filledText,
  }),
} satisfies SourceContract;
