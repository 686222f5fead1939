import { z } from 'zod';

/** Bounds of validateDealer's companyName (openapi: minLength 2, maxLength 100). */
export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 100;

/** Messages are keys of the `service` catalogue. */
export const DEALER_MESSAGES = {
  required: 'provider.errors.required',
  tooShort: 'provider.errors.tooShort',
  tooLong: 'provider.errors.tooLong',
} as const;

/** The full registered company name of a channel partner (compared exactly, after trimming). */
export const dealerQuerySchema = z.object({
  companyName: z
    .string()
    .trim()
    .min(1, DEALER_MESSAGES.required)
    .min(COMPANY_NAME_MIN, DEALER_MESSAGES.tooShort)
    .max(COMPANY_NAME_MAX, DEALER_MESSAGES.tooLong),
});

export type DealerQueryInput = z.input<typeof dealerQuerySchema>;
export type DealerQuery = z.output<typeof dealerQuerySchema>;
