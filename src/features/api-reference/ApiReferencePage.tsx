// A readable page of the API, from the server's own OpenAPI description: each
// endpoint with who may call it, what it takes, and what it can answer.
import { useApiDocument } from '../../api/apiReference';
import type { ApiDocument } from '../../api/contract';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import { getApiBase } from '../../api/client';
import './apiReference.css';

type Operation = ApiDocument['paths'][string][string];

function Endpoint({
  method,
  path,
  operation,
}: {
  method: string;
  path: string;
  operation: Operation;
}) {
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
  const parameters = operation.parameters ?? [];
  return (
    <section className="api-endpoint" aria-labelledby={id}>
      <h2 id={id}>
        <span className={`api-method api-method-${method}`}>{method.toUpperCase()}</span>{' '}
        <code>{path}</code>
      </h2>
      <p>{operation.summary}</p>
      {operation.description && <p className="hint">{operation.description}</p>}
      {parameters.length > 0 && (
        <>
          <h3>Parameters</h3>
          <ul>
            {parameters.map((parameter) => (
              <li key={parameter.name}>
                <code>{parameter.name}</code> ({parameter.in}
                {parameter.required ? ', required' : ''}): {parameter.description}
              </li>
            ))}
          </ul>
        </>
      )}
      {operation.requestBody && <p>Takes a JSON body.</p>}
      <h3>Answers</h3>
      <dl className="api-answers">
        {Object.entries(operation.responses).map(([status, response]) => (
          <div key={status}>
            <dt>{status}</dt>
            <dd>{response.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ApiReferencePage() {
  const document = useApiDocument();
  const jsonUrl = `${getApiBase()}/openapi.json`;
  return (
    <section className="page api-reference" aria-labelledby="api-reference-title">
      <h1 id="api-reference-title">API reference</h1>
      <p>
        Everything the panel does goes through this API, under <code>/api</code>. Send a key as{' '}
        <code>Authorization: Bearer &lt;key&gt;</code>; every error answer is JSON with{' '}
        <code>detail</code>. The same description, for tools: <a href={jsonUrl}>openapi.json</a>{' '}
        (OpenAPI 3.1).
      </p>
      {document.isPending && (
        <p role="status" className="loading">
          Loading the API description…
        </p>
      )}
      {document.isError && (
        <QueryErrorNotice error={document.error} onRetry={() => void document.refetch()} />
      )}
      {document.data &&
        Object.entries(document.data.paths).flatMap(([path, item]) =>
          Object.entries(item).map(([method, operation]) => (
            <Endpoint key={`${method} ${path}`} method={method} path={path} operation={operation} />
          )),
        )}
    </section>
  );
}
