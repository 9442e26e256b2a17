// A readable page of the API, from the server's own OpenAPI description: each
// endpoint with who may call it, what it takes (its parameters and the fields of
// its body), and what it can answer (the fields of a success, each error).
import type { ReactNode } from 'react';
import { useApiDocument } from '../../api/apiReference';
import type { ApiDocument } from '../../contract/contract';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import { getApiBase } from '../../api/client';
import { bodyShape, type BodyShape } from './schemaFields';
import './apiReference.css';

type Operation = ApiDocument['paths'][string][string];
type Content = NonNullable<Operation['responses'][string]['content']>;

/** `text` with its backticked parts as code, as the document writes them (Markdown's code spans). */
export function withCode(text: string): ReactNode[] {
  return text
    .split(/`([^`]*)`/)
    .map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}

/** The JSON (or NDJSON, one record a line) schema of a body, if it has one. */
const jsonSchemaOf = (content: Content | undefined) =>
  content?.['application/json']?.schema ?? content?.['application/x-ndjson']?.schema;

function Fields({ shape, label }: { shape: BodyShape; label: string }) {
  if (shape.kind === 'other') {
    return <p>{shape.type === 'null' ? 'The body is null.' : `The body is ${shape.type}.`}</p>;
  }
  return (
    <>
      {shape.kind === 'list' && <p>A list; each item has these fields:</p>}
      <table className="api-fields" aria-label={label}>
        <thead className="visually-hidden-narrow">
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {shape.fields.map((field) => (
            <tr key={field.name}>
              <th scope="row">
                <code>{field.name}</code>
              </th>
              <td>{field.type}</td>
              <td>{field.required ? 'yes' : 'no'}</td>
              <td>{withCode(field.description)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The id of an endpoint's section, which the contents link to. */
const endpointId = (method: string, path: string) =>
  `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');

/** Every endpoint, one link each: the page is long, and a phone has no other way to jump. */
function Contents({ paths }: { paths: ApiDocument['paths'] }) {
  return (
    <nav aria-labelledby="api-contents-title" className="api-contents">
      <h2 id="api-contents-title">Endpoints</h2>
      <ul>
        {Object.entries(paths).flatMap(([path, item]) =>
          Object.entries(item).map(([method, operation]) => (
            <li key={`${method} ${path}`}>
              <a href={`#${endpointId(method, path)}`}>
                <span className="api-method">{method.toUpperCase()}</span> <code>{path}</code>
              </a>{' '}
              <span className="hint">{withCode(operation.summary)}</span>
            </li>
          )),
        )}
      </ul>
    </nav>
  );
}

function Endpoint({
  method,
  path,
  operation,
}: {
  method: string;
  path: string;
  operation: Operation;
}) {
  const id = endpointId(method, path);
  const name = `${method.toUpperCase()} ${path}`;
  const parameters = operation.parameters ?? [];
  const body = jsonSchemaOf(operation.requestBody?.content);
  const answer = jsonSchemaOf(operation.responses['200']?.content);
  return (
    <section className="api-endpoint" aria-labelledby={id}>
      <h2 id={id}>
        <span className={`api-method api-method-${method}`}>{method.toUpperCase()}</span>{' '}
        <code>{path}</code>
      </h2>
      <p>{withCode(operation.summary)}</p>
      {operation.description && <p className="hint">{withCode(operation.description)}</p>}
      {parameters.length > 0 && (
        <>
          <h3>Parameters</h3>
          <ul>
            {parameters.map((parameter) => (
              <li key={parameter.name}>
                <code>{parameter.name}</code> ({parameter.in}
                {parameter.required ? ', required' : ''}): {withCode(parameter.description ?? '')}
              </li>
            ))}
          </ul>
        </>
      )}
      {body && (
        <>
          <h3>Body (JSON)</h3>
          <Fields shape={bodyShape(body)} label={`Body of ${name}`} />
        </>
      )}
      {answer && (
        <>
          <h3>Answer (200)</h3>
          <Fields shape={bodyShape(answer)} label={`Answer of ${name}`} />
        </>
      )}
      <h3>Answers</h3>
      <dl className="api-answers">
        {Object.entries(operation.responses).map(([status, response]) => (
          <div key={status}>
            <dt>{status}</dt>
            <dd>{withCode(response.description)}</dd>
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
      {document.data && <Contents paths={document.data.paths} />}
      {document.data &&
        Object.entries(document.data.paths).flatMap(([path, item]) =>
          Object.entries(item).map(([method, operation]) => (
            <Endpoint key={`${method} ${path}`} method={method} path={path} operation={operation} />
          )),
        )}
    </section>
  );
}
