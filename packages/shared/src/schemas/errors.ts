import { z } from 'zod';
import { ERROR_CODES } from '../constants';

export const ErrorResponseSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** For identity failures: the user-pool exception name (UsernameExistsException, ...). */
    exception: z.string().optional(),
    details: z.unknown().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
