/** One file change of a patch, checked and computed, before anything is written. */
export interface PlannedChange {
  type: 'add' | 'update' | 'delete';
  /** Absolute and normalised: the file changed (or the source of a move). */
  path: string;
  /** Absolute and normalised: where an update moves the file. */
  movePath?: string;
  /** The text read while planning (update, delete); the commit refuses if the file changed since. */
  oldContent?: string;
  /** The text to write (add, update). */
  newContent?: string;
  /** Permission bits of the file updated, kept on the rewrite (and the moved file). */
  mode?: number;
}
