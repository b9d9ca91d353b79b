import type { ApiClient } from '../api/api-context';
import { ApiError, describeApiError } from '../api/describe-api-error';
import { exportFilename } from './export-filename';

export type ExportFormat = 'md' | 'json';

/**
 * Fetches GET /api/conversations/{id}/export (the typed client sends the session key header, which a
 * plain link could not) and saves it under the server's file name through a Blob download.
 */
export async function downloadExport(
  client: ApiClient,
  conversationId: string,
  format: ExportFormat,
): Promise<string> {
  let result: Awaited<ReturnType<typeof fetchExport>>;
  try {
    result = await fetchExport(client, conversationId, format);
  } catch (networkError) {
    throw new ApiError(describeApiError(networkError), undefined);
  }
  const { data, error, response } = result;
  if (error !== undefined || !response.ok || !(data instanceof Blob)) {
    throw new ApiError(describeApiError(error, response), response.status);
  }
  const filename = exportFilename(
    response.headers.get('content-disposition'),
    `conversation-${conversationId}.${format}`,
  );
  saveBlob(data, filename);
  return filename;
}

function fetchExport(client: ApiClient, conversationId: string, format: ExportFormat) {
  return client.GET('/api/conversations/{id}/export', {
    params: { path: { id: conversationId }, query: { format } },
    parseAs: 'blob',
  });
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
