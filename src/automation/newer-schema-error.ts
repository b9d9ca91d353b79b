/** The refusal of automation tables a newer version wrote, the same words for both stores. */
export function newerSchemaError(current: number, latest: number, elsewhere: string): Error {
  return new Error(
    `The automation tables have schema version ${current}, but this version of Agent Workbench knows only up to ${latest}: upgrade it, or ${elsewhere}`,
  );
}
