// A file the API makes (the users' CSV, the activity export), fetched with the
// panel's credentials and handed to the browser as a download; what happened
// is said in a message that then holds the keyboard (docs/panel.md, "Focus after an action").
import { useState } from 'react';
import { describeError } from '../lib/describeError';
import { ActionMessage } from './ActionMessage';

interface DownloadButtonProps {
  label: string;
  download: () => Promise<unknown>;
  /** Said once the file is handed over. */
  done: string;
  /** Said before the reason when it could not be. */
  failed: string;
}

export function DownloadButton({ label, download, done, failed }: DownloadButtonProps) {
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const start = () => {
    if (busy) return;
    setBusy(true);
    setSaid('');
    download()
      .then(() => setSaid(done))
      .catch((error: unknown) => setSaid(`${failed}: ${describeError(error)}`))
      .finally(() => setBusy(false));
  };
  return (
    <div className="download">
      <button type="button" className="secondary" onClick={start} aria-disabled={busy || undefined}>
        {busy ? 'Downloading…' : label}
      </button>
      <ActionMessage words={said} />
    </div>
  );
}
