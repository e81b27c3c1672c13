import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { loadConfig } from "./config.js";
import { DEFAULT_SYNONYMS, defaultRunSettings } from "./run-settings.js";

const configDir = (json: unknown) => {
  const dir = mkdtempSync(join(tmpdir(), "sw-config-"));
  writeFileSync(join(dir, "sourcewise.config.json"), JSON.stringify(json));
  return dir;
};
const caught = (fn: () => unknown): Error => {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
};

describe("the settings tree", () => {
  it("defaults in one place", () => {
    const s = defaultRunSettings();
    expect(s.gate).toEqual({
      strongHit: 0.65,
      minStrongHits: 1,
      minTop3Avg: 0.45,
      minCoverage: 0.5,
      relevantFloor: 0.25,
      dominantMin: 0.1,
      dominantRatio: 2,
      clarifyCoverage: 0.34,
      maxRetries: 1,
      nearMisses: 3,
      requireConstraints: true,
      detailShare: 0.05,
      unknownTermShare: 0.5,
      weakUnknownWord: true,
      weakUnknownShare: 0.2,
      claimCoverage: 0.5,
      claimHit: 0.15,
    });
    expect(s.generation.markers).toEqual({ high: 0.8, medium: 0.65 });
    expect(s.retrieval.synonyms).toEqual(DEFAULT_SYNONYMS);
    expect(s.retrieval.interleave).toEqual(["local", "local", "global"]);
    const config = loadConfig({ env: {}, cwd: "/nonexistent" });
    expect({ gate: config.gate, retrieval: config.retrieval, generation: config.generation }).toEqual(s);
  });

  it("reads gate, retrieval and generation sections from sourcewise.config.json, keeping the other defaults", () => {
    const cwd = configDir({ gate: { maxRetries: 2 }, generation: { markers: { high: 0.9 } }, retrieval: { interleave: ["global"] } });
    const config = loadConfig({ env: {}, cwd });
    expect(config.gate).toMatchObject({ maxRetries: 2, strongHit: 0.65 });
    expect(config.generation.markers).toEqual({ high: 0.9, medium: 0.65 });
    expect(config.retrieval.interleave).toEqual(["global"]);
  });

  it("names every bad value by its path and where it came from", () => {
    const cwd = configDir({
      generation: { markers: { high: 1.5 }, colour: "red" },
      retrieval: { interleave: ["sideways"], rerank: { keepMin: 0 } },
    });
    const error = caught(() => loadConfig({ env: { SOURCEWISE_PORT: "99999" }, cwd }));
    expect(ConfigError.isInstance(error)).toBe(true);
    const file = join(cwd, "sourcewise.config.json");
    expect(error.message).toContain(`generation.markers.high: Number must be less than or equal to 1 (from config file ${file})`);
    expect(error.message).toMatch(/generation: Unrecognized key\(s\) in object: 'colour'/);
    expect(error.message).toMatch(/retrieval\.interleave\.0: .* \(from config file/);
    expect(error.message).toMatch(/retrieval\.rerank\.keepMin: /);
    expect(error.message).toContain("server.port: Number must be less than or equal to 65535 (from env SOURCEWISE_PORT)");
  });

  it("lets flags win over the environment and the file, and names them when bad", () => {
    const cwd = configDir({ tenant: "from-file" });
    expect(loadConfig({ env: { SOURCEWISE_TENANT: "from-env" }, cwd }).tenant).toBe("from-env");
    expect(loadConfig({ env: { SOURCEWISE_TENANT: "from-env" }, cwd, overrides: { tenant: "from-flag" } }).tenant).toBe("from-flag");
    expect(caught(() => loadConfig({ env: {}, cwd, overrides: { gate: { strongHit: -1 } } })).message).toContain(
      "gate.strongHit: Number must be greater than or equal to 0 (from command-line flags)",
    );
  });
});
