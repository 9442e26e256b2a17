// Document sets, at Onyx's routes (docs/api.md, "Document sets"): whoever sees
// a set reads it; whoever controls every group of it (or made a private set
// with none) changes it (D13); deleting a public one is admins'.
import * as z from 'zod/mini';
import {
  documentSetCreateSchema,
  documentSetListQuerySchema,
  documentSetListSchema,
  documentSetUpdateSchema,
  groupDocumentSetsSchema,
} from '../documentSets';
import { userGroupSchema } from '../groups';
import { endpoint, integerText } from '../endpoint';

const SETS = '/manage/admin/document-set';

export const createDocumentSet = endpoint({
  method: 'POST',
  path: SETS,
  summary:
    'Make a document set of pairs the caller may add, public or private to their groups; answers its id.',
  access: 'curatorOrAdmin',
  body: documentSetCreateSchema,
  answer: z.int(),
  action: 'document_set.create',
  errors: [400, 404, 415, 422],
});

export const updateDocumentSet = endpoint({
  method: 'PATCH',
  path: SETS,
  summary:
    'Replace a document set’s description, pairs, access and groups (and its name, when given).',
  access: 'curatorOrAdmin',
  body: documentSetUpdateSchema,
  answer: z.null(),
  action: 'document_set.update',
  errors: [400, 404, 415, 422],
});

export const deleteDocumentSet = endpoint({
  method: 'DELETE',
  path: `${SETS}/{document_set_id}`,
  summary: 'Delete a document set (a public one: admins only). Its pairs stay as they are.',
  access: 'curatorOrAdmin',
  params: z.object({ document_set_id: integerText('The document set id.') }),
  answer: z.null(),
  action: 'document_set.delete',
  errors: [400, 404, 422],
});

export const listDocumentSets = endpoint({
  method: 'GET',
  path: '/manage/document-set',
  summary:
    'The document sets the caller sees (public ones and those of their groups), or with `get_editable=true` those they may change; by name.',
  access: 'anyRole',
  query: documentSetListQuerySchema,
  answer: documentSetListSchema,
  errors: [422],
});

export const changeGroupDocumentSets = endpoint({
  method: 'PATCH',
  path: '/manage/admin/user-group/{user_group_id}/document-sets',
  summary: 'Share document sets with a group, or stop; answers the group.',
  access: 'curatorOrAdmin',
  params: z.object({ user_group_id: integerText('The user group id.') }),
  body: groupDocumentSetsSchema,
  answer: userGroupSchema,
  action: 'document_set.update',
  errors: [400, 404, 415, 422],
});
