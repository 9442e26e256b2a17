// Every user as CSV (Onyx's columns: Email, Role, Status).
import { downloadUsersCsv } from '../../api/userLifeHooks';
import { DownloadButton } from '../../components/DownloadButton';

export function UsersCsvButton() {
  return (
    <div className="users-csv">
      <DownloadButton
        label="Download users as CSV"
        download={downloadUsersCsv}
        done="users.csv is downloaded: every user with their role and status."
        failed="The CSV could not be downloaded"
      />
    </div>
  );
}
