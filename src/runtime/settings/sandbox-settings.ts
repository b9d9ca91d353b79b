/**
 * The sandbox's settings moved down to sandbox/sandbox-settings.ts (the sandbox sits below the
 * settings). This re-export keeps the import lines of src/runtime/conversation working until that
 * folder's refactor lands; import from sandbox/ in new code.
 */
export * from '../sandbox/sandbox-settings';
