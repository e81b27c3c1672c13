import type { RunContext } from "../context/run-context.js";
import type { RunLookups } from "../context/run-lookups.js";
import { absent } from "./judge.js";
import { isStopWord } from "../planner/terms.js";
import { escapeRegExp } from "../retrieval/synonyms.js";
import type { Generation } from "../retrieval/mined-synonyms.js";
import type { SqlStore } from "../storage/store.js";
import type { DocumentRef } from "../storage/types.js";

/** The fewest files a source needs before its naming says anything. */
const FAMILY_MIN_FILES = 3;

/** How many of a family's commands are looked up as the corpus would write them ("git add"). */
const FAMILY_SAMPLE = 10;

/** A file's name without its folders and extension, lower-case (`git-rev-parse` of `…/git-rev-parse.html`). */
const stemOf = (uri: string) =>
  uri
    .slice(uri.lastIndexOf("/") + 1)
    .replace(/\.[^.]+$/, "")
    .toLowerCase();

/**
 * Command families in a corpus's file names: a word that more than half of one source's files open
 * their names with, then a hyphen (`git` of `git-add.html`, `git-commit.html`: manual pages, one a
 * command), each with the commands some file of any source is named for (`add`, `rev-parse`; glued
 * names too: `ignore` of `gitignore.html`).
 * @param sources each source's document URIs.
 * @example
 * commandFamilies([["git-add.html", "git-commit.html", "git-log.html"], ["gitignore.html"]]); // Map { "git" => Set { "add", "commit", "log", "ignore" } }
 */
export function commandFamilies(sources: readonly (readonly string[])[]): Map<string, Set<string>> {
  const families = new Set<string>();
  for (const uris of sources) {
    const names = [...new Set(uris.map(stemOf))];
    if (names.length < FAMILY_MIN_FILES) continue;
    const opening = new Map<string, number>();
    for (const name of names) {
      const m = /^([a-z][a-z0-9]*)-./.exec(name);
      if (m) opening.set(m[1]!, (opening.get(m[1]!) ?? 0) + 1);
    }
    for (const [word, n] of opening) if (n > names.length / 2) families.add(word);
  }
  const all = [...new Set(sources.flat().map(stemOf))];
  return new Map(
    [...families].map((family) => [
      family,
      new Set(
        all.flatMap((name) =>
          name.startsWith(family) && name.length > family.length ? [name.slice(family.length).replace(/^-/, "")] : [],
        ),
      ),
    ]),
  );
}

/**
 * Where a question writes a family's word, lower-case as typed, then a word ("git backfill",
 * "git-crypt"): each as written, with that word. "Git" in capitals is the product, not the command.
 */
function commandMentions(question: string, family: string): { phrase: string; command: string }[] {
  const named = new RegExp(String.raw`(?<![\w-])(${family})(-|\s+)([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![\w-])`, "gi");
  return [...question.matchAll(named)].flatMap((m) => {
    const [, word, gap, command] = m as unknown as [string, string, string, string];
    return word === word.toLowerCase() ? [{ phrase: gap === "-" ? `${word}-${command}` : `${word} ${command}`, command }] : [];
  });
}

/** A plural and its singular name one command (`submodules`, `submodule`). */
const singular = (word: string) => word.replace(/(?<=[^s])s$/, "");

/**
 * The commands a question names in a family that no file is named for, as written ("git backfill",
 * "git-crypt"): a release or a tool the corpus does not document. A family's word written in
 * capitals ("Git mailing list", "SQL standard") is a name, not the command typed; a function word
 * after it ("git is") names nothing.
 * @example
 * unnamedCommands("How do I run git backfill?", new Map([["git", new Set(["fetch"])]])); // ["git backfill"]
 */
export function unnamedCommands(question: string, families: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const out: string[] = [];
  for (const [family, commands] of families) {
    const known = new Set([...commands].map(singular));
    for (const { phrase, command } of commandMentions(question, family)) {
      if (command !== command.toLowerCase() || isStopWord(command) || known.has(singular(command))) continue;
      if (!out.includes(phrase)) out.push(phrase);
    }
  }
  return out;
}

/** A tenant's command families and its pages by name, as of one data generation. */
export interface TenantCommands {
  /** {@link commandFamilies} the corpus writes as commands. */
  families: Map<string, Set<string>>;
  /** Documents by file name without extension, lower-case (`git-clone` → its page). */
  pages: Map<string, DocumentRef>;
}

const cache = new WeakMap<SqlStore, Map<string, { generation: string; commands: Promise<TenantCommands> }>>();

/**
 * The tenant's command families ({@link commandFamilies} over each indexed source's documents) that
 * its documents write as commands: at least half of {@link FAMILY_SAMPLE} of the family's commands
 * occur as "<family> <command>" ("git add"; `tutorial-join.html` names a page, not a command "tutorial
 * join"), and its pages by name. Read once per store and tenant until the tenant's documents change
 * (`generation`, a run's `runLookups().generation`, else asked of the store), not once per question.
 * @example
 * const { families, pages } = await tenantCommands(ctx, lookups.generation);
 */
export async function tenantCommands(ctx: Pick<RunContext, "store" | "tenant">, generation?: Generation): Promise<TenantCommands> {
  const { store, tenant } = ctx;
  const current = await (generation ? generation() : store.tenantGeneration(tenant));
  let byTenant = cache.get(store);
  if (!byTenant) cache.set(store, (byTenant = new Map()));
  const hit = byTenant.get(tenant);
  if (hit?.generation === current) return hit.commands;
  const commands = readCommands(store, tenant);
  byTenant.set(tenant, { generation: current, commands });
  // A failed read is not remembered: the next question asks again.
  commands.catch(() => {
    if (byTenant.get(tenant)?.commands === commands) byTenant.delete(tenant);
  });
  return commands;
}

async function readCommands(store: SqlStore, tenant: string): Promise<TenantCommands> {
  const documents = await store.listDocuments({ tenant });
  const bySource = new Map<string, string[]>();
  for (const d of documents) bySource.set(d.source, [...(bySource.get(d.source) ?? []), d.uri]);
  const families = commandFamilies([...bySource.values()]);
  for (const [family, commands] of families) {
    const all = [...commands].sort();
    const step = Math.max(1, Math.floor(all.length / FAMILY_SAMPLE));
    const sample = all.filter((_, i) => i % step === 0).slice(0, FAMILY_SAMPLE);
    const found = await store.termPresence(
      tenant,
      sample.map((c) => `${family} ${c.replace(/-/g, " ")}`),
    );
    if (found.filter((p) => p.phraseFound === true).length < sample.length / 2) families.delete(family);
  }
  return { families, pages: new Map(documents.map((d) => [stemOf(d.uri), d])) };
}

/**
 * The documented commands a question names ("git clone", "git-show-branch"), each as `family-command`,
 * the name of its page (`git-clone`): commands of {@link commandFamilies} some file is named for.
 * @example
 * namedCommands("Can git clone take --revision?", new Map([["git", new Set(["clone"])]])); // [{ phrase: "git clone", page: "git-clone" }]
 */
export function namedCommands(question: string, families: ReadonlyMap<string, ReadonlySet<string>>): { phrase: string; page: string }[] {
  const out: { phrase: string; page: string }[] = [];
  for (const [family, commands] of families) {
    for (const { phrase, command } of commandMentions(question, family)) {
      const page = `${family}-${command}`;
      if (commands.has(command) && !out.some((o) => o.page === page)) out.push({ phrase, page });
    }
  }
  return out;
}

/**
 * Whether a text writes a word, an option or a meta-command whole, case folded: "--data-only" does
 * not write `--data`, nor `print-info` `print`, nor `--get` `get`.
 * @example
 * writesWhole(["--missing=print"], "print"); // true
 */
export function writesWhole(texts: readonly string[], word: string): boolean {
  const whole = new RegExp(`(?:^|[^a-z0-9_-])${escapeRegExp(word.toLowerCase())}(?![a-z0-9_-])`);
  return texts.some((t) => whole.test(t.toLowerCase()));
}

/** A word typed on a command line: lower-case, hyphens inside (`list`, `set-head`, `print-info`). */
const TYPED_WORD = String.raw`[a-z][a-z0-9]*(?:-[a-z0-9]+)*`;

/** The fewest subcommands a page's lines open with that make its command one of subcommands. */
const SUBCOMMANDS_MIN = 3;

/**
 * The subcommands a command's page lists: the words right after the command where a line opens
 * with it, as a synopsis writes them ("git stash list [<log-options>]").
 * @param spoken the command as typed, with a space (`git stash`).
 * @example
 * pageSubcommands(["git stash list\ngit stash pop [<stash>]"], "git stash"); // Set { "list", "pop" }
 */
export function pageSubcommands(texts: readonly string[], spoken: string): Set<string> {
  const line = new RegExp(String.raw`^[ \t]*${escapeRegExp(spoken)}[ \t]+(${TYPED_WORD})(?![\w-])`, "gim");
  return new Set(texts.flatMap((t) => [...t.matchAll(line)].map((m) => m[1]!.toLowerCase())));
}

/** A documented command a question names, with its page's text. */
export interface CommandPage {
  /** As the question writes it ("git stash", "git-show-branch"). */
  phrase: string;
  /** The page's chunks' text. */
  texts: readonly string[];
}

/**
 * What a question types beside documented commands that their pages never write, each as written:
 * a subcommand ("git stash export" where git-stash's synopsis lists `list`, `pop`… and the page
 * never writes export; or a word the question calls a subcommand, "the git config get subcommand",
 * that no line of the page opens with), a value of an option the pages write with literal values
 * (`--missing=print-info` where they write `--missing=print`, `--missing=error`), a format atom
 * (`%(is-base:main)` where they write `%(refname)`…). A page with no synopsis of subcommands, no
 * literal value of that option or no atom says nothing of what else may be typed there.
 * @example
 * untypedSyntax("Can git stash export my stashes?", [{ phrase: "git stash", texts: ["git stash list\ngit stash pop\ngit stash drop"] }]); // ["git stash export"]
 */
export function untypedSyntax(question: string, commands: readonly CommandPage[]): string[] {
  const out: string[] = [];
  const add = (x: string) => {
    if (!out.includes(x)) out.push(x);
  };
  for (const { phrase, texts } of commands) {
    const spoken = phrase.replace("-", " ");
    const subcommands = pageSubcommands(texts, spoken);
    const typed = new RegExp(String.raw`(?<![\w-])${escapeRegExp(phrase)}\s+(${TYPED_WORD})(?![\w-])(\s+sub-?commands?\b)?`, "gi");
    for (const m of question.matchAll(typed)) {
      const word = m[1]!;
      if (word !== word.toLowerCase() || subcommands.has(word)) continue;
      // A word the question calls a subcommand is one, function word or not ("the git config get subcommand").
      const called = m[2] !== undefined;
      if (called || (!isStopWord(word) && subcommands.size >= SUBCOMMANDS_MIN && !writesWhole(texts, word))) add(`${phrase} ${word}`);
    }
  }
  const all = commands.flatMap((c) => c.texts);
  for (const m of question.matchAll(new RegExp(String.raw`(?<![\w-])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*)=(${TYPED_WORD})(?![\w-])`, "g"))) {
    const [written, option, value] = m as unknown as [string, string, string];
    const literal = new RegExp(String.raw`${escapeRegExp(option)}=(${TYPED_WORD})(?![\w-])`, "gi");
    const values = new Set(all.flatMap((t) => [...t.matchAll(literal)].map((v) => v[1]!.toLowerCase())));
    if (values.size > 0 && !values.has(value) && !writesWhole(all, value)) add(written);
  }
  const atoms = all.some((t) => /%\([a-z]/.test(t));
  for (const m of question.matchAll(/%\(([a-z][a-z0-9]*(?:-[a-z0-9]+)*)[^)\s]*\)?/g)) {
    if (atoms && !all.some((t) => t.toLowerCase().includes(`%(${m[1]!}`))) add(m[0]);
  }
  return out;
}

/**
 * What a question asks of the corpus's command family that it does not document, each as written:
 * commands no page is named for and no document writes ("git backfill": a release or a tool the
 * corpus does not cover), an option written beside a command with its own page that the page never
 * writes ("git clone --revision": another command's option of that name is not this one's), or a
 * subcommand, option value or format atom its page never writes ({@link untypedSyntax}). Empty
 * when the question names no such thing or the corpus has no command family.
 * @param mentioned whether the evidence at hand holds a term (then it is not missing).
 * @example
 * await commandGaps(ctx, lookups, "Can git clone take --revision?", ["--revision"], () => false); // ["git clone --revision"]
 */
export async function commandGaps(
  ctx: Pick<RunContext, "store" | "tenant">,
  lookups: RunLookups,
  question: string,
  constraints: readonly string[],
  mentioned: (term: string) => boolean,
): Promise<string[]> {
  const { store, tenant } = ctx;
  const { families, pages } = await tenantCommands(ctx, lookups.generation);
  if (families.size === 0) return [];
  const commands = unnamedCommands(question, families);
  const unwritten = (await lookups.termPresence(commands)).filter((p) => absent(p) && !mentioned(p.phrase)).map((p) => p.phrase);
  if (unwritten.length > 0) return unwritten;
  const named = namedCommands(question, families);
  const commandPages = await Promise.all(
    named.flatMap((c) => {
      const d = pages.get(c.page);
      if (!d) return [];
      const chunks = lookups.remember(`document-text:${d.id}`, () => store.getDocumentChunks(tenant, d.id));
      return [chunks.then((list) => ({ phrase: c.phrase, texts: list.map((x) => x.content) }))];
    }),
  );
  const texts = commandPages.flatMap((c) => c.texts);
  const untaken = constraints.filter((c) => c.startsWith("--") && !writesWhole(texts, c));
  if (texts.length > 0 && untaken.length > 0) return untaken.map((o) => `${commandPages[0]!.phrase} ${o}`);
  return untypedSyntax(question, commandPages);
}
