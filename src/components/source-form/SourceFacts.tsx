// A source's settings as facts (name, then value), for the wizard's review and
// a connector's page alike: inside the caller's <dl className="facts">.
import { Fragment } from 'react';
import type { SourcePanel } from '../../sources/types';
import { factsOf } from '../../sources/words';

export function SourceFacts({
  panel,
  config,
}: {
  panel: SourcePanel;
  config: Record<string, unknown>;
}) {
  return factsOf(panel, config).map(({ label, words }) => (
    <Fragment key={label}>
      <dt>{label}</dt>
      <dd>
        {Array.isArray(words) ? (
          <ul>
            {words.map((item, index) => (
              <li key={`${index}:${item}`}>{item}</li>
            ))}
          </ul>
        ) : (
          words
        )}
      </dd>
    </Fragment>
  ));
}
