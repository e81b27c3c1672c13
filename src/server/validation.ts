import { z } from "zod";

/** A bad request: the HTTP status, and the field to fix (`body` for the body as a whole). */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

/** NUL and other control characters (tab and line breaks aside), and UTF-16 surrogates without their pair. */
// Control characters are exactly what this pattern is for.
const INVALID_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds only characters Postgres text and UTF-8 can carry (see {@link INVALID_TEXT}). */
export function isCleanText(text: string): boolean {
  return !INVALID_TEXT.test(text);
}

const CLEAN = "must not contain NUL, control characters or unpaired surrogates";

const name = z.string().trim().min(1).max(200).refine(isCleanText, CLEAN);

/** The body of POST /v1/chat. */
export function chatBodySchema(maxMessageChars: number) {
  return z
    .object({
      message: z
        .string()
        .trim()
        .min(1, "must not be empty")
        .max(maxMessageChars, `must be at most ${maxMessageChars} characters`)
        .refine(isCleanText, CLEAN),
      thread_id: z
        .string()
        .regex(/^[\w.:-]{1,128}$/, "must be 1-128 letters, digits, or . _ : -")
        .optional(),
      sources: z.array(name).min(1).max(20).optional(),
      topic: name.optional(),
    })
    .strict();
}
export type ChatBody = z.infer<ReturnType<typeof chatBodySchema>>;

/** The body of POST /v1/ingest: files and folders the server can read, under its allowed roots. */
export const IngestBodySchema = z
  .object({
    paths: z.array(z.string().min(1).max(4096).refine(isCleanText, CLEAN)).min(1).max(100),
    source: name.default("docs"),
    topics: z.array(name).max(20).default([]),
    prune: z.boolean().default(false),
  })
  .strict();
export type IngestBody = z.infer<typeof IngestBodySchema>;

/**
 * Parses `raw` JSON text with `schema`.
 * @throws RequestError 400 naming `body` for malformed JSON, else the first invalid field.
 */
export function parseBody<S extends z.ZodTypeAny>(raw: string, schema: S): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new RequestError(400, "body", "The body must be JSON.");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw new RequestError(400, "body", "The body must be a JSON object.");
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    // `field` is the top-level key a client sent; the message names the exact element (`sources.1`).
    const where = issue?.code === "unrecognized_keys" ? (issue.keys[0] ?? "body") : issue?.path.join(".") || "body";
    const field = issue?.code === "unrecognized_keys" ? where : String(issue?.path[0] ?? "body");
    throw new RequestError(400, field, `${where}: ${issue?.message ?? "invalid"}`);
  }
  return result.data;
}
