import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RecordingChatModel } from "../../test/helpers/fake-models.js";
import { loadConfig } from "../config/config.js";
import { CohereReranker } from "../models/rerankers/cohere.js";
import { evalModels } from "./eval-models.js";

const fakeChat = async (spec: string) => Object.assign(new RecordingChatModel(["ok"]), { spec });

describe("eval models from configuration", () => {
  it("stays offline without a config or keys", async () => {
    const m = await evalModels(loadConfig({ env: {}, cwd: "/nonexistent" }), { env: {} });
    expect(m).toEqual({ graphOptions: {}, chatModel: "local/extractive", reranker: "local/fusion" });
  });

  it("builds what --config names: its chat model and reranker reach the graph and results.json", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sw-evalcfg-"));
    writeFileSync(join(dir, "sourcewise.config.json"), JSON.stringify({ chatModel: "openai/gpt-4o-mini", reranker: "cohere/rerank-v3.5" }));
    const env = { OPENAI_API_KEY: "sk-test", COHERE_API_KEY: "co-test" };
    const config = loadConfig({ file: "sourcewise.config.json", cwd: dir, env });
    const m = await evalModels(config, { env });
    expect([m.chatModel, m.reranker]).toEqual(["openai/gpt-4o-mini", "cohere/rerank-v3.5"]);
    expect(m.graphOptions.chatModelId).toBe("openai/gpt-4o-mini");
    expect(m.graphOptions.chatModel?.constructor.name).toBe("ChatOpenAI");
    expect(m.graphOptions.reranker).toBeInstanceOf(CohereReranker);
    expect(m.graphOptions.reranker?.id).toBe("cohere/rerank-v3.5");
  });

  it("picks Gemini and Cohere from their API keys, as the rest of the app does", async () => {
    const env = { GOOGLE_API_KEY: "g", COHERE_API_KEY: "c" };
    const asked: string[] = [];
    const m = await evalModels(loadConfig({ env, cwd: "/nonexistent" }), {
      env,
      createChat: (spec) => (asked.push(spec), fakeChat(spec)),
      createRerank: (spec) => ({ id: spec, rerank: async (_q, d) => d.map(() => 0.5) }),
    });
    expect(asked).toEqual(["google/gemini-2.5-flash"]);
    expect([m.chatModel, m.reranker, m.graphOptions.reranker?.id]).toEqual([
      "google/gemini-2.5-flash",
      "cohere/rerank-v3.5",
      "cohere/rerank-v3.5",
    ]);
  });

  it("lets SOURCEWISE_RERANKER pin the local reranker over a Cohere key, and names a missing key", async () => {
    const env = { COHERE_API_KEY: "c", SOURCEWISE_RERANKER: "local/fusion", SOURCEWISE_CHAT_MODEL: "local/extractive" };
    expect(await evalModels(loadConfig({ env, cwd: "/nonexistent" }), { env })).toMatchObject({
      chatModel: "local/extractive",
      reranker: "local/fusion",
      graphOptions: {},
    });
    await expect(evalModels({ chatModel: "google/gemini-2.5-flash" }, { env: {} })).rejects.toThrow(/GOOGLE_API_KEY/);
    await expect(evalModels({ reranker: "acme/rerank" }, { env: {} })).rejects.toThrow(/local\/fusion/);
  });
});
