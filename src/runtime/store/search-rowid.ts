/**
 * Search index documents are keyed by rowid = conversation row_id * 2^32 + seq, with the title in the
 * top slot, so a hit maps back to its conversation and event without a lookup table and a
 * conversation's documents form one rowid range. Computed inside SQL (64-bit integers), never in JS.
 */
export const SLOTS = 4294967296;
export const TITLE_SLOT = SLOTS - 1;
