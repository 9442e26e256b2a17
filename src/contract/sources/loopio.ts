// Loopio: Onyx's LoopioConnector: one stack by its exact name (none: every stack).
import * as z from 'zod/mini';
import { filledText, optionalText } from '../schemaParts';
import type { SourceContract } from './types';

export const loopio = {
  config: z.looseObject({ loopio_stack_name: optionalText }),
  credential: z.looseObject({
    loopio_subdomain: filledText,
    loopio_client_id: filledText,
    loopio_client_token: filledText,
  }),
} satisfies SourceContract;
