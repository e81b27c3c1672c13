import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { loadProfiles } from "./load.js";

const byName = (profiles: ReturnType<typeof loadProfiles>, name: string) => profiles.find((p) => p.name === name)!;

function configErrorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadProfiles", () => {
  it("ships api_reference, docs and examples with their formatters", () => {
    const profiles = loadProfiles();
    expect(profiles.map((p) => p.name)).toEqual(["api_reference", "docs", "examples"]);
    expect(byName(profiles, "api_reference")).toMatchObject({ formatter: "api" });
    expect(byName(profiles, "docs")).toMatchObject({ formatter: "doc", citation_style: "page" });
    expect(byName(profiles, "examples")).toMatchObject({ formatter: "example", chunks: { whole_multipart: true } });
    expect(byName(profiles, "api_reference").indicators).toEqual(expect.arrayContaining(["parameter", "argument", "returns", "signature"]));
    expect(byName(profiles, "examples").indicators).toEqual(expect.arrayContaining(["example", "sample", "demo", "show me", "snippet"]));
    expect(byName(profiles, "docs").indicators).toEqual(expect.arrayContaining(["guide", "how", "why", "explain", "overview", "spec"]));
  });

  it("overrides a default field by field, nested objects included", () => {
    const examples = byName(loadProfiles([{ name: "examples", retrieval: { max_results: 40 }, indicators: ["recipe"] }]), "examples");
    expect(examples.retrieval.max_results).toBe(40);
    expect(examples.retrieval.similarity_threshold).toBe(0.2);
    expect(examples.chunks.whole_multipart).toBe(true);
    expect(examples.formatter).toBe("example");
    expect(examples.indicators).toEqual(["recipe"]);
  });

  it("adds a source under a new name, with schema defaults", () => {
    const profiles = loadProfiles([{ name: "faq", summary: "Support answers to frequent questions", indicators: ["faq"] }]);
    expect(profiles.map((p) => p.name)).toEqual(["api_reference", "docs", "examples", "faq"]);
    expect(byName(profiles, "faq")).toMatchObject({ formatter: "doc", retrieval: { max_results: 20 }, best_for: [] });
  });

  it("names the profile and field of every bad value", () => {
    const error = configErrorOf(() =>
      loadProfiles([
        { name: "docs", retrieval: { similarity_threshold: 3 } },
        { name: "faq", formatter: "table" },
      ]),
    );
    expect(error.message).toContain('source "docs", field retrieval.similarity_threshold');
    expect(error.message).toContain('source "faq", field summary');
    expect(error.message).toContain('source "faq", field formatter');
  });

  it("rejects duplicate names, unknown fields, bad names and nameless entries", () => {
    expect(
      configErrorOf(() =>
        loadProfiles([
          { name: "faq", summary: "a" },
          { name: "faq", summary: "b" },
        ]),
      ).message,
    ).toContain('source "faq", field name: defined twice');
    expect(configErrorOf(() => loadProfiles([{ name: "docs", colour: "red" }])).message).toMatch(/source "docs".*Unrecognized key.*colour/);
    expect(configErrorOf(() => loadProfiles([{ name: "My Docs", summary: "x" }])).message).toContain('source "My Docs", field name');
    expect(configErrorOf(() => loadProfiles([{ summary: "x" }])).message).toContain(
      'sources[0]: every source profile needs a string "name"',
    );
  });
});
