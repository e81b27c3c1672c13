import { describe, expect, it } from "vitest";
import { loadConfig, type ConfigInput } from "./config.js";

const load = (overrides: ConfigInput) => loadConfig({ env: {}, cwd: "/nonexistent", overrides });

describe("server and ingest configuration", () => {
  it("defaults the socket timeouts, no CORS origin and no ingest roots", () => {
    const { server } = load({});
    expect(server).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, corsOrigins: [] });
    expect(server.ingestRoots).toBeUndefined();
    expect(server.dataDir).toBeUndefined();
  });

  it("refuses an overlap as long as the chunk, naming the path", () => {
    expect(() => load({ ingest: { maxTokens: 64, overlapTokens: 64 } })).toThrow(
      /ingest\.overlapTokens: must be less than ingest\.maxTokens/,
    );
    expect(load({ ingest: { maxTokens: 64, overlapTokens: 63 } }).ingest.overlapTokens).toBe(63);
  });

  it("refuses a headers timeout longer than the request timeout", () => {
    expect(() => load({ server: { headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 } })).toThrow(/server\.headersTimeoutMs/);
  });

  it('takes ingest roots per tenant with a "*" default, and refuses other keys', () => {
    const { server } = load({ server: { ingestRoots: { acme: ["/srv/acme"], "*": ["/srv/uploads/{tenant}"] } } });
    expect(server.ingestRoots).toEqual({ acme: ["/srv/acme"], "*": ["/srv/uploads/{tenant}"] });
    expect(() => load({ server: { ingestRoots: { "a/b": ["/x"] } } })).toThrow(/server\.ingestRoots/);
    expect(() => load({ server: { ingestRoots: { acme: [] } } })).toThrow(/server\.ingestRoots\.acme/);
  });

  it("takes CORS origins as scheme://host[:port] only", () => {
    expect(load({ server: { corsOrigins: ["https://app.example.com", "http://localhost:3000"] } }).server.corsOrigins).toHaveLength(2);
    expect(() => load({ server: { corsOrigins: ["https://app.example.com/"] } })).toThrow(/server\.corsOrigins\.0/);
    expect(() => load({ server: { corsOrigins: ["*"] } })).toThrow(/server\.corsOrigins\.0/);
  });
});
