import { z } from 'zod';

/** The code e-mailed to confirm 'Delete my data' (a fresh one, even inside a dashboard session). */
export const deleteDataSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code'),
});
export type DeleteDataInput = z.infer<typeof deleteDataSchema>;

export const dataUseSchema = z.object({ optedOut: z.boolean() });
export type DataUse = z.infer<typeof dataUseSchema>;

export const deleteDataResponseSchema = z.object({
  message: z.string(),
  deleted: z.object({
    results: z.number().int(),
    trends: z.number().int(),
    /** Studio media objects and recording folders of the address, removed from the media store. */
    media_files: z.number().int(),
    /** Of those, how many wait for the media store to answer (removed as soon as it does). */
    media_pending: z.number().int(),
  }),
});
export type DeleteDataResponse = z.infer<typeof deleteDataResponseSchema>;

export const optOutListSchema = z.object({ emails: z.array(z.string()) });

/** A non-httpOnly cookie the web app reads: set while the owner opted out; no Meta pixel then. */
export const NO_TRACKING_COOKIE = 'echo_no_tracking';

export const DELETE_CODE_SENT_MESSAGE = 'We sent a confirmation code to your e-mail.';
export const DATA_DELETED_MESSAGE = 'Your data has been deleted.';
export const MEDIA_PENDING_MESSAGE =
  'Your data has been deleted. Some of your Studio media files are still being removed from storage; this finishes on its own, usually within minutes.';
