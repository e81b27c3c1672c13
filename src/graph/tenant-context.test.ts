import { FakeListChatModel } from "@langchain/core/utils/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryStore } from "../../test/helpers/store.js";
import { gateSettings, generationSettings } from "../generation/settings.js";
import type { GraphContext } from "../nodes/context.js";
import type { SqlStore } from "../storage/store.js";
import { contextForTenant } from "./tenant-context.js";

let store: SqlStore;
let base: GraphContext;
const built: string[] = [];
const options = {
  createChat: async (spec: string) => {
    built.push(spec);
    return new FakeListChatModel({ responses: [spec] });
  },
  createRerank: (spec: string) => ({ id: spec, rerank: async (_q: string, docs: string[]) => docs.map(() => 0.5) }),
};

beforeAll(async () => {
  store = await memoryStore();
  base = { store, embeddings: {} as GraphContext["embeddings"], profiles: [], settings: { gate: { maxRetries: 2 } } };
  await store.setTenantConfig({
    tenant: "acme", chatModel: "openai/gpt-4o-mini", reranker: "cohere/rerank-v3.5",
    gate: { strongHit: 0.8 }, generation: { fileLabel: "relative" }, answerStyle: "terse, formal",
  });
});
afterAll(async () => {
  await store?.close();
});

describe("contextForTenant", () => {
  it("overrides the defaults with the tenant's row of sw_tenant_config", async () => {
    const ctx = await contextForTenant(base, "acme", options);
    expect(ctx.tenant).toBe("acme");
    expect(ctx.chatModelId).toBe("openai/gpt-4o-mini");
    expect(built).toEqual(["openai/gpt-4o-mini"]);
    expect(ctx.reranker?.id).toBe("cohere/rerank-v3.5");
    expect(gateSettings(ctx.settings)).toMatchObject({ strongHit: 0.8, maxRetries: 2 });
    expect(generationSettings(ctx.settings).fileLabel).toBe("relative");
    expect(ctx.settings?.answerStyle).toBe("terse, formal");
  });

  it("keeps the defaults for a tenant without a row, and never leaks another tenant's", async () => {
    const ctx = await contextForTenant(base, "globex", options);
    expect(ctx.chatModelId).toBeUndefined();
    expect(ctx.reranker).toBeUndefined();
    expect(gateSettings(ctx.settings).strongHit).toBe(0.65);
  });

  it("is replaced by a later write, and a bad value fails as the area's ConfigError", async () => {
    await store.setTenantConfig({ tenant: "initech", gate: { strongHit: 7 } });
    const ctx = await contextForTenant(base, "initech", options);
    expect(() => gateSettings(ctx.settings)).toThrow(/gate\.strongHit/);
    await store.setTenantConfig({ tenant: "initech", gate: { strongHit: 0.5 } });
    expect(gateSettings((await contextForTenant(base, "initech", options)).settings).strongHit).toBe(0.5);
  });
});
