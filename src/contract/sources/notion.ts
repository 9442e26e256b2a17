// Notion: Onyx's NotionConnector: a root page (none: every page shared with the integration).
import * as z from 'zod/mini';
import { filledText, optionalText } from '../schemaParts';
import type { SourceContract } from './types';

export const notion = {
  config: z.looseObject({ root_page_id: optionalText }),
  credential: z.looseObject({ notion_integration_token: filledText }),
} satisfies SourceContract;
