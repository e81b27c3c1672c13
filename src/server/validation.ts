import { z } from "zod";

/** A bad request: the HTTP status, and the field to fix (`body` for the body as a whole). */
export class RequestError extends Error {
  constructor(readonly status: number, readonly field: string, message: string) {
    super(message);
    this.name = "RequestError";
  }
}

const name = z.string().trim().min(1).max(200);

/** The body of POST /v1/chat. */
export function chatBodySchema(maxMessageChars: number) {
  return z
    .object({
      message: z.string().trim().min(1, "must not be empty").max(maxMessageChars, `must be at most ${maxMessageChars} characters`),
      thread_id: z.string().regex(/^[\w.:-]{1,128}$/, "must be 1-128 letters, digits, or . _ : -").optional(),
      sources: z.array(name).min(1).max(20).optional(),
      topic: name.optional(),
    })
    .strict();
}
export type ChatBody = z.infer<ReturnType<typeof chatBodySchema>>;

/** The body of POST /v1/ingest: files and folders the server can read, under its allowed roots. */
export const IngestBodySchema = z
  .object({
    paths: z.array(z.string().min(1).max(4096)).min(1).max(100),
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
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new RequestError(400, "body", "The body must be a JSON object.");
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.code === "unrecognized_keys" ? issue.keys[0] ?? "body" : issue?.path.join(".") || "body";
    throw new RequestError(400, field, `${field}: ${issue?.message ?? "invalid"}`);
  }
  return result.data;
}
