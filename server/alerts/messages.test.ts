// An alert's `text` as Slack and Teams read it: names that curators choose
// (a connector's, a credential's) and the checks' words are plain text there,
// never a mention of everyone nor a link disguised as other words.
import { describe, expect, it } from 'vitest';
import { pairAlert } from './messages';

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
