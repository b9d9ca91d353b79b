/**
 * writeFileAtomic moved down to data-files/ (saved secrets write with it too, and secrets sit below
 * the settings). This re-export keeps the import lines of src/runtime/conversation working until that
 * folder's refactor lands; import from data-files/ in new code.
 */
export * from '../data-files/write-file-atomic';
