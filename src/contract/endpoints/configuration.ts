// Configuration as code (docs/configuration-as-code.md): the whole
// setup as one bundle, and a bundle applied — or only planned — in one go.
import {
  configBundleSchema,
  exportQuerySchema,
  IMPORT_BODY_LIMIT,
  importPlanSchema,
  importQuerySchema,
} from '../configBundle';
import { endpoint } from '../endpoint';

export const exportConfiguration = endpoint({
  method: 'GET',
  path: '/admin/export',
  summary:
    'The whole setup as one bundle (connectors, credentials without their values, pairs, users, invitations, user groups), sorted so that two exports of one setup differ only in `exported_at`. `format=yaml` for YAML.',
  access: 'admin',
  query: exportQuerySchema,
  answer: configBundleSchema,
  errors: [422],
});

export const importConfiguration = endpoint({
  method: 'POST',
  path: '/admin/import',
  summary:
    'Apply a bundle in one transaction (all or nothing) and answer what was done; `dry_run=true` answers the plan and changes nothing. A conflict refuses the whole import (409). Bodies up to 20 MiB.',
  access: 'admin',
  query: importQuerySchema,
  singleQuery: ['dry_run'],
  body: configBundleSchema,
  answer: importPlanSchema,
  action: 'config.import',
  errors: [409, 415, 422],
  bodyLimit: IMPORT_BODY_LIMIT,
});
