import { escapeRegExp } from "../retrieval/synonyms.js";
/** A code name: camelCase, snake_case or dotted (`makeSLRpulse`, `make_extended_trapezoid`, `mr.aux.isOctave`). */
const CODE_NAME = /[a-z][A-Z]|_|\.[A-Za-z_]/;

/**
 * The code names a question writes, each in its most qualified spelling (`mr.aux.isOctave`, not
 * also `isOctave`): what an example request asks to see called.
 *
 * @example
 * calledNames(["mr.aux.isOctave", "isOctave"]); // ["mr.aux.isOctave"]
 * calledNames(["EPI", "pp.make_trapezoid", "make_trapezoid"]); // ["pp.make_trapezoid"]
 */
export function calledNames(identifiers: readonly string[]): string[] {
  return identifiers.filter(
    (id) => CODE_NAME.test(id) && !id.startsWith("[") && !identifiers.some((o) => o !== id && o.endsWith(`.${id}`)),
  );
}

/**
 * Whether code calls or refers to `name` as written, case for case, and not as part of a longer
 * name (`mr.rotate` is not in `mr.rotate3D`, `seq.read` not in `myseq.read`).
 *
 * @example
 * callsName("if ~mr.aux.isOctave()", "mr.aux.isOctave"); // true
 * callsName("rot = mr.rotate3D(g)", "mr.rotate");         // false
 */
export function callsName(code: string, name: string): boolean {
  return new RegExp(`(?<![\\w.])${escapeRegExp(name)}(?!\\w)`).test(code);
}

/** The line-comment marker of each language the code loader reads. */
const LINE_COMMENT: Record<string, string> = {
  matlab: "%",
  python: "#",
  typescript: "//",
  javascript: "//",
  "objective-c": "//",
};

/** A comment's text that begins as code does: a call (`seq.sound();`) or an assignment (`ro_dur=5e-3;`, `[a, b] = f(x)`). */
const CODE_TEXT = /^(?:[A-Za-z_][\w.]*(?:\(|\s*=(?!=))|\[[\w\s,~]*\]\s*=(?!=))/;

/**
 * The code without its commented-out code lines in `language`: a call commented out
 * (`% seq.sound(); % simulate the tone`) is not a call, while a comment in prose that names
 * something (`% leaned towards the Siemens EPI_BOLD sequence`) still refers to it. Unknown
 * languages are kept whole.
 *
 * @example
 * uncommented("% seq.sound();\nseq.write('a.seq');", "matlab"); // "seq.write('a.seq');"
 */
export function uncommented(code: string, language: string | undefined): string {
  const marker = language ? LINE_COMMENT[language] : undefined;
  if (!marker) return code;
  return code
    .split("\n")
    .filter((line) => {
      const text = line.trimStart();
      return !(text.startsWith(marker) && CODE_TEXT.test(text.slice(marker.length).replace(/^[%#/\s]+/, "")));
    })
    .join("\n");
}

/** A chunk of an example program, as the reranker holds it. */
export interface CodeChunk {
  id: string;
  uri: string;
  content: string;
  /** The program's language (`metadata.language`): its comment lines call nothing. */
  language?: string;
}

/**
 * Of an example request's candidates from example programs, the chunks that call a code name the
 * question writes, for the names that set files apart: called by at most `maxShare` of the
 * candidates' files. A name every demo calls (`seq.write`) says nothing of which one is asked for;
 * one few call (`mr.makeSLRpulse`) is what the question asks to see: its callers are the answer,
 * however little else of their text the question's words match. A call commented out is none.
 *
 * @example
 * callerChunks(examplesCandidates, ["mr.makeSLRpulse"], 0.5); // ids of the chunks of writePRESS.m, writeSemiLaser.m, … that call it
 */
export function callerChunks(candidates: readonly CodeChunk[], names: readonly string[], maxShare: number): Set<string> {
  const out = new Set<string>();
  const files = new Set(candidates.map((c) => c.uri)).size;
  const code = candidates.map((c) => uncommented(c.content, c.language));
  for (const name of names) {
    const calling = candidates.filter((_, i) => callsName(code[i]!, name));
    const callers = new Set(calling.map((c) => c.uri)).size;
    if (callers > 0 && callers <= maxShare * files) for (const c of calling) out.add(c.id);
  }
  return out;
}

/**
 * Of example files about to be chosen from, those the reranker found calling the code name the
 * request writes (`RankedChunk.calls`), when any is among them; all of them otherwise. Asked which
 * demo calls a name, its callers answer however well another file's name matches the question's
 * other words.
 *
 * @example
 * callersOnly(files, (f) => f.uri, new Set(ranked.filter((r) => r.calls).map((r) => r.uri)));
 */
export function callersOnly<T>(files: readonly T[], uriOf: (file: T) => string, callers: ReadonlySet<string>): readonly T[] {
  const calling = files.filter((f) => callers.has(uriOf(f)));
  return calling.length > 0 ? calling : files;
}

/** The files of ranked results marked as calling the name an example request writes. */
export const callerUris = (ranked: readonly { uri: string; calls?: boolean }[]): Set<string> =>
  new Set(ranked.filter((r) => r.calls).map((r) => r.uri));
