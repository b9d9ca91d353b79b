import type { Event } from '../events';

/**
 * What a conversation tells its subscribers, in order. `durable` frames carry committed events with
 * strictly increasing seq; the stream frames carry model output as it arrives and are never stored
 * (`item_id` equals the `llm_response_id` of the durable events that complete the item).
 */
export type LiveFrame =
  | { type: 'durable'; seq: number; event: Event }
  | { type: 'item_started'; item_id: string; anchor_seq: number }
  | { type: 'delta'; item_id: string; kind: 'text' | 'reasoning'; content: string }
  | { type: 'item_aborted'; item_id: string; reason: string }
  /**
   * The model call failed in a way worth retrying: attempt `attempt` of the item starts after
   * `delay_ms`. `code` is the LLMError code (`network`, `rate_limit`, `server`, `timeout`), `reason`
   * the plain-words detail. Frames only: what stays is the step's durable outcome.
   */
  | {
      type: 'item_retrying';
      item_id: string;
      attempt: number;
      delay_ms: number;
      code: string;
      reason: string;
    };

export type LiveFrameListener = (frame: LiveFrame) => void;
