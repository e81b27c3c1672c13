import { describe, expect, it } from "vitest";
import { isNameLike, namedCandidates } from "./named.js";

const hit = (documentId: string, docTitle: string, sectionTitle: string | null = null, metadata: Record<string, unknown> = {}) => ({
  documentId,
  docTitle,
  sectionTitle,
  metadata,
});

describe("isNameLike", () => {
  it("takes identifiers and runs of upper-case words, not headings", () => {
    for (const n of ["makeTrapezoid", "make_trapezoid", "VACUUM", "ALTER TABLE", "J14", "PPARγ"]) expect(isNameLike(n)).toBe(true);
    for (const n of ["Introduction", "5.6. Modifying Tables", "Open file format for MR sequences", "opts", "CA"])
      expect(isNameLike(n)).toBe(false);
  });
});

describe("namedCandidates", () => {
  it("marks the best chunk of the one page the question names", () => {
    const hits = [hit("d2", "vacuumdb", "Options"), hit("d1", "VACUUM", "Parameters"), hit("d1", "VACUUM", "Description")];
    expect([...namedCandidates("What options does VACUUM accept?", hits, [0, 1, 2])]).toEqual([1]);
  });

  it("counts a name inside a longer named one once, as the longer", () => {
    const hits = [hit("d1", "TABLE"), hit("d2", "ALTER TABLE")];
    expect([...namedCandidates("How do I use ALTER TABLE to add a column?", hits, [0, 1])]).toEqual([1]);
  });

  it("reads a manual page's command as typed, and the family's own page as no name", () => {
    const hits = [
      hit("manual", "Git User Manual", "Find first tagged version including a given fix"),
      hit("git", "git(1)", "DESCRIPTION"),
      hit("show-branch", "git-show-branch(1)", "DESCRIPTION"),
      hit("log", "git-log(1)", "OPTIONS"),
    ];
    const order = [0, 1, 2, 3];
    expect([...namedCandidates("what's the max number of branches git show-branch can display at once", hits, order)]).toEqual([2]);
    expect([...namedCandidates("Can git-show-branch list remote branches?", hits, order)]).toEqual([2]);
    // "git" alone names the family, not git(1); "branch" is no page.
    expect([...namedCandidates("Why does git keep asking which branch to track?", hits, order)]).toEqual([]);
  });

  it("marks nothing when two documents carry the name", () => {
    const hits = [hit("d1", "Sequence.m", "addBlock", { name: "addBlock" }), hit("d2", "Builder.m", "addBlock", { name: "addBlock" })];
    expect(namedCandidates("What does addBlock do?", hits, [0, 1]).size).toBe(0);
  });

  it("matches code names case-sensitively, with the package or file extension around them", () => {
    const hits = [hit("d1", "makeTrapezoid.m", "makeTrapezoid", { name: "makeTrapezoid" })];
    expect(namedCandidates("What does mr.makeTrapezoid return?", hits, [0]).size).toBe(1);
    expect(namedCandidates("what does maketrapezoid return?", hits, [0]).size).toBe(0);
  });

  it("takes the alias index's exact match as the name", () => {
    const hits = [{ ...hit("d1", "opts.m", "opts", { name: "opts" }), alias: "exact" as const }];
    expect(namedCandidates("What is the default maxSlew in mr.opts?", hits, [0]).size).toBe(1);
  });
});
