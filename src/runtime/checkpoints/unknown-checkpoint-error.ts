/** A checkpoint id that is well formed but not in this conversation's shadow repository. */
export class UnknownCheckpointError extends Error {
  readonly code = 'checkpoint_not_found';
  constructor(readonly checkpoint: string) {
    super(`No checkpoint ${checkpoint} in this conversation`);
    this.name = 'UnknownCheckpointError';
  }
}
