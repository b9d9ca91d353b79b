import type { paths } from '../../client/schema';

/** The wire shapes of the checkpoint routes, taken from the generated OpenAPI types. */
type Ok<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } }
  ? Body
  : never;

export type CheckpointItem = Ok<paths['/api/conversations/{id}/checkpoints']['get']>['items'][number];
export type ChangesResponse = Ok<paths['/api/conversations/{id}/changes']['get']>;
export type FileChange = ChangesResponse['files'][number];
export type FileChangeStatus = FileChange['status'];
export type SkippedFile = ChangesResponse['skipped'][number];
export type FileDiff = Ok<paths['/api/conversations/{id}/changes/diff']['get']>;
export type WorkspaceFileAt = Ok<paths['/api/conversations/{id}/changes/file']['get']>;
export type RestoreAnswer = Ok<paths['/api/conversations/{id}/restore']['post']>;
export type ForkFiles = NonNullable<
  NonNullable<
    paths['/api/conversations/{id}/fork']['post']['requestBody']
  >['content']['application/json']['files']
>;
