import { ErrorResponseSchema, ValidationErrorResponseSchema } from '../http/api-schemas';

/** The error answers every conversation route may give, for the OpenAPI document. */
export const NOT_FOUND_OR_INVALID = {
  404: ErrorResponseSchema,
  422: ValidationErrorResponseSchema,
} as const;

export const CONFLICT = { 409: ErrorResponseSchema } as const;
