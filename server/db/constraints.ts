// A write refused by a unique key, told apart the same way on both stores:
// the key does the work (no read-then-write), the route says what it means.

interface DriverError {
  code?: string;
  constraint?: string;
  message?: string;
}

/** The connectors' (name, source) key: D4's duplicate rule, names being stored trimmed. */
export function isDuplicateConnector(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as DriverError;
  if (code === '23505') return constraint === 'connectors_name_source_unique'; // PostgreSQL
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    (message ?? '').includes('connectors.name, connectors.source')
  );
}

/** The pairs' (connector, credential) key: a connector carries a credential once (D7). */
export function isDuplicatePair(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as DriverError;
  if (code === '23505') return constraint === 'pairs_connector_credential_unique'; // PostgreSQL
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    (message ?? '').includes('connector_credential_pairs.connector_id')
  );
}
