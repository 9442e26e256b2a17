// What scripts/panelRoutes.ts makes its modules of, loaded through one tsx import
// so the endpoints and the answers' schemas are the same objects (a schema two
// answers share is then found as one).
export { ENDPOINTS_BY_NAME } from '../src/contract/endpoints/all.ts';
export {
  connectorSnapshotSchema,
  credentialSchema,
  documentSourceSchema,
  errorDetailSchema,
  httpValidationErrorSchema,
} from '../src/contract/answers.ts';
export { FIRST_ROWS_READS } from '../src/api/firstRowsReads.ts';
