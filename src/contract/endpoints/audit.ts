// The activity log, read by admins (every record) and curators (the records of
// what they see, D13): a page at a time, or all of a filter at once.
import { auditPageSchema, auditRecordSchema } from '../audit';
import { auditExportQuerySchema, auditPageQuerySchema } from '../auditQuery';
import { endpoint } from '../endpoint';

const AUDIT = '/admin/audit';

export const listAudit = endpoint({
  method: 'GET',
  path: AUDIT,
  summary: 'The activity log, newest first, a page at a time (keyset paging on time and id).',
  access: 'curatorOrAdmin',
  query: auditPageQuerySchema,
  answer: auditPageSchema,
  errors: [422],
});

export const exportAudit = endpoint({
  method: 'GET',
  path: `${AUDIT}/export`,
  summary: 'Every record of the filter, newest first, streamed as NDJSON (or CSV with format=csv).',
  access: 'curatorOrAdmin',
  query: auditExportQuerySchema,
  answer: auditRecordSchema,
  stream: true,
  errors: [422],
});
