import type { IncomingMessage, ServerResponse } from "node:http";
import { RequestError } from "./validation.js";

/**
 * Which browser origins may call the server. The server serves no pages of its own, so no browser
 * origin is implicitly its own: a page may call it only from a listed origin.
 */
export class OriginPolicy {
  private readonly listed: Set<string>;

  /** @param origins exact origins, `scheme://host[:port]` (`server.corsOrigins`). */
  constructor(origins: readonly string[] = []) {
    this.listed = new Set(origins.map((o) => o.toLowerCase()));
  }

  /** Lists more origins: the server's own, when it serves the chat page (`serve --ui`). */
  allow(origins: readonly string[]): void {
    for (const o of origins) this.listed.add(o.toLowerCase());
  }

  /** The request's `Origin` when it is listed. */
  private listedOrigin(req: IncomingMessage): string | undefined {
    const origin = req.headers.origin;
    return origin && this.listed.has(origin.toLowerCase()) ? origin : undefined;
  }

  /**
   * Applies the policy before anything else runs: CORS headers for a listed origin, the answer to
   * a preflight, and the refusal of a browser's state-changing request from anywhere else (a page
   * the developer visits could otherwise POST text/plain to /v1/ingest, which needs no preflight).
   * @returns true when the request is fully answered (a preflight).
   * @throws RequestError 403 naming `origin`.
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = this.listedOrigin(req);
    if (this.listed.size > 0) res.setHeader("vary", "Origin");
    if (origin) res.setHeader("access-control-allow-origin", origin);
    if (req.method === "OPTIONS") {
      if (req.headers.origin !== undefined && !origin)
        throw new RequestError(403, "origin", "This origin may not call this server (server.corsOrigins).");
      res.writeHead(204, {
        allow: "GET, HEAD, POST, OPTIONS",
        ...(origin
          ? {
              "access-control-allow-methods": "GET, POST",
              "access-control-allow-headers": "authorization, content-type",
              "access-control-max-age": "600",
            }
          : {}),
      });
      res.end();
      return true;
    }
    if (req.method !== "GET" && req.method !== "HEAD" && !origin) {
      // Browsers send Origin with every POST; Sec-Fetch-Site catches one that does not.
      if (req.headers.origin !== undefined || req.headers["sec-fetch-site"] === "cross-site") {
        throw new RequestError(403, "origin", "Cross-origin requests are refused unless the origin is listed in server.corsOrigins.");
      }
    }
    return false;
  }
}
