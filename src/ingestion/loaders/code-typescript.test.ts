import { describe, expect, it } from "vitest";
import type { LoadedSection } from "../types.js";
import { codeLoader } from "./code.js";

const load = async (path: string, source: string) => (await codeLoader.load({ path, bytes: new TextEncoder().encode(source) }))[0]!;
// Loader metadata is free-form JSON; the tests read into it freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const meta = (s: LoadedSection) => s.metadata as Record<string, any>;
const byTitle = (sections: LoadedSection[], title: string) => sections.find((s) => s.title === title)!;

const MODULE = `import { readFile } from "node:fs/promises";

/** Options for {@link splitWords}. */
export interface SplitOptions {
  /**
   * Largest piece, in characters.
   * @default 80
   */
  maxLength?: number;
  /** Keep empty pieces. */
  keepEmpty: boolean;
}

/** A piece of text and where it starts. */
export type Piece = { text: string; offset: number };

/**
 * Splits text into words no longer than \`maxLength\`.
 *
 * @param text - The text to split.
 * @param options - How to split.
 * @returns The words, in order.
 * @example
 * splitWords("a b") // ["a", "b"]
 */
export function splitWords(text: string, options: SplitOptions = { maxLength: 80, keepEmpty: false }): string[] {
  return text.split(/\\s+/).filter((w) => options.keepEmpty || w);
}

/** Counts words. */
export const countWords = (text: string): number => splitWords(text).length;

// Reads a file as words; not exported.
async function wordsOf(path: string) {
  return splitWords(await readFile(path, "utf8"));
}

/** Collects words across calls. */
export class WordBag {
  private readonly words: string[] = [];
  readonly label = "bag";

  constructor(private readonly limit = 100) {}

  /**
   * Adds the words of a text.
   * @param text - Text to add.
   */
  add(text: string, ...more: string[]): void {
    this.words.push(...splitWords(text), ...more);
  }

  get size(): number {
    return this.words.length;
  }

  static empty(): WordBag {
    return new WordBag();
  }
}

/** The default bag size. */
export const DEFAULT_LIMIT = 100;
const internal = 1;
`;

describe("codeLoader: TypeScript and JavaScript", () => {
  it("finds functions, arrow constants, classes, methods, interfaces, types and documented constants", async () => {
    const doc = await load("src/words.ts", MODULE);
    expect(doc.metadata).toEqual({ language: "typescript" });
    expect(doc.sections.map((s) => [s.path, meta(s).kind])).toEqual([
      [["SplitOptions"], "interface"],
      [["Piece"], "type"],
      [["splitWords"], "function"],
      [["countWords"], "function"],
      [["wordsOf"], "function"],
      [["WordBag"], "class"],
      [["WordBag", "constructor"], "method"],
      [["WordBag", "add"], "method"],
      [["WordBag", "get size"], "method"],
      [["WordBag", "empty"], "method"],
      [["DEFAULT_LIMIT"], "variable"],
    ]);
  });

  it("reads TSDoc: description, @param, @returns, @example, defaults from the signature", async () => {
    const doc = await load("src/words.ts", MODULE);
    const split = byTitle(doc.sections, "splitWords");
    expect(meta(split)).toMatchObject({
      language: "typescript",
      name: "splitWords",
      exported: true,
      description: "Splits text into words no longer than `maxLength`.",
      returns: "The words, in order.",
      examples: ['splitWords("a b") // ["a", "b"]'],
      signature: "export function splitWords(text: string, options: SplitOptions = { maxLength: 80, keepEmpty: false }): string[]",
      params: [
        { name: "text", type: "string", description: "The text to split." },
        { name: "options", type: "SplitOptions", default: "{ maxLength: 80, keepEmpty: false }", description: "How to split." },
      ],
    });
    expect(split.content.startsWith("Splits text into words no longer than `maxLength`.\n\n@param text - The text to split.")).toBe(true);
    expect(split.content).toContain("export function splitWords(text: string");
  });

  it("reads arrow constants, plain leading comments, and unexported functions", async () => {
    const doc = await load("src/words.ts", MODULE);
    expect(meta(byTitle(doc.sections, "countWords"))).toMatchObject({
      signature: "export const countWords = (text: string): number =>",
      returns: "number",
      description: "Counts words.",
      exported: true,
    });
    expect(meta(byTitle(doc.sections, "wordsOf"))).toMatchObject({ exported: false, description: "Reads a file as words; not exported." });
  });

  it("lists interface fields as params with their @default", async () => {
    const doc = await load("src/words.ts", MODULE);
    expect(meta(byTitle(doc.sections, "SplitOptions")).params).toEqual([
      { name: "maxLength", description: "Largest piece, in characters.", default: "80", type: "number" },
      { name: "keepEmpty", description: "Keep empty pieces.", type: "boolean" },
    ]);
    expect(meta(byTitle(doc.sections, "Piece")).params).toEqual([
      { name: "text", type: "string" },
      { name: "offset", type: "number" },
    ]);
  });

  it("shows a class as a skeleton and its methods as sections under [Class, method]", async () => {
    const doc = await load("src/words.ts", MODULE);
    const bag = byTitle(doc.sections, "WordBag");
    expect(bag.content).toContain('export class WordBag {\n  private readonly words: string[] = [];\n  readonly label = "bag";');
    expect(bag.content).toContain("  add(text: string, ...more: string[]): void;");
    expect(bag.content).not.toContain("this.words.push");
    const add = byTitle(doc.sections, "add");
    expect(meta(add).params).toEqual([
      { name: "text", type: "string", description: "Text to add." },
      { name: "...more", type: "string[]" },
    ]);
    expect(meta(byTitle(doc.sections, "constructor")).params).toEqual([{ name: "limit", default: "100" }]);
  });

  it("reads CommonJS exports and JSDoc types in plain JavaScript", async () => {
    const src = `'use strict';
/**
 * Doubles a number.
 * @param {number} [n=1] - The number.
 * @returns {number} Twice n.
 */
exports.double = function (n) {
  return 2 * n;
};

module.exports.half = (n) => n / 2;
`;
    const doc = await load("lib/math.cjs", src);
    expect(doc.metadata).toEqual({ language: "javascript" });
    expect(doc.sections.map((s) => s.title)).toEqual(["double", "half"]);
    expect(meta(doc.sections[0]!)).toMatchObject({
      description: "Doubles a number.",
      returns: "Twice n.",
      params: [{ name: "n", type: "number", default: "1", description: "The number." }],
    });
  });

  it("keeps a JavaScript file without declarations as one script section", async () => {
    const src = "// Seed the demo database\nconst db = open('demo');\nfor (const row of rows) db.insert(row);\ndb.close();\n";
    const doc = await load("scripts/seed.mjs", src);
    expect(doc.sections).toHaveLength(1);
    expect(doc.sections[0]!.title).toBe("seed.mjs: Seed the demo database");
    expect(meta(doc.sections[0]!).kind).toBe("script");
    expect(doc.sections[0]!.content).toBe(src.trimEnd());
  });

  it("reads TSX and declaration files", async () => {
    const tsx = "/** A greeting. */\nexport function Hello({ name }: { name: string }) {\n  return <p>Hello {name}</p>;\n}\n";
    expect(meta((await load("ui/Hello.tsx", tsx)).sections[0]!)).toMatchObject({ kind: "function", description: "A greeting." });
    const dts = "/** Adds two numbers. */\nexport declare function add(a: number, b: number): number;\n";
    expect(meta((await load("types/add.d.ts", dts)).sections[0]!)).toMatchObject({
      signature: "export declare function add(a: number, b: number): number",
      params: [
        { name: "a", type: "number" },
        { name: "b", type: "number" },
      ],
    });
  });
});
