import type { MessageIo } from './build-message';

/** The browser's side of sending attachments: FileReader for images, the runtime's upload route for files. */
export const browserMessageIo: MessageIo = {
  readDataUrl: (file) =>
    new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(new Error(`Could not read ${file.name}.`));
      reader.readAsDataURL(file);
    }),
  async upload(file, path) {
    const form = new FormData();
    form.append('file', file, file.name);
    // Same origin: the session cookie authenticates, as for every other call.
    const response = await fetch(`/api/file/upload?path=${encodeURIComponent(path)}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
    });
    if (response.ok) return;
    const detail = await response
      .json()
      .then((body: unknown) =>
        typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string'
          ? body.detail
          : undefined,
      )
      .catch(() => undefined);
    throw new Error(`Could not attach ${file.name}: ${detail ?? `HTTP ${response.status}`}`);
  },
};
