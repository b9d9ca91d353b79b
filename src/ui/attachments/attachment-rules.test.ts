import { describe, expect, it } from 'vitest';
import { admitAttachments, type PendingAttachment } from './admit-attachments';
import { attachmentNote, formatBytes, imageRefusal, safeFileName, uniqueName } from './attachment-rules';
import { buildMessage, messageContent } from './build-message';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
let next = 0;
const newId = () => `id-${++next}`;

describe('attachment rules', () => {
  it('takes the four image types both providers accept and refuses others by name', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
      expect(imageRefusal(file('a', type))).toBeUndefined();
    expect(imageRefusal(file('pic.bmp', 'image/bmp'))).toBe(
      'pic.bmp is not sent: BMP images are not accepted. Use PNG, JPEG, GIF or WebP.',
    );
    expect(imageRefusal(file('big.webp', 'image/webp', 5 * 1024 * 1024 + 1))).toContain(
      'over the 5 MB limit',
    );
  });

  it('sorts files into images and workspace files, and caps the images at six', () => {
    const existing: PendingAttachment[] = Array.from({ length: 5 }, (_, index) => ({
      id: `old-${index}`,
      kind: 'image',
      file: file(`${index}.png`, 'image/png'),
    }));
    const { admitted, refusals } = admitAttachments(
      existing,
      [file('6.png', 'image/png'), file('7.png', 'image/png'), file('notes.md', ''), file('x.svg', '')],
      newId,
    );
    expect(admitted.map((item) => [item.kind, item.file.name])).toEqual([
      ['image', '6.png'],
      ['file', 'notes.md'],
    ]);
    expect(refusals).toEqual([
      'At most 6 images can go with one message.',
      'x.svg is not sent: SVG images are not accepted. Use PNG, JPEG, GIF or WebP.',
    ]);
  });

  it('makes names safe to write: no folders, hidden files, control characters or backticks', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(safeFileName('.env')).toBe('env');
    expect(safeFileName('a\u0000b\u202e`c`.txt')).toBe('ab_c_.txt');
    expect(safeFileName('..')).toBe('attachment');
    expect(safeFileName(`${'x'.repeat(200)}.txt`)).toBe(`${'x'.repeat(116)}.txt`);
    expect(uniqueName('a.txt', new Set(['a.txt', 'a-2.txt']))).toBe('a-3.txt');
  });

  it('formats sizes and the note that tells the agent where files are', () => {
    expect([formatBytes(900), formatBytes(2048), formatBytes(3 * 1024 * 1024 + 1)]).toEqual([
      '900 B',
      '2 KB',
      '3.1 MB',
    ]);
    expect(attachmentNote(['a.txt', 'b.csv'])).toBe(
      'Attached files (in the workspace): `attachments/a.txt`, `attachments/b.csv`',
    );
  });
});

describe('buildMessage', () => {
  it('uploads files under the attachments folder with distinct names before anything is sent', async () => {
    const uploads: string[] = [];
    const message = await buildMessage(
      '',
      [
        { id: '1', kind: 'file', file: file('a.txt', 'text/plain') },
        { id: '2', kind: 'file', file: file('sub/a.txt', 'text/plain') },
        { id: '3', kind: 'image', file: file('p.png', 'image/png') },
      ],
      '/w/',
      {
        upload: async (_file, path) => void uploads.push(path),
        readDataUrl: async () => 'data:image/png;base64,AAAA',
      },
    );
    expect(uploads).toEqual(['/w/attachments/a.txt', '/w/attachments/a-2.txt']);
    expect(messageContent(message)).toEqual([
      { type: 'text', text: 'Attached files (in the workspace): `attachments/a.txt`, `attachments/a-2.txt`' },
      { type: 'image', image_urls: ['data:image/png;base64,AAAA'] },
    ]);
  });
});
