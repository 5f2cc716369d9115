// submission.json: what a submitter declares beside the results (docs/submissions.md): the repeat count of
// each configuration, the sessions not run, and for Harbor job folders the configuration record. Strict,
// like the release format: an unknown field is a typo until shown otherwise.
import { z } from "zod";
import { configSchema } from "./schema";

export const MANIFEST_FILE = "submission.json";
export const MANIFEST_VERSION = "1";

export const manifestSchema = z.strictObject({
  submission_version: z.literal(MANIFEST_VERSION),
  configs: z
    .array(
      z.strictObject({
        config_id: z.string().min(1),
        repeats: z.number().int().min(1),
        missing: z.array(z.strictObject({ session_id: z.string().min(1), reason: z.string().min(1) })).optional(),
      }),
    )
    .min(1),
  harbor: z
    .strictObject({
      /** Harbor job folder(s), relative to the submission folder. */
      jobs: z.string().min(1),
      mapping: z.string().min(1).optional(),
      config: configSchema,
    })
    .optional(),
});

export type SubmissionManifest = z.infer<typeof manifestSchema>;
