import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

const load = (env: Record<string, string>) => loadConfig({ env, cwd: "/nonexistent" });

describe("store configuration", () => {
  it("defaults to the embedded PGlite, even with stray server variables set", () => {
    expect(load({ DATABASE_URL: "mysql://x", SUPABASE_URL: "https://x.supabase.co" }).store.kind).toBe("pglite");
  });

  it("picks postgres from SOURCEWISE_STORE with DATABASE_URL", () => {
    const { store } = load({ SOURCEWISE_STORE: "postgres", DATABASE_URL: "postgres://u:p@db:5432/app" });
    expect(store).toMatchObject({ kind: "postgres", databaseUrl: "postgres://u:p@db:5432/app" });
  });

  it("picks supabase from its three variables", () => {
    const { store } = load({
      SOURCEWISE_STORE: "supabase",
      SUPABASE_URL: "https://x.supabase.co",
      SUPABASE_ANON_KEY: "anon",
      SOURCEWISE_USER_JWT: "jwt",
    });
    expect(store).toMatchObject({ kind: "supabase", supabase: { url: "https://x.supabase.co", anonKey: "anon", accessToken: "jwt" } });
  });

  it("names what is missing for the chosen kind, and refuses unknown kinds", () => {
    expect(() => load({ SOURCEWISE_STORE: "postgres" })).toThrow(/DATABASE_URL/);
    expect(() => load({ SOURCEWISE_STORE: "supabase", SUPABASE_URL: "https://x.supabase.co" })).toThrow(/anonKey, accessToken/);
    expect(() => load({ SOURCEWISE_STORE: "mysql" })).toThrow(/store\.kind/);
  });
});
