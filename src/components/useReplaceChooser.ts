// The plumbing both Replace choosers share (a connector's "Replace credential"
// and a credential's "Replace on all its connectors"): open and closed, the
// chosen credential and its label, the keyboard moved to the chooser on open
// and back to the opener on Cancel, and one run with or without the test.
import { useEffect, useRef, useState } from 'react';
import { useCredentials } from '../api/credentials';
import { credentialLabel } from '../lib/credentials';
import { focusFirstField } from '../lib/focusFirstField';

export function useReplaceChooser({
  reset,
  swap,
  said,
}: {
  /** Clears the last refusal when the chooser opens or closes. */
  reset: () => void;
  /** The server's swap of the chosen credential, `force` without the test. */
  swap: (chosen: number, force: boolean) => Promise<unknown>;
  /** Says the outcome once it is done (the chooser is closed by then). */
  said: (force: boolean) => void;
}) {
  const credentials = useCredentials();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  /** Opened while the credentials load: the picker is disabled until they are in. */
  const focusDue = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    if (open) focusDue.current = !focusFirstField(box.current);
    else opener.current?.focus();
  }, [open]);
  useEffect(() => {
    if (open && focusDue.current && credentials.isSuccess)
      focusDue.current = !focusFirstField(box.current);
  }, [open, credentials.isSuccess]);
  const show = (next: boolean) => {
    toggled.current = true;
    reset();
    setOpen(next);
  };
  const chosenLabel = () => {
    // The list is fetched again after the swap, a credential just made included.
    const made = credentials.data?.find((credential) => credential.id === chosen);
    return made ? credentialLabel(made) : `Credential ${chosen}`;
  };
  const run = async (force = false) => {
    if (chosen === null) return;
    await swap(chosen, force);
    // Closed without moving the keyboard: `said` puts it on the outcome.
    setOpen(false);
    said(force);
  };
  return { open, show, chosen, setChosen, chosenLabel, run, box, opener };
}
