import { parseSse, type SseEvent } from "../../src/server/sse.js";

// Response bodies are whatever the server sent: tests read into them freely.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** POSTs JSON (or a raw string) and returns status, parsed JSON body or SSE events. */
export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: any; events: SseEvent[] }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const sse = (res.headers.get("content-type") ?? "").startsWith("text/event-stream");
  return { status: res.status, json: sse ? undefined : JSON.parse(text), events: sse ? parseSse(text) : [] };
}

/** The data of the first event named `name`. */
export function dataOf(events: SseEvent[], name: string): any {
  return events.find((e) => e.event === name)?.data;
}
