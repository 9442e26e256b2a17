// Test a stored credential: tried with the settings of a connector that uses it
// (a credential alone does not say which site or project to ask), on the server,
// which opens the secret itself (POST /manage/admin/connector/test).
import { useEffect, useId, useRef, useState } from 'react';
import type { ConnectorSnapshot, Credential } from '../../contract/contract';
import { useTestConnection } from '../../api/connectionTestHooks';
import { ConnectionChecks, NotTested } from '../../components/ConnectionChecks';
import { Field } from '../../components/Field';

export function CredentialTest({
  credential,
  usedBy,
}: {
  credential: Credential;
  usedBy: ConnectorSnapshot[];
}) {
  const id = useId();
  const [chosen, setChosen] = useState(usedBy[0]?.id ?? null);
  const test = useTestConnection();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Focus goes to the outcome once it is on the page.
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered > 0) headingRef.current?.focus();
  }, [answered]);
  const connector = usedBy.find((c) => c.id === chosen) ?? usedBy[0];
  if (!connector) {
    return (
      <p className="hint">
        To test it, attach it to a connector: a test uses that connector’s settings (or test it in a
        new connector’s wizard).
      </p>
    );
  }
  const run = async () => {
    await test
      .mutateAsync({
        source: connector.source,
        connector_specific_config: connector.connector_specific_config,
        credential_id: credential.id,
      })
      .catch(() => {});
    setAnswered((n) => n + 1);
  };
  return (
    <div className="credential-test">
      {usedBy.length > 1 && (
        <Field id={`${id}-connector`} label="Test with the settings of">
          {(control) => (
            <select
              {...control}
              value={connector.id}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {usedBy.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <p>
        <button
          type="button"
          className="secondary"
          disabled={test.isPending}
          onClick={() => void run()}
        >
          {test.isPending ? 'Testing…' : `Test with “${connector.name}”`}
        </button>
      </p>
      {test.data && (
        <ConnectionChecks result={test.data} headingRef={headingRef} headingLevel={4} />
      )}
      {test.isError && <NotTested error={test.error} headingRef={headingRef} what="credential" />}
    </div>
  );
}
