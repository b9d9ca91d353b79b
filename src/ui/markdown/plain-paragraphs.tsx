/**
 * Text without Markdown syntax as Markdown would render it: paragraphs split at blank lines, each
 * trimmed, single line breaks flowing as spaces. Used for plain prose, and as the stand-in while the
 * Markdown chunk loads, so the upgrade keeps the same words in the same boxes.
 */
export function PlainParagraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        // Paragraphs of one text never reorder: the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index}>{paragraph}</p>
      ))}
    </>
  );
}
