import type { LoadedSection } from "../types.js";
import { tidyText } from "./read-text.js";

/**
 * Accumulates text into sections under a heading stack, for loaders that see a document
 * as a stream of headings and text (HTML, plain text). Empty sections are not emitted.
 */
export class SectionBuilder {
  private readonly sections: LoadedSection[] = [];
  private readonly stack: { level: number; title: string }[] = [];
  private title: string | null = null;
  private path: string[] = [];
  /** Text of the open section, in pieces: joining once at the end keeps long documents linear. */
  private parts: string[] = [];
  private first: string | undefined;

  /** The first heading seen, even when its own section turned out empty. */
  get firstHeading(): string | undefined {
    return this.first;
  }

  /** Starts a section; `level` 1 is the outermost. Deeper open headings are closed. */
  heading(level: number, title: string): void {
    if (!title) return;
    this.first ??= title;
    this.flush();
    while (this.stack.length && this.stack[this.stack.length - 1]!.level >= level) this.stack.pop();
    this.stack.push({ level, title });
    this.title = title;
    this.path = this.stack.map((h) => h.title);
  }

  /** Appends flowing text; runs of white space become one space, none at a line start. */
  inline(text: string): void {
    let piece = text.replace(/\s+/g, " ");
    const last = this.lastChar();
    if (last === undefined || last === "\n" || last === " ") piece = piece.trimStart();
    if (piece) this.parts.push(piece);
  }

  /** Appends text as is (code, table rows). */
  raw(text: string): void {
    if (text) this.parts.push(text);
  }

  /** Ends the current line; `count` 2 leaves a blank line (a paragraph break). */
  newline(count: 1 | 2): void {
    // Trailing spaces go; then count the newlines already there, looking back across pieces.
    while (this.parts.length) {
      const trimmed = this.parts[this.parts.length - 1]!.replace(/[ \t]+$/, "");
      if (trimmed) {
        this.parts[this.parts.length - 1] = trimmed;
        break;
      }
      this.parts.pop();
    }
    if (!this.parts.length) return;
    let have = 0;
    for (let i = this.parts.length - 1; i >= 0 && have < count; i--) {
      const part = this.parts[i]!;
      const run = part.length - part.replace(/\n+$/, "").length;
      have += run;
      if (run < part.length) break;
    }
    if (have < count) this.parts.push("\n".repeat(count - have));
  }

  /** Closes the last section and returns all non-empty sections in reading order. */
  finish(): LoadedSection[] {
    this.flush();
    return this.sections;
  }

  private lastChar(): string | undefined {
    const last = this.parts[this.parts.length - 1];
    return last ? last[last.length - 1] : undefined;
  }

  private flush(): void {
    const content = tidyText(this.parts.join(""));
    if (content) this.sections.push({ title: this.title, path: this.path, content });
    this.parts = [];
  }
}
