import { useLatestVersions, useRunningVersion } from '../../api/versions';
import { useDismissedVersion } from './dismissedVersion';
import { releaseNotesUrl } from './releaseNotes';
import { versionNotice } from './versionNotice';
import './VersionBanner.css';
import { focusMain } from '../../lib/focusMain';

/**
 * D9, on every page: a newer stable release, or more quietly a newer beta.
 * While either request is loading or has failed there is nothing to compare,
 * so nothing is shown (the hourly check tries again).
 */
export function VersionBanner() {
  const latest = useLatestVersions();
  const running = useRunningVersion();
  const [dismissed, dismiss] = useDismissedVersion();

  const notice =
    latest.data && running.data ? versionNotice(latest.data, running.data.backend_version) : null;
  const shown = notice && notice.available !== dismissed ? notice : null;

  const onDismiss = (tag: string) => {
    dismiss(tag);
    // The button goes away with the notice: keep keyboard users in the page.
    focusMain();
  };

  // The live region is always there, so a notice that arrives later is announced.
  return (
    <div role="status" aria-label="Sourcedesk version" className="version-banner-region">
      {shown && (
        <div className={`version-banner version-banner-${shown.kind}`}>
          <p>
            <span>
              {shown.kind === 'stable'
                ? `Sourcedesk ${shown.available} is available — you run ${shown.running}.`
                : `Beta ${shown.available} is available.`}
            </span>{' '}
            <a href={releaseNotesUrl(shown.available)} target="_blank" rel="noreferrer">
              {`What is new in ${shown.available} `}
              <span className="visually-hidden">(opens in a new tab)</span>
            </a>
          </p>
          <button type="button" className="secondary" onClick={() => onDismiss(shown.available)}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
