import { z } from 'zod';

/** A price the person typed: USD per million tokens, finite and never negative. */
const PerMillionSchema = z.number().finite().nonnegative();

export const ModelPriceSchema = z.strictObject({
  input: PerMillionSchema,
  /** Input read from the prompt cache. */
  cached_input: PerMillionSchema,
  /** Input written to the prompt cache. */
  cache_write: PerMillionSchema,
  output: PerMillionSchema,
});

/**
 * The settings' own prices by model name, checked before the built-in table (a model it lacks, a
 * provider's newer price, a local model the person pays for by the token).
 */
export const PriceOverridesSchema = z.record(z.string().trim().min(1).max(200), ModelPriceSchema);

export type ModelPrice = z.infer<typeof ModelPriceSchema>;
export type PriceOverrides = z.infer<typeof PriceOverridesSchema>;
