// What the credential picker offers, worked out apart from how it is shown:
// the choices for a source (D7), what a typed text leaves, and the status line.
import type { Credential, DocumentSource } from '../contract/contract';
import { credentialFits, credentialLabel } from '../lib/credentials';
import { maskedEntries } from '../lib/maskedEntries';
import { sourceLabel } from '../lib/sources';

export interface Choice {
  key: string;
  /** null for "All credentials". */
  id: number | null;
  label: string;
  /** The credential's source (its mark beside the name); none for "All credentials". */
  source?: string;
  detail: string;
  /** The masked values (D6), laid out `key: value`. */
  secrets: string[];
  haystack: string;
}

const ALL_CHOICE: Choice = {
  key: 'all',
  id: null,
  label: 'All credentials',
  detail: '',
  secrets: [],
  haystack: 'all credentials',
};

export function credentialChoices(
  credentials: readonly Credential[],
  { source, allowAll = false }: { source?: DocumentSource; allowAll?: boolean },
): Choice[] {
  const listed = credentials
    .filter((credential) => !source || credentialFits(credential, source))
    .map((credential): Choice => {
      const label = credentialLabel(credential);
      const detail = `${sourceLabel(credential.source)} · #${credential.id}`;
      return {
        key: String(credential.id),
        id: credential.id,
        label,
        source: credential.source,
        detail,
        secrets: maskedEntries(credential),
        haystack: `${label} ${detail} ${credential.id}`.toLowerCase(),
      };
    });
  return allowAll ? [ALL_CHOICE, ...listed] : listed;
}

/** The choices whose name, source or id holds the typed text (all of them for no text). */
export function matchingChoices(choices: readonly Choice[], typed: string): readonly Choice[] {
  const needle = typed.trim().toLowerCase();
  return needle ? choices.filter((choice) => choice.haystack.includes(needle)) : choices;
}

interface StatusInput {
  loading: boolean;
  /** Loaded, and nothing fits. */
  none: boolean;
  source?: DocumentSource;
  open: boolean;
  typed: string;
  matches: number;
  total: number;
}

/** The live status line under the box; '' when there is nothing to say. */
export function pickerStatus({ loading, none, source, open, typed, matches, total }: StatusInput) {
  if (loading) return 'Loading credentials…';
  if (none) return source ? `No ${sourceLabel(source)} credentials yet.` : 'No credentials yet.';
  const needle = typed.trim();
  if (!open || !needle) return '';
  if (matches === 0) return `No credential matches “${needle}”.`;
  return `${matches} of ${total} match.`;
}
