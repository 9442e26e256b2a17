// Every user as CSV (Onyx's columns: Email, Role, Status). The file is fetched
// with the panel's credentials and handed to the browser (a bare link would not
// carry a bearer key); the result message then holds the keyboard.
import { useState } from 'react';
import { downloadUsersCsv } from '../../api/userLifeHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { describeError } from '../../lib/describeError';

export function UsersCsvButton() {
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const download = () => {
    if (busy) return;
    setBusy(true);
    setSaid('');
    downloadUsersCsv()
      .then(() => setSaid('users.csv is downloaded: every user with their role and status.'))
      .catch((error: unknown) =>
        setSaid(`The CSV could not be downloaded: ${describeError(error)}`),
      )
      .finally(() => setBusy(false));
  };
  return (
    <div className="users-csv">
      <button
        type="button"
        className="secondary"
        onClick={download}
        aria-disabled={busy || undefined}
      >
        {busy ? 'Downloading…' : 'Download users as CSV'}
      </button>
      <ActionMessage words={said} />
    </div>
  );
}
