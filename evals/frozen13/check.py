#!/usr/bin/env python3
"""Validate the frozen13 question set (no dependencies; python3 only).

Checks, for evals/frozen13/git:
  * sources.json is unchanged: its SHA-256 is SOURCES_SHA256 below (the same bytes as evals/frozen11/git/sources.json
    and evals/frozen12/git/sources.json);
  * every line of questions.jsonl is one JSON object with exactly the expected keys and types;
  * counts: 40 answerable (20 api_reference / 8 tutorials / 12 docs) and 17 unanswerable
    (14 same-domain + 3 off-topic), no duplicate query, answerable questions first;
  * every relevant label exists under the root of sources.json and is selected by its globs; the first label
    of every answerable question (the sampled file) is selected by the globs of its expected_source; a later
    label may belong to another source only where CROSS_SOURCE below records it, and no label is repeated in a
    question;
  * no overlap with frozen11 or frozen12: no first label of an api_reference or docs question is a file either
    set drew, skipped or labelled (FROZEN11_EXCLUDED, FROZEN12_EXCLUDED below, taken from their README.md and
    check.py); the user-manual.html section drawn here is none of the ones they asked or skipped; no key term of
    an unanswerable question is one of theirs (FROZEN11_TERMS, FROZEN12_TERMS);
  * the sampling can be re-run: the first label of every answerable question is, in file order, the file drawn
    with seed 1313 by the procedure of README.md ("Sampling procedures"; no skips; the tutorials' eighth place
    by the least-used fallback), and the user-manual.html section drawn with the tutorials' generator is
    UM_SECTIONS;
  * every unanswerable question has recorded key terms (ZERO_HIT below), and each term has zero
    case-insensitive, word-bounded hits in the raw HTML and in the tag-stripped, whitespace-normalised text of
    every file the globs of sources.json select, and zero hits in every file under the root directory as well
    (HTML raw and stripped, .txt and other files raw, .gz files decompressed), as recorded in README.md.

Usage: python3 evals/frozen13/check.py [--root PATH]
Exit status 0 when everything holds, 1 otherwise.
"""
import glob
import gzip
import hashlib
import html
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SET_DIR = os.path.join(HERE, "git")
SEED = 1313
SOURCES_SHA256 = "8bc71cdaafb06d950ed88baffb57fcaef1cc512774dfbc8ab822a0631e5e6f30"   # 2388 bytes, = frozen11's and frozen12's
SOURCE_NAMES = ("api_reference", "tutorials", "docs")
WANT_SPLIT = {"api_reference": 20, "tutorials": 8, "docs": 12}

# Files frozen11 drew, skipped or labelled (evals/frozen11/README.md "Sampling procedures" and "Second labels").
FROZEN11_DRAWN = {
    "git-fsck.html", "git-fmt-merge-msg.html", "git-mktag.html", "git-cvsserver.html", "git-notes.html",
    "git-request-pull.html", "git-citool.html", "git-show-branch.html", "git-fetch-pack.html", "git-clone.html",
    "git-mergetool--lib.html", "git-commit.html", "git-repack.html", "git-daemon.html", "git-unpack-file.html",
    "git-fast-export.html", "git-bugreport.html", "git-pack-redundant.html", "git-send-email.html", "git-log.html",
    "gitformat-pack.html", "gitformat-index.html", "gitprotocol-common.html", "howto/revert-a-faulty-merge.html",
    "gitformat-bundle.html", "gitprotocol-http.html", "gitrevisions.html", "gitcredentials.html",
    "gitworkflows.html", "gitformat-commit-graph.html", "howto/update-hook-example.html",
    "gitprotocol-capabilities.html",
}
FROZEN11_SKIPPED = {"git-init-db.html"}
FROZEN11_LABELLED = {
    "git-config.html", "git-merge.html", "git-gui.html", "gitk.html", "git-reset.html", "git-push.html",
    "gitprotocol-v2.html", "git-rev-parse.html",
}
FROZEN11_EXCLUDED = FROZEN11_DRAWN | FROZEN11_SKIPPED | FROZEN11_LABELLED

# Files frozen12 drew, skipped or labelled (evals/frozen12/README.md "Sampling procedures" and "Second labels").
FROZEN12_DRAWN = {
    "git-pack-objects.html", "git-multi-pack-index.html", "git-shortlog.html", "git-fast-import.html",
    "git-diff.html", "git-read-tree.html", "git-mktree.html", "git-stripspace.html", "git-rerere.html",
    "git-bisect-lk2009.html", "git-add.html", "git-hook.html", "git-pack-refs.html", "git-grep.html",
    "git-show-ref.html", "git-show-index.html", "git-mergetool.html", "git-reflog.html", "git-verify-tag.html",
    "git-check-ref-format.html",
    "gitsubmodules.html", "gitrepository-layout.html", "howto/new-command.html", "gitformat-signature.html",
    "howto/setup-git-server-over-http.html", "gitglossary.html", "gitmailmap.html",
    "howto/separating-topic-branches.html", "howto/rebuild-from-update-hook.html",
    "howto/keep-canonical-history-correct.html", "SubmittingPatches.html", "ReviewingGuidelines.html",
}
FROZEN12_SKIPPED = {"git-stage.html", "git-fsck-objects.html"}
FROZEN12_LABELLED = {
    "git-maintenance.html", "git-config.html", "git-merge.html", "gittutorial.html",
    "howto/separating-topic-branches.html", "user-manual.html", "git-bisect-lk2009.html", "githooks.html",
}
FROZEN12_EXCLUDED = FROZEN12_DRAWN | FROZEN12_SKIPPED | FROZEN12_LABELLED
# Removed from the api_reference and docs lists before they are shuffled. The tutorials source has only 7 files,
# all drawn by both earlier sets, so it is not reduced (see TUTORIAL_USES).
EARLIER_EXCLUDED = FROZEN11_EXCLUDED | FROZEN12_EXCLUDED

# user-manual.html level-2 sections the earlier sets asked or skipped: removed before the sections are shuffled.
EARLIER_UM_SECTIONS = {"undoing-a-merge", "todo-list",                          # frozen11: asked, skipped
                       "repository-maintenance", "getting-updates-With-git-pull"}  # frozen12: asked, asked

# Times each tutorial file is a label (first or later) of a frozen11 or frozen12 question, as their READMEs
# record: frozen11 drew every tutorial once and MyFirstObjectWalk twice; frozen12 drew every tutorial once and
# user-manual twice, and labelled gittutorial (with user-manual) and user-manual (with gitglossary) second.
# The tutorials' places beyond one walk of the seeded order go to the least-used files, in seeded order.
TUTORIAL_USES = {
    "user-manual.html": 1 + 2 + 1, "MyFirstObjectWalk.html": 2 + 1, "gittutorial.html": 1 + 1 + 1,
    "gitcore-tutorial.html": 1 + 1, "giteveryday.html": 1 + 1, "gittutorial-2.html": 1 + 1,
    "MyFirstContribution.html": 1 + 1,
}

FROZEN11_TERMS = {
    "git replay", "git-replay", "git backfill", "git-backfill", "git refs", "git-refs", "refs migrate",
    "stash export", "stash import", "include-root-refs", "root refs", "root-refs", "prune-merged", "bitbucket",
    "app password", "jenkins", "husky", "npm", "2.45", "git 3.0", "git 3", "git v3", "git-crypt", "git crypt",
    "gitsign", "sigstore", "semantic versioning", "semver", "jupiter", "moons", "aphid", "aphids", "tomato",
    "moby", "melville",
}
FROZEN12_TERMS = {
    "git last-modified", "is-base", "relative-paths", "clone --revision", "config get", "path-walk",
    "prefer-newer", "prefer newer", "gitea", "circleci", "sourcetree", "2.50", "git flow", "gitflow", "git-flow",
    "codeowners", "yubikey", "sourdough", "starter", "everest", "mount everest", "mona lisa", "leonardo",
    "da vinci",
}

# Draws skipped (README "Sampling procedures"): none. Short pages with content of their own were kept.
SKIPPED = {"api_reference": set(), "tutorials": set(), "docs": set()}
UM_FILE = "user-manual.html"
UM_SECTIONS_SKIPPED = set()
UM_SECTIONS = ["merging"]               # the one visit of user-manual.html

# Labels from another source than expected_source (README "Second labels"): (first label, later label).
CROSS_SOURCE = {
    ("git-revert.html", "howto/revert-a-faulty-merge.html"),
    ("git-update-server-info.html", "gitrepository-layout.html"),
    ("git-merge-one-file.html", "gitcore-tutorial.html"),
    ("giteveryday.html", "git-cherry-pick.html"),
    ("user-manual.html", "git-pull.html"),
    ("gittutorial-2.html", "git-diff.html"),
    ("gitmodules.html", "git-config.html"),
}

# Key terms checked for each unanswerable question (case-insensitive, word-bounded, zero hits required).
ZERO_HIT = [
    ("Can I cap how big cruft packs get with git repack --max-cruft-size, so that gc stops rewriting one huge cruft pack every time?",
     "same-domain", ["max-cruft-size"]),
    ("How do I add a new worktree on a brand-new branch with no history, using git worktree add --orphan?",
     "same-domain", ["worktree add --orphan"]),
    ("In a script, is git show-ref --exists the right way to check whether a ref exists without printing anything?",
     "same-domain", ["show-ref --exists"]),
    ("What does the output of git fetch --porcelain look like, and which fields can my script rely on?",
     "same-domain", ["fetch --porcelain"]),
    ("How do I use git config --comment so that a short explanation is written next to the value in my .gitconfig?",
     "same-domain", ["config --comment"]),
    ("What value should I give core.maxTreeDepth so the server rejects trees that are nested absurdly deep?",
     "same-domain", ["maxtreedepth"]),
    ("Is there a git tag --auto-increment flag that creates the next version tag after the latest one, e.g. v1.4.2 to v1.4.3?",
     "same-domain", ["auto-increment"]),
    ("Can git push --wait-for-ci make the push wait until the server's CI checks have passed before it returns?",
     "same-domain", ["wait-for-ci"]),
    ("How do I get GitKraken to use the SSH key I already use with command-line Git?",
     "same-domain", ["gitkraken"]),
    ("How do I stop Dependabot from opening a separate branch and pull request for every single dependency update?",
     "same-domain", ["dependabot"]),
    ("How do I link my commits to Jira issues so they show up in the ticket's development panel?",
     "same-domain", ["jira"]),
    ("What are the highlights of the Git 2.43 release?",
     "same-domain", ["2.43", "git 2.43"]),
    ("Does Git have a built-in way to enforce Conventional Commits messages like 'feat:' and 'fix:'?",
     "same-domain", ["conventional commits", "conventional commit"]),
    ("How do I set up git-secrets so nobody can commit AWS access keys to our repository?",
     "same-domain", ["git-secrets", "aws"]),
    ("What is the capital of Australia?", "off-topic", ["australia", "canberra"]),
    ("Who won the 1998 FIFA World Cup?", "off-topic", ["fifa", "world cup"]),
    ("What fertilizer do hydrangeas need to turn their flowers blue?", "off-topic", ["hydrangea", "hydrangeas", "fertilizer"]),
]

errors = []


def err(msg):
    errors.append(msg)
    print("FAIL:", msg)


def norm(s):
    return re.sub(r"\s+", " ", s).lower()


def strip_tags(raw):
    raw = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", raw)
    return html.unescape(re.sub(r"<[^>]+>", " ", raw))


def term_re(term):
    return re.compile(r"(?<!\w)" + re.escape(term.lower()) + r"(?!\w)")


def selected_files(src, root):
    by_source = {}
    for s in src["sources"]:
        names = set()
        for p in s["paths"]:
            names |= {os.path.relpath(f, root) for f in glob.glob(os.path.join(root, p)) if os.path.isfile(f)}
        by_source[s["source"]] = sorted(names)
    return by_source


def user_manual_sections(root):
    """The level-2 section headings of user-manual.html (anchor names), in document order."""
    with open(os.path.join(root, UM_FILE), encoding="utf-8", errors="replace") as f:
        raw = f.read()
    return [m.group(2) for m in re.finditer(r'<h([1-4]) class="title"[^>]*><a name="([^"]+)"></a>(.*?)</h\1>', raw, re.S)
            if m.group(1) == "2"]


def draws(by_source, root):
    """The seeded draws of README "Sampling procedures": first labels, in file order, and the manual sections."""
    want, um_sections = {}, []
    for s in SOURCE_NAMES:
        rng = random.Random(SEED)                          # one generator per source, seeded afresh
        if s == "tutorials":
            eligible = list(by_source[s])                  # 7 files, all drawn by frozen11 and frozen12: re-drawn
        else:
            eligible = [n for n in by_source[s] if n not in EARLIER_EXCLUDED]
        order = rng.sample(eligible, len(eligible))
        if s == "tutorials":
            secs = [a for a in user_manual_sections(root) if a not in EARLIER_UM_SECTIONS]
            um_order = rng.sample(secs, len(secs))         # the same generator, continued
            um_usable = [a for a in um_order if a not in UM_SECTIONS_SKIPPED]
            usable = [n for n in order if n not in SKIPPED[s]]
            out = usable[:WANT_SPLIT[s]]                   # one walk of the seeded order
            least = min(TUTORIAL_USES[n] for n in usable)  # least-used fallback for the places left
            out += [n for n in usable if TUTORIAL_USES[n] == least][:WANT_SPLIT[s] - len(out)]
            want[s] = out
            um_sections = um_usable[:out.count(UM_FILE)]   # the n-th visit of user-manual.html takes the n-th section
        else:
            want[s] = [n for n in order if n not in SKIPPED[s]][:WANT_SPLIT[s]]
    return want, um_sections


def read_jsonl(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err(f"{path}:{n}: blank line")
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                err(f"{path}:{n}: not JSON ({e})")
                continue
            if not isinstance(obj, dict):
                err(f"{path}:{n}: not a JSON object")
                continue
            if obj.get("answerable") is True:
                want = {"query", "expected_source", "relevant", "answerable"}
            else:
                want = {"query", "relevant", "answerable"}
            if set(obj) != want:
                err(f"{path}:{n}: keys {sorted(obj)} != {sorted(want)}")
            if not isinstance(obj.get("query"), str) or not obj.get("query", "").strip():
                err(f"{path}:{n}: empty or non-string query")
            if not isinstance(obj.get("relevant"), list) or not all(isinstance(x, str) for x in obj.get("relevant", [])):
                err(f"{path}:{n}: relevant is not a list of strings")
            if not isinstance(obj.get("answerable"), bool):
                err(f"{path}:{n}: answerable is not a boolean")
            rows.append(obj)
    return rows


def load_blobs(root, rel):
    p = os.path.join(root, rel)
    if rel.endswith(".gz"):
        with gzip.open(p, "rb") as f:
            raw = f.read().decode("utf-8", "replace")
    else:
        with open(p, "rb") as f:
            raw = f.read().decode("utf-8", "replace")
    blobs = [norm(raw)]
    if rel.endswith(".html"):
        blobs.append(norm(strip_tags(raw)))
    return blobs


def main(argv):
    root_override = None
    if argv[:1] == ["--root"] and len(argv) == 2:
        root_override = argv[1]
    elif argv:
        print(__doc__)
        return 2

    sp = os.path.join(SET_DIR, "sources.json")
    with open(sp, "rb") as f:
        raw_src = f.read()
    h = hashlib.sha256(raw_src).hexdigest()
    if h != SOURCES_SHA256:
        err(f"git/sources.json changed: sha256 {h} != {SOURCES_SHA256}")
    src = json.loads(raw_src)
    root = root_override or src["root"]
    by_source = selected_files(src, root)
    if [s["source"] for s in src["sources"]] != list(SOURCE_NAMES):
        err(f"sources.json sources {[s['source'] for s in src['sources']]} != {list(SOURCE_NAMES)}")
    all_selected = {n: s for s in SOURCE_NAMES for n in by_source.get(s, [])}
    if not all_selected:
        err(f"no files selected under {root}")
    missing_earlier = sorted(n for n in EARLIER_EXCLUDED | set(TUTORIAL_USES) if n not in all_selected)
    if missing_earlier:
        err(f"frozen11/frozen12 files not among the selected files: {missing_earlier}")
    if set(TUTORIAL_USES) != set(by_source.get("tutorials", [])):
        err(f"TUTORIAL_USES {sorted(TUTORIAL_USES)} != tutorial files {by_source.get('tutorials')}")

    rows = read_jsonl(os.path.join(SET_DIR, "questions.jsonl"))
    ans = [r for r in rows if r.get("answerable") is True]
    una = [r for r in rows if r.get("answerable") is False]
    if len(ans) != 40:
        err(f"{len(ans)} answerable, want 40")
    if len(una) != 17:
        err(f"{len(una)} unanswerable, want 17")
    if rows[:len(ans)] != ans:
        err("answerable questions are not all before the unanswerable ones")
    qs = [r.get("query") for r in rows]
    dup = sorted({q for q in qs if qs.count(q) > 1})
    if dup:
        err(f"duplicate queries {dup}")

    split = {s: 0 for s in SOURCE_NAMES}
    nlab, cross, overlap11, overlap12 = 0, [], [], []
    for r in ans:
        q, es, rel = r.get("query"), r.get("expected_source"), r.get("relevant", [])
        if es not in SOURCE_NAMES:
            err(f"bad expected_source {es!r} ({q!r})")
            continue
        split[es] += 1
        if not rel:
            err(f"answerable question without relevant files: {q!r}")
            continue
        if len(set(rel)) != len(rel):
            err(f"duplicate relevant label in {q!r}")
        nlab += len(rel)
        if es != "tutorials" and rel[0] in FROZEN11_EXCLUDED:
            overlap11.append(rel[0])
            err(f"first label {rel[0]!r} was drawn, skipped or labelled by frozen11 ({q!r})")
        if es != "tutorials" and rel[0] in FROZEN12_EXCLUDED:
            overlap12.append(rel[0])
            err(f"first label {rel[0]!r} was drawn, skipped or labelled by frozen12 ({q!r})")
        for i, lab in enumerate(rel):
            if not os.path.isfile(os.path.join(root, lab)):
                err(f"label {lab!r} does not exist under {root} ({q!r})")
            if lab not in all_selected:
                err(f"label {lab!r} is not selected by the globs of sources.json ({q!r})")
            elif i == 0 and all_selected[lab] != es:
                err(f"first label {lab!r} is selected by {all_selected[lab]!r}, not by expected_source {es!r} ({q!r})")
            elif i > 0 and all_selected[lab] != es:
                if (rel[0], lab) in CROSS_SOURCE:
                    cross.append((rel[0], lab))
                else:
                    err(f"label {lab!r} ({all_selected[lab]}) is not from {es!r} and not recorded in CROSS_SOURCE ({q!r})")
    if split != WANT_SPLIT:
        err(f"answerable split {split}, want {WANT_SPLIT}")
    if sorted(set(cross)) != sorted(CROSS_SOURCE):
        err(f"cross-source labels {sorted(set(cross))} != recorded {sorted(CROSS_SOURCE)}")
    for r in una:
        if r.get("relevant"):
            err(f"unanswerable question with relevant labels: {r.get('query')!r}")

    # re-run the draws (README "Sampling procedures")
    want, um_sections = draws(by_source, root)
    draw_ok = True
    for s in SOURCE_NAMES:
        first = [r["relevant"][0] for r in ans if r.get("expected_source") == s and r.get("relevant")]
        if first != want[s]:
            draw_ok = False
            err(f"{s}: first labels {first} do not follow the seed-{SEED} draw {want[s]}")
    if um_sections != UM_SECTIONS:
        draw_ok = False
        err(f"user-manual.html: drawn sections {um_sections!r} != recorded {UM_SECTIONS!r}")
    if set(UM_SECTIONS) & EARLIER_UM_SECTIONS:
        err(f"user-manual.html sections {sorted(set(UM_SECTIONS) & EARLIER_UM_SECTIONS)} were frozen11's or frozen12's")

    # key terms of the unanswerable questions
    rec = {q: (cat, terms) for q, cat, terms in ZERO_HIT}
    una_q = {r.get("query") for r in una}
    if set(rec) != una_q or len(rec) != len(ZERO_HIT):
        err(f"recorded key terms do not match the unanswerable questions: missing {sorted(una_q - set(rec))}, "
            f"extra {sorted(set(rec) - una_q)}")
    cats = [c for c, _ in rec.values()]
    if cats.count("same-domain") != 14 or cats.count("off-topic") != 3:
        err(f"{cats.count('same-domain')} same-domain + {cats.count('off-topic')} off-topic, want 14 + 3")
    reused = sorted({t.lower() for _, terms in rec.values() for t in terms} & (FROZEN11_TERMS | FROZEN12_TERMS))
    if reused:
        err(f"key terms reused from frozen11 or frozen12: {reused}")
    every_file = sorted(os.path.relpath(os.path.join(d, n), root) for d, _, ns in os.walk(root) for n in ns)
    blobs = {rel: load_blobs(root, rel) for rel in every_file}
    nterms, sel_zero, all_zero = 0, 0, 0
    for q, (cat, terms) in rec.items():
        if not terms:
            err(f"no key terms recorded for {q!r}")
        for t in terms:
            nterms += 1
            p = term_re(t)
            hits = {rel: max(len(p.findall(b)) for b in bl) for rel, bl in blobs.items()}
            sel_hits = {rel: n for rel, n in hits.items() if n and rel in all_selected}
            other_hits = {rel: n for rel, n in hits.items() if n and rel not in all_selected}
            if sel_hits:
                err(f"key term {t!r} for {q!r} has {sum(sel_hits.values())} hit(s) in selected files {sorted(sel_hits)[:5]}")
            else:
                sel_zero += 1
            if other_hits:
                err(f"key term {t!r} for {q!r} has {sum(other_hits.values())} hit(s) in other files {sorted(other_hits)[:5]}")
            elif not sel_hits:
                all_zero += 1

    print(f"git: {len(rows)} lines, {len(ans)} answerable {split} ({nlab} labels, all among "
          f"{len(all_selected)} selected files: " + ", ".join(f"{k} {len(v)}" for k, v in by_source.items()) +
          f"; {len(set(cross))} cross-source second labels; seed-{SEED} draws re-run after excluding "
          f"{len(EARLIER_EXCLUDED)} frozen11/frozen12 files (skips: {sum(len(v) for v in SKIPPED.values())} files, "
          f"{len(UM_SECTIONS_SKIPPED)} manual sections; tutorials {' '.join(want['tutorials'])}; user-manual section "
          f"{', '.join(um_sections)}), first labels " + ("match" if draw_ok else "DIFFER") +
          f", {len(overlap11)} overlapping frozen11, {len(overlap12)} overlapping frozen12), "
          f"{len(una)} unanswerable ({cats.count('same-domain')} same-domain + {cats.count('off-topic')} off-topic); "
          f"{nterms} key terms ({len(reused)} reused from frozen11/frozen12), {sel_zero} with zero hits in the selected "
          f"files, {all_zero} with zero hits in all {len(every_file)} files under the root; sources.json sha256 "
          + ("unchanged" if h == SOURCES_SHA256 else "CHANGED"))
    if errors:
        print(f"{len(errors)} problem(s)")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
