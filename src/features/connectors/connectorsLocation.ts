// What the connectors page reads from its URL: the credential filter.

/** `?credential=7` → 7; no value, an empty one or one that is no id → no filter. */
export function credentialFilterFrom(searchParams: URLSearchParams): number | undefined {
  const value = searchParams.get('credential');
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}
