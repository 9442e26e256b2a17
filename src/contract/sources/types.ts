// What the contract knows of a source: the shape of its connector_specific_config
// and of its credential_json, with Onyx's exact keys. The server checks requests
// with these schemas; the panel's forms are built from the same keys.
import type * as z from 'zod/mini';

/** A config or credential schema: an object whose other keys are kept as sent. */
export type ObjectSchema = z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>;

export interface SourceContract {
  /** connector_specific_config: the source's keys and their rules. */
  config: ObjectSchema;
  /** credential_json: the keys its credential carries; null when it needs none (D7). */
  credential: ObjectSchema | null;
  /** The config as stored, from the config as sent (e.g. Jira's empty project key is null, D4). */
  keep?: (config: Record<string, unknown>) => Record<string, unknown>;
}
