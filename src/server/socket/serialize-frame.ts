import type { ServerFrame } from './socket-frames';

const cache = new WeakMap<object, string>();

/**
 * JSON text of a frame, computed once per frame object: a live frame is the same object for every
 * socket of its conversation, so fan-out to 50 subscribers serializes it once, not 50 times.
 */
export function serializeFrame(frame: ServerFrame): string {
  let text = cache.get(frame);
  if (text === undefined) {
    text = JSON.stringify(frame);
    cache.set(frame, text);
  }
  return text;
}
