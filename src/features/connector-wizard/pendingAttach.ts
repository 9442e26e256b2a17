// A connector that was created but whose credential is not attached yet, kept
// for this browser tab (sessionStorage), so a reload can retry only the attach
// and never create a second connector. It holds the request that was sent —
// names, addresses, schedule, the credential's id — and no secret.
import * as z from 'zod/mini';
import { connectorCreateRequestSchema } from '../../contract/contract';
import { attachRequestSchema } from '../../contract/groups';
import { TAB_STORAGE_PREFIX } from '../../lib/session';

/** Kept per source, so a pending connector of one source never locks another's wizard. */
const storageKey = (source: string) => `${TAB_STORAGE_PREFIX}wizard.${source}.pendingAttach`;

const pendingAttachSchema = z.object({
  connectorId: z.int().check(z.nonnegative()),
  request: connectorCreateRequestSchema,
  credentialId: z.nullable(z.int()),
  /** D7's attach body: the access chosen (kept, so a retry attaches with it). */
  attachBody: z.optional(attachRequestSchema),
  /** The document sets the pair goes into once attached. */
  documentSetIds: z.optional(z.array(z.int())),
  /** The server's words the last time the attach failed. */
  attachError: z.nullable(z.string()),
});

/** What was sent is kept as sent: the request's input shape. */
export type PendingAttach = z.input<typeof pendingAttachSchema>;

export function loadPendingAttach(source: string): PendingAttach | null {
  try {
    const text = sessionStorage.getItem(storageKey(source));
    if (!text) return null;
    const parsed = pendingAttachSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function savePendingAttach(pending: PendingAttach): void {
  try {
    sessionStorage.setItem(storageKey(pending.request.source), JSON.stringify(pending));
  } catch {
    // storage refused (private mode): the pending state lives in memory only
  }
}

export function clearPendingAttach(source: string): void {
  try {
    sessionStorage.removeItem(storageKey(source));
  } catch {
    // nothing stored
  }
}
