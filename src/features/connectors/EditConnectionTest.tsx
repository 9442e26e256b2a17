// The editor's connection test, as the wizard's review has one: the edited
// settings tried with each credential the connector uses, before they are
// saved (POST /manage/admin/connector/test; nothing is written). A result holds
// only for the settings it was made with; the keyboard lands on it.
import { useEffect, useRef, useState } from 'react';
import { useTestConnection } from '../../api/connectionTestHooks';
import type { ConnectionTestRequest, ConnectionTestResult } from '../../contract/connectionTest';
import type { ConnectorDetail } from '../../contract/contract';
import { CREDENTIAL_FREE_SOURCES } from '../../contract/rules';
import { ConnectionChecks, NotTested } from '../../components/ConnectionChecks';
import { credentialLabel } from '../../lib/credentials';

interface Tried {
  /** Which credential, when the connector has several. */
  label: string | null;
  result?: ConnectionTestResult;
  error?: unknown;
}

/** One test per credential the connector uses; none when there is nothing to test with. */
function testRequests(connector: ConnectorDetail, config: Record<string, unknown>) {
  const base = { source: connector.source, connector_specific_config: config };
  if (connector.credentials.length === 0) {
    return CREDENTIAL_FREE_SOURCES.includes(connector.source)
      ? [{ label: null, request: base as ConnectionTestRequest }]
      : [];
  }
  const several = connector.credentials.length > 1;
  return connector.credentials.map((credential) => ({
    label: several ? credentialLabel(credential) : null,
    request: { ...base, credential_id: credential.id } as ConnectionTestRequest,
  }));
}

export function useEditTest(connector: ConnectorDetail) {
  const mutation = useTestConnection();
  const [last, setLast] = useState<{ key: string; tried: Tried[] } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered > 0) headingRef.current?.focus();
  }, [answered]);

  return {
    headingRef,
    running: mutation.isPending,
    /** Whether the connector has anything to test with. */
    testable: testRequests(connector, {}).length > 0,
    /** The results for these settings, if they were tested. */
    resultsFor: (key: string) => (last?.key === key ? last.tried : null),
    /** Tests the settings with each credential; true when every check of every test passed. */
    run: async (key: string, config: Record<string, unknown>) => {
      const tried: Tried[] = [];
      for (const { label, request } of testRequests(connector, config)) {
        try {
          tried.push({ label, result: await mutation.mutateAsync(request) });
        } catch (error) {
          tried.push({ label, error });
        }
      }
      setLast({ key, tried });
      const passed = tried.every(({ result }) => result?.ok === true);
      if (!passed) setAnswered((n) => n + 1);
      return passed;
    },
  };
}

export function EditTestResults({
  tried,
  headingRef,
  running,
}: {
  tried: Tried[] | null;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  running: boolean;
}) {
  return (
    <section aria-labelledby="edit-test-title" className="wizard-test">
      <h2 id="edit-test-title">Connection test</h2>
      <p role="status">{running ? 'Testing the connection…' : ''}</p>
      {tried === null ? (
        <p className="hint">
          Test and save tries the new settings with the connector’s credentials first; a test saves
          nothing.
        </p>
      ) : (
        tried.map(({ label, result, error }, index) => (
          <div key={index}>
            {label && <p className="hint">With {label}:</p>}
            {result ? (
              <ConnectionChecks
                result={result}
                headingRef={index === 0 ? headingRef : undefined}
                headingLevel={4}
              />
            ) : (
              <NotTested error={error} headingRef={index === 0 ? headingRef : undefined} />
            )}
          </div>
        ))
      )}
    </section>
  );
}
