// An alert's `text` as Slack and Teams read it: names that curators choose
// (a connector's, a credential's) and the checks' words are plain text there,
// never a mention of everyone nor a link disguised as other words.
import { describe, expect, it } from 'vitest';
import { pairAlert, pairSyncAlert, workerOfflineAlert } from './messages';

describe('pairAlert text', () => {
  it('Slack control sequences and Markdown links in names stay text', () => {
    const alert = pairAlert(
      'pair.invalid',
      {
        id: 4,
        name: '<!channel> <https://evil.example|Jira> [login](https://evil.example)',
        source: 'jira',
      },
      { id: 2, name: 'Tom & <@U123>', source: 'jira' },
      'Jira (<!here>) refused the token (401)',
      undefined,
    );
    expect(alert.text).not.toMatch(/<[!@h]/);
    expect(alert.text).toContain('&lt;!channel&gt; &lt;https://evil.example|Jira&gt;');
    expect(alert.text).toContain('\\[login\\](https://evil.example)');
    expect(alert.text).toContain('"Tom &amp; &lt;@U123&gt;"');
    expect(alert.text).toContain('Jira (&lt;!here&gt;) refused the token (401)');
    // The payload's own fields keep the names as they are (JSON is not markup).
    expect(alert.connector?.name).toBe(
      '<!channel> <https://evil.example|Jira> [login](https://evil.example)',
    );
  });
});

describe('sync alerts’ text (D14)', () => {
  const connector = { id: 4, name: '<!channel> [login](https://evil.example)', source: 'jira' };
  const credential = { id: 2, name: null, source: 'jira' };

  it('a failed run names the pair in plain words and keeps the reason as it is in the payload', () => {
    const alert = pairSyncAlert(
      'failed',
      'failed',
      connector,
      credential,
      'The last run failed: <!here>.',
      'https://desk.example',
    );
    expect(alert.event).toBe('pair.sync_failed');
    expect(alert.text).toBe(
      'Sourcedesk: Connector "&lt;!channel&gt; \\[login\\](https://evil.example)" (Jira) with credential credential 2 needs attention. The last run failed: &lt;!here&gt;.',
    );
    expect(alert.reason).toBe('The last run failed: <!here>.');
    expect(alert.url).toBe('https://desk.example/connectors/4');
  });

  it('going again after a stall or a failure says which', () => {
    expect(pairSyncAlert('ok', 'stalled', connector, credential, null, undefined).text).toMatch(
      /indexes again: its worker reports again\.$/,
    );
    expect(pairSyncAlert('ok', 'failed', connector, credential, null, undefined)).toMatchObject({
      event: 'pair.sync_recovered',
      url: null,
    });
  });

  it('a worker offline: its id, host and key name as plain words', () => {
    const alert = workerOfflineAlert(
      {
        worker_id: 'w-<@U1>',
        hostname: null,
        key_name: 'a & b',
        last_check_in: '2026-01-01T00:00:00.000Z',
      },
      undefined,
    );
    expect(alert.text).toMatch(
      /^Sourcedesk: worker "w-&lt;@U1&gt;" \(worker key "a &amp; b"\) is offline: no check-in since 2026-01-01T00:00:00.000Z\./,
    );
    expect(alert.reason).toBe('No check-in since 2026-01-01T00:00:00.000Z');
  });
});
