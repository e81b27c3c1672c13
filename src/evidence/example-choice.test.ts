import { describe, expect, it } from "vitest";
import { preferredExample } from "./example-choice.js";

const files = (...rows: [string, number, number][]) => rows.map(([uri, name, relevance]) => ({ uri, name, relevance }));
const pick = (rows: ReturnType<typeof files>) =>
  preferredExample(
    rows,
    (r) => r.uri,
    (uri) => rows.find((r) => r.uri === uri)!.name,
    (r) => r.relevance,
  )?.uri;

describe("preferredExample", () => {
  it("takes the best-ranked file named about as well as the best-named one", () => {
    expect(pick(files(["a", 0.4, 0.8], ["b", 0.6, 0.5]))).toBe("b");
    expect(pick(files(["a", 0.57, 0.8], ["b", 0.6, 0.5]))).toBe("a");
  });

  it("is not led astray by a middling name between the best-ranked and the best-named file", () => {
    expect(pick(files(["spinEcho", 0, 0.78], ["diffusion", 0.15, 0.32], ["plain", 0.17, 0.25]))).toBe("diffusion");
    expect(pick(files(["spinEcho", 0, 0.78], ["diffusion", 0.1, 0.32], ["plain", 0.17, 0.25]))).toBe("plain");
  });

  it("lets a far less relevant file answer only when its name is far better than every relevant file's", () => {
    expect(pick(files(["live", 0, 0.82], ["shim", 0.06, 0.03]))).toBe("live");
    expect(pick(files(["multiEcho", 0.27, 0.7], ["shim", 0.5, 0.1]))).toBe("shim");
  });
});
