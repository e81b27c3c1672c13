import { FakeListChatModel } from "@langchain/core/utils/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryStore } from "../../test/helpers/store.js";
import { buildRunContext } from "./build-context.js";
import type { RunContext } from "./run-context.js";
import type { SqlStore } from "../storage/store.js";
import { TenantConfigError } from "../storage/tenant-config.js";
import { contextForTenant, createTenantContexts } from "./tenant-context.js";

let store: SqlStore;
let base: RunContext;
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
  base = buildRunContext({ store, embeddings: {} as RunContext["embeddings"], profiles: [], settings: { gate: { maxRetries: 2 } } });
  await store.setTenantConfig({
    tenant: "acme",
    chatModel: "openai/gpt-4o-mini",
    reranker: "cohere/rerank-v3.5",
    gate: { strongHit: 0.8 },
    generation: { fileLabel: "relative" },
    answerStyle: "bullets",
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
    expect(ctx.settings.gate).toMatchObject({ strongHit: 0.8, maxRetries: 2 });
    expect(ctx.settings.generation).toMatchObject({ fileLabel: "relative", answerStyle: "bullets" });
  });

  it("keeps the defaults for a tenant without a row, and never leaks another tenant's", async () => {
    const ctx = await contextForTenant(base, "globex", options);
    expect(ctx.chatModelId).toBeUndefined();
    expect(ctx.reranker).toBeUndefined();
    expect(ctx.settings.gate.strongHit).toBe(0.65);
    expect(ctx.settings.generation.answerStyle).toBe("standard");
  });

  it("starts another tenant from the defaults, not from the tenant context it is given", async () => {
    const acme = await contextForTenant(base, "acme", options);
    const globex = await contextForTenant(acme, "globex", options);
    expect(globex.chatModelId).toBeUndefined();
    expect(globex.settings.gate).toMatchObject({ strongHit: 0.65, maxRetries: 2 });
    expect(globex.settings.generation.answerStyle).toBe("standard");
  });

  it("is replaced by a later write, and a bad value fails now, naming the tenant and the column", async () => {
    await store.setTenantConfig({ tenant: "initech", gate: { strongHit: 7 } });
    await expect(contextForTenant(base, "initech", options)).rejects.toMatchObject({
      code: "tenant_config_error",
      tenant: "initech",
      field: "gate.strongHit",
      message: expect.stringMatching(/^Tenant "initech": sw_tenant_config\.gate\.strongHit: /),
    });
    await store.setTenantConfig({ tenant: "initech", gate: { strongHit: 0.5 } });
    expect((await contextForTenant(base, "initech", options)).settings.gate.strongHit).toBe(0.5);
  });

  it("refuses an unknown answer style, naming the choices", async () => {
    await store.setTenantConfig({ tenant: "hooli", answerStyle: "terse, formal" });
    const error = await contextForTenant(base, "hooli", options).catch((e: unknown) => e);
    expect(TenantConfigError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ field: "answer_style", reason: expect.stringMatching(/'concise' \| 'detailed' \| 'bullets'/) });
  });

  it("names the column when the tenant's model cannot be built (real factory: no API key)", async () => {
    await store.setTenantConfig({ tenant: "umbrella", chatModel: "nowhere/model" });
    await expect(contextForTenant(base, "umbrella")).rejects.toMatchObject({
      tenant: "umbrella",
      field: "chat_model",
      reason: expect.stringMatching(/Unknown chat model provider "nowhere\/model"/),
    });
    await store.setTenantConfig({ tenant: "umbrella", reranker: "nowhere/rerank" });
    await expect(contextForTenant(base, "umbrella")).rejects.toMatchObject({ tenant: "umbrella", field: "reranker" });
  });
});

describe("createTenantContexts", () => {
  it("reuses a tenant's context while its row is unchanged, and rebuilds it on the next call after a write", async () => {
    const builds: string[] = [];
    const contexts = createTenantContexts(base, {
      ...options,
      createChat: async (spec) => (builds.push(spec), new FakeListChatModel({ responses: [spec] })),
    });
    await store.setTenantConfig({ tenant: "stark", chatModel: "openai/a", answerStyle: "concise" });
    const first = await contexts("stark");
    expect(await contexts("stark")).toBe(first);
    expect(builds).toEqual(["openai/a"]);
    // A write that leaves updated_at alone still counts: the row's content is the key.
    await store.client.query("update sw_tenant_config set answer_style = 'detailed' where tenant_id = 'stark'");
    const second = await contexts("stark");
    expect(second).not.toBe(first);
    expect(second.settings.generation.answerStyle).toBe("detailed");
    expect(builds).toEqual(["openai/a", "openai/a"]);
    expect((await contexts("wayne")).chatModelId).toBeUndefined();
  });

  it("does not keep a failed build: the next call after a fix succeeds", async () => {
    const contexts = createTenantContexts(base, options);
    await store.setTenantConfig({ tenant: "cyberdyne", answerStyle: "poetic" });
    await expect(contexts("cyberdyne")).rejects.toMatchObject({ field: "answer_style" });
    await store.setTenantConfig({ tenant: "cyberdyne", answerStyle: "bullets" });
    expect((await contexts("cyberdyne")).settings.generation.answerStyle).toBe("bullets");
  });

  it("drops the least recently used tenant past maxTenants", async () => {
    const builds: string[] = [];
    const contexts = createTenantContexts(base, {
      ...options,
      maxTenants: 1,
      createChat: async (spec) => (builds.push(spec), new FakeListChatModel({ responses: [spec] })),
    });
    await store.setTenantConfig({ tenant: "t1", chatModel: "openai/t1" });
    await store.setTenantConfig({ tenant: "t2", chatModel: "openai/t2" });
    await contexts("t1");
    await contexts("t2");
    await contexts("t1");
    expect(builds).toEqual(["openai/t1", "openai/t2", "openai/t1"]);
  });
});
