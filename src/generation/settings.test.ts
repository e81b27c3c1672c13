import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { expandSettings, gateSettings, generationSettings } from "./settings.js";

describe("generation settings", () => {
  it("default in one place", () => {
    expect(gateSettings()).toEqual({ strongHit: 0.65, minStrongHits: 1, minTop3Avg: 0.45, minCoverage: 0.5, relevantFloor: 0.25, clarifyCoverage: 0.34, maxRetries: 1, window: 8 });
    expect(generationSettings().markers).toEqual({ high: 0.8, medium: 0.65 });
    expect(expandSettings()).toEqual({ topK: 8, tokenBudget: 6000, multiSectionThreshold: 3, returnFullDocuments: false });
  });

  it("take overrides per area and keep the other defaults", () => {
    const settings = { generation: { markers: { high: 0.9 } }, gate: { maxRetries: 2 } };
    expect(generationSettings(settings).markers).toEqual({ high: 0.9, medium: 0.65 });
    expect(gateSettings(settings)).toMatchObject({ maxRetries: 2, strongHit: 0.65 });
  });

  it("refuse unknown and out-of-range values, naming each", () => {
    let caught: unknown;
    try {
      generationSettings({ generation: { markers: { high: 1.5 }, colour: "red" } });
    } catch (error) {
      caught = error;
    }
    expect(ConfigError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toMatch(/generation\.markers\.high/);
    expect((caught as Error).message).toMatch(/colour/);
  });
});
