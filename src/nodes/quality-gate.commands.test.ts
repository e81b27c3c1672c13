import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedOver, retrievalContext } from "../../test/helpers/retrieval.js";
import type { RunContext } from "../context/run-context.js";
import { commandFamilies, pageSubcommands, tenantCommands, unnamedCommands, untypedSyntax } from "../evidence/command-names.js";

// A real store holding a few manual pages of a command-line tool, one page a command, named as man
// pages are (`vcs-stash.html`): a command of that family that no page is named for and no document
// writes is a release or a tool the corpus does not document.
let ctx: RunContext;

const page = (command: string, name: string, body: string, synopsis?: string) => ({
  uri: `vcs-${command}.html`,
  title: `vcs-${command}(1)`,
  source: "api_reference",
  sections: [
    { title: "NAME", content: `vcs-${command} - ${name}` },
    ...(synopsis ? [{ title: "SYNOPSIS", content: synopsis }] : []),
    { title: "DESCRIPTION", content: body },
  ],
});

const manual = [
  page(
    "stash",
    "Stash the changes in a dirty working directory away",
    "Use vcs stash when you want to record the current state of the working directory and go back to a clean one. vcs stash pop restores them.",
    "vcs stash list [<log-options>]\nvcs stash show [<stash>]\nvcs stash pop [--index] [<stash>]\nvcs stash drop [<stash>]",
  ),
  page(
    "commit",
    "Record changes to the repository",
    "vcs commit creates a new commit containing the contents of the index and a log message describing the changes.",
  ),
  page(
    "log",
    "Show commit logs",
    "vcs log lists commits reachable from the given ones. vcs log -L traces the history of a function in a file. --decorate=short and --decorate=full print the names of refs beside commits.",
  ),
  page(
    "for-each-ref",
    "Output information on each ref",
    "vcs for-each-ref --format='%(refname) %(objectname)' prints each ref's name and object. %(upstream) names the branch a local branch tracks.",
  ),
  page(
    "fetch",
    "Download objects and refs from another repository",
    "vcs fetch downloads missing objects in batches from a partial clone's promisor remote.",
  ),
  page(
    "rebase",
    "Reapply commits on top of another base tip",
    "vcs rebase replays your commits onto another branch, one by one, rewriting their history. vcs rebase --onto <newbase> moves a range of commits onto another base.",
  ),
  {
    uri: "vcsignore.html",
    title: "vcsignore(5)",
    source: "docs",
    sections: [{ title: "DESCRIPTION", content: "A vcsignore file specifies intentionally untracked files that vcs should ignore." }],
  },
];
const profiles = [
  { name: "api_reference", summary: "Command reference: one page per vcs command" },
  { name: "docs", summary: "Guides and file formats of vcs" },
];

beforeAll(async () => {
  ctx = await retrievalContext(manual, profiles);
});
afterAll(async () => {
  await ctx.store.close();
});

describe("gate: commands the corpus does not document", () => {
  it("asks, naming it, about a command no page is named for and no document writes", async () => {
    // The fetch page matches the rest of the question well: it still documents no such command.
    const gate = (await judgedOver(ctx, "How do I run vcs backfill to download the missing objects of my partial clone in batches?")).gate!;
    expect(gate).toMatchObject({ decision: "clarify", missing: ["vcs backfill"] });
    expect(gate.reason).toBe("No indexed document mentions vcs backfill.");
  });

  it("reads a hyphenated command name the same way", async () => {
    const gate = (await judgedOver(ctx, "Can vcs-crypt record the changes of my working directory in the repository?")).gate!;
    expect(gate, gate.reason).toMatchObject({ decision: "clarify", missing: ["vcs-crypt"] });
  });

  it("finds nothing missing about a documented command, its plural, a glued page name, or a phrase the corpus writes", async () => {
    for (const q of [
      "How does vcs stash record the current state of the working directory?",
      "Can vcs log show the history of a single function?",
      "Which files does vcs ignore when a vcsignore file lists them?",
      "Does vcs rebase replay my commits one by one?",
    ]) {
      const gate = (await judgedOver(ctx, q)).gate!;
      expect(gate.missing, `${q}: ${gate.reason}`).toBeUndefined();
    }
  });

  it("asks about an option written beside a command whose own page does not write it", async () => {
    // --onto is another command's option: the fetch page never writes it.
    const gate = (await judgedOver(ctx, "Does vcs fetch take --onto to move the downloaded commits onto another base?")).gate!;
    expect(gate, gate.reason).toMatchObject({ decision: "clarify", missing: ["vcs fetch --onto"] });
    const taken = (await judgedOver(ctx, "Can vcs rebase --onto move a range of commits onto another base?")).gate!;
    expect(taken.missing, taken.reason).toBeUndefined();
  });

  it("asks about a subcommand that the command's synopsis does not list and its page never writes", async () => {
    const gate = (await judgedOver(ctx, "How do I use vcs stash export to record my stash entries on another machine?")).gate!;
    expect(gate, gate.reason).toMatchObject({ decision: "clarify", missing: ["vcs stash export"] });
    // Listed subcommands, and words its page writes, are the command's.
    for (const q of ["What does vcs stash pop restore?", "Does vcs stash record the current state of the working directory?"]) {
      const listed = (await judgedOver(ctx, q)).gate!;
      expect(listed.missing, `${q}: ${listed.reason}`).toBeUndefined();
    }
  });

  it("asks about a word the question calls a subcommand when no line of the page opens with it", async () => {
    const gate = (await judgedOver(ctx, "What does the vcs log follow subcommand print?")).gate!;
    expect(gate, gate.reason).toMatchObject({ decision: "clarify", missing: ["vcs log follow"] });
  });

  it("asks about an option value or a format atom the command's page never writes", async () => {
    const value = (await judgedOver(ctx, "What does vcs log --decorate=compact print beside each commit?")).gate!;
    expect(value, value.reason).toMatchObject({ decision: "clarify", missing: ["--decorate=compact"] });
    const atom = (await judgedOver(ctx, "How do I print %(is-base:main) for each ref with vcs for-each-ref?")).gate!;
    expect(atom, atom.reason).toMatchObject({ decision: "clarify", missing: ["%(is-base:main)"] });
    for (const q of ["What does vcs log --decorate=full print beside each commit?", "What does %(upstream) print in vcs for-each-ref?"]) {
      const written = (await judgedOver(ctx, q)).gate!;
      expect(written.missing, `${q}: ${written.reason}`).toBeUndefined();
    }
  });

  it("finds a family only in names the corpus writes as commands", async () => {
    const { families } = await tenantCommands(ctx);
    expect([...families.keys()]).toEqual(["vcs"]);
    expect([...families.get("vcs")!].sort()).toEqual(["commit", "fetch", "for-each-ref", "ignore", "log", "rebase", "stash"]);
  });
});

describe("command families and the commands a question names", () => {
  const families = commandFamilies([
    ["git-add.html", "git-commit.html", "git-rev-parse.html", "index.html"],
    ["gitignore.html", "user-manual.html"],
  ]);

  it("takes a word most of one source's names open with a hyphen, with every page's command", () => {
    expect([...families.keys()]).toEqual(["git"]);
    expect([...families.get("git")!].sort()).toEqual(["add", "commit", "ignore", "rev-parse"]);
    // Pages named by topic, fewer than three, or without a shared opening word make no family.
    expect(commandFamilies([["sql-select.html", "sql-insert.html"]]).size).toBe(0);
    expect(commandFamilies([["ddl-basics.html", "queries-with.html", "datatype.html"]]).size).toBe(0);
  });

  it("names the commands written after the family's word that no page is for", () => {
    expect(unnamedCommands("Can I use git replay, or git last-modified, with git rev-parse?", families)).toEqual([
      "git replay",
      "git last-modified",
    ]);
    expect(unnamedCommands("How do I set up git-crypt?", families)).toEqual(["git-crypt"]);
    // Plurals, glued page names, function words and the capitalised product name are not commands.
    expect(unnamedCommands("Why does git ignore my files? Git keeps asking; git is slow; git commits vanish", families)).toEqual([]);
  });

  it("reads a page's subcommands from the lines that open with its command", () => {
    const synopsis = [
      "git remote add <name> <url>\n  git remote rename <old> <new>\ngit remote set-head <name> -a",
      "Use git remote to manage remotes.",
    ];
    expect([...pageSubcommands(synopsis, "git remote")]).toEqual(["add", "rename", "set-head"]);
    const remote = [{ phrase: "git remote", texts: synopsis }];
    expect(untypedSyntax("Can git remote purge drop stale remotes?", remote)).toEqual(["git remote purge"]);
    // A listed subcommand, a word the page writes, a function word: nothing typed that the page lacks.
    expect(
      untypedSyntax("Does git remote set-head follow the new default? Can git remote manage remotes? git remote is slow", remote),
    ).toEqual([]);
  });
});
