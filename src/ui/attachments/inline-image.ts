/** A base64 data URL of a raster type the browser shows without calling anywhere (no SVG: it can hold scripts). */
export function isInlineImage(url: string): boolean {
  return /^data:image\/(png|jpeg|gif|webp);base64,/i.test(url);
}
