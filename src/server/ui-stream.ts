import { basename, extname } from "node:path";
import type { ServerResponse } from "node:http";
import { z } from "zod";
import type { Citation } from "../state/types.js";
import { isCleanText } from "./validation.js";

/**
 * The Vercel AI SDK's UI message stream (`useChat`'s wire format, protocol v1): server-sent
 * events whose data are JSON chunks (`start`, `text-start`/`text-delta`/`text-end`,
 * `source-document`, `data-*`, `finish`), then `[DONE]`.
 */
export const UI_MESSAGE_STREAM_HEADERS = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-vercel-ai-ui-message-stream": "v1",
  "x-accel-buffering": "no",
} as const;

/** The name of the data part that carries the verdict: `data-sourcewise`. */
export const DATA_PART = "data-sourcewise";

const textPart = z.object({ type: z.literal("text"), text: z.string() }).passthrough();
const part = z.union([textPart, z.object({ type: z.string() }).passthrough()]);

/**
 * The body `useChat` (AI SDK 5+) posts: the chat id and its messages with `parts`; extra fields
 * (`trigger`, `messageId`, and the `sources`/`topic` a page adds through the transport's `body`)
 * are allowed.
 */
export function uiChatBodySchema(maxMessageChars: number) {
  return z
    .object({
      id: z.string().regex(/^[\w.:-]{1,128}$/, "must be 1-128 letters, digits, or . _ : -"),
      messages: z
        .array(z.object({ id: z.string().optional(), role: z.enum(["system", "user", "assistant"]), parts: z.array(part) }).passthrough())
        .min(1, "must hold at least the user's message"),
      sources: z.array(z.string().trim().min(1).max(200)).min(1).max(20).optional(),
      topic: z.string().trim().min(1).max(200).optional(),
    })
    .passthrough()
    .transform((body, ctx) => {
      const last = body.messages.at(-1)!;
      const text = last.parts
        .flatMap((p) => (p.type === "text" ? [(p as z.infer<typeof textPart>).text] : []))
        .join("")
        .trim();
      const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["messages", body.messages.length - 1], message });
      if (last.role !== "user") issue("the last message must be the user's");
      else if (!text) issue("the last message has no text part");
      else if (text.length > maxMessageChars) issue(`must be at most ${maxMessageChars} characters`);
      else if (!isCleanText(text)) issue("must not contain NUL, control characters or unpaired surrogates");
      return { chatId: body.id, question: text, sources: body.sources, topic: body.topic };
    });
}
export type UiChatBody = z.output<ReturnType<typeof uiChatBodySchema>>;

const MEDIA_TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".md": "text/markdown",
  ".markdown": "text/markdown",
  ".mdx": "text/markdown",
  ".html": "text/html",
  ".htm": "text/html",
  ".ts": "text/typescript",
  ".tsx": "text/typescript",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".py": "text/x-python",
  ".m": "text/x-matlab",
  ".json": "application/json",
  ".jsonl": "application/jsonl",
};

/** "p. 3" or "pp. 3–5", or nothing when the citation has no page. */
export function pageLabel(c: Pick<Citation, "page_start" | "page_end">): string {
  if (c.page_start === null) return "";
  return c.page_end !== null && c.page_end !== c.page_start ? `pp. ${c.page_start}–${c.page_end}` : `p. ${c.page_start}`;
}

/**
 * A citation as a `source-document` part: the title names file, section and page; the rest
 * (number, uri, pages, relevance, snippet) rides in `providerMetadata.sourcewise`.
 */
export function sourcePart(c: Citation) {
  const filename = basename(c.uri);
  const title = [c.title || filename, c.section && c.section !== c.title ? c.section : "", pageLabel(c)].filter(Boolean).join(" · ");
  return {
    type: "source-document" as const,
    sourceId: `citation-${c.n}`,
    mediaType: MEDIA_TYPES[extname(c.uri).toLowerCase()] ?? "text/plain",
    title,
    filename,
    providerMetadata: {
      sourcewise: {
        n: c.n,
        uri: c.uri,
        source: c.source,
        section: c.section,
        page_start: c.page_start,
        page_end: c.page_end,
        chunk_index: c.chunk_index,
        relevance: Number(c.relevance.toFixed(4)),
        snippet: c.snippet,
      },
    },
  };
}

/** Writes one UI message stream to a response; writes after the client left are dropped. */
export class UiMessageStream {
  private textId: string | undefined;

  constructor(
    private readonly res: ServerResponse,
    private readonly messageId: string,
  ) {
    res.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
    res.flushHeaders();
    this.write({ type: "start", messageId });
  }

  private write(chunk: unknown): void {
    if (this.res.writableEnded || this.res.destroyed) return;
    this.res.write(`data: ${typeof chunk === "string" ? chunk : JSON.stringify(chunk)}\n\n`);
  }

  /** Appends answer text (opening the text part on the first piece). */
  text(delta: string): void {
    if (!delta) return;
    if (!this.textId) {
      this.textId = `${this.messageId}-text`;
      this.write({ type: "text-start", id: this.textId });
    }
    this.write({ type: "text-delta", id: this.textId, delta });
  }

  /** Whether any answer text went out. */
  get hasText(): boolean {
    return this.textId !== undefined;
  }

  /** Closes the text part, then sends one source part per citation, the data part, `finish` and `[DONE]`. */
  finish({ citations, data }: { citations: Citation[]; data: Record<string, unknown> }): void {
    if (this.textId) this.write({ type: "text-end", id: this.textId });
    for (const c of citations) this.write(sourcePart(c));
    this.write({ type: DATA_PART, id: `${this.messageId}-meta`, data });
    this.write({ type: "finish", finishReason: "stop" });
    this.end();
  }

  /** Reports a failed run as an `error` chunk and ends the stream. */
  fail(errorText: string): void {
    this.write({ type: "error", errorText });
    this.end();
  }

  end(): void {
    this.write("[DONE]");
    if (!this.res.writableEnded && !this.res.destroyed) this.res.end();
  }
}
