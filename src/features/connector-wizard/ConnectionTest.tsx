// The review's connection test: what the form would make, tried against the
// source before anything is saved (POST /manage/admin/connector/test). A result
// holds only for the settings it was made with.
import { useEffect, useRef, useState } from 'react';
import type { ConnectionTestRequest, ConnectionTestResult } from '../../contract/connectionTest';
import { useTestConnection } from '../../api/connectionTestHooks';
import { ConnectionChecks, NotTested } from '../../components/ConnectionChecks';
import { configFromForm } from '../../sources/form';
import type { WizardSource, WizardValues } from './wizardValues';

export type TestOutcome = 'untested' | 'passed' | 'not-passed';

/** The request a test sends for what the form holds now. */
function testRequest({ source, panel, needsCredential }: WizardSource, values: WizardValues) {
  const request: ConnectionTestRequest = {
    source,
    connector_specific_config: configFromForm(panel, values),
  };
  if (needsCredential && values.credential_id !== null)
    request.credential_id = values.credential_id;
  return request;
}

/** The test's state for the page: run it, and whether it passed for what the form holds now. */
export function useConnectionTest(wizard: WizardSource, getValues: () => WizardValues) {
  const mutation = useTestConnection();
  const [last, setLast] = useState<{ key: string; result: ConnectionTestResult } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The result (or the reason there is none) is what the person needs next: focus
  // moves there once it is on the page.
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered > 0) headingRef.current?.focus();
  }, [answered]);
  const key = JSON.stringify(testRequest(wizard, getValues()));
  const result = last?.key === key ? last.result : null;
  const outcome: TestOutcome = !result ? 'untested' : result.ok === true ? 'passed' : 'not-passed';

  const run = async () => {
    const request = testRequest(wizard, getValues());
    try {
      const answer = await mutation.mutateAsync(request);
      setLast({ key: JSON.stringify(request), result: answer });
    } catch {
      setLast(null);
    }
    setAnswered((n) => n + 1);
  };
  return { run, outcome, result, mutation, headingRef };
}

export function ConnectionTestSection({ test }: { test: ReturnType<typeof useConnectionTest> }) {
  const { result, mutation, headingRef } = test;
  return (
    <section aria-labelledby="wizard-test-title" className="wizard-test">
      <h3 id="wizard-test-title">Connection test</h3>
      <p role="status">{mutation.isPending ? 'Testing the connection…' : ''}</p>
      {result ? (
        <ConnectionChecks result={result} headingRef={headingRef} headingLevel={4} />
      ) : mutation.isError ? (
        <NotTested error={mutation.error} headingRef={headingRef} />
      ) : (
        <p className="hint">
          Not tested yet. A test tries the settings and the credential against the source; it saves
          nothing.
        </p>
      )}
    </section>
  );
}
