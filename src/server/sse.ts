import type { ServerResponse } from "node:http";

/**
 * Writes server-sent events to a response. Writes after the client left are dropped, so a
 * producer never throws because a reader disconnected.
 */
export class SseStream {
  constructor(private readonly res: ServerResponse) {
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      // Proxies such as nginx would otherwise buffer the whole stream.
      "x-accel-buffering": "no",
    });
    res.flushHeaders();
  }

  /** Whether the client can still read. */
  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  /** Sends one event with a JSON payload. */
  send(event: string, data: unknown): void {
    if (!this.open) return;
    this.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    if (this.open) this.res.end();
  }
}

/** One parsed server-sent event. */
export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * Parses a complete SSE body into events (for clients and tests).
 * @example
 * parseSse("event: final\ndata: {}\n\n"); // [{ event: "final", data: {} }]
 */
export function parseSse(body: string): SseEvent[] {
  return body
    .split(/\n\n+/)
    .filter((block) => block.trim())
    .map((block) => {
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
      }
      return { event, data: JSON.parse(data.join("\n")) as unknown };
    });
}
