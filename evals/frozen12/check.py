#!/usr/bin/env python3
"""Validate the frozen12 question set (no dependencies; python3 only).

Checks, for evals/frozen12/git:
  * sources.json is unchanged: its SHA-256 is SOURCES_SHA256 below (the same bytes as evals/frozen11/git/sources.json);
  * every line of questions.jsonl is one JSON object with exactly the expected keys and types;
  * counts: 40 answerable (20 api_reference / 8 tutorials / 12 docs) and 17 unanswerable
    (14 same-domain + 3 off-topic), no duplicate query, answerable questions first;
  * every relevant label exists under the root of sources.json and is selected by its globs; the first label
    of every answerable question (the sampled file) is selected by the globs of its expected_source; a later
    label may belong to another source only where CROSS_SOURCE below records it, and no label is repeated in a
    question;
  * no overlap with frozen11: no first label of an api_reference or docs question is a file frozen11 drew,
    skipped or labelled (FROZEN11_EXCLUDED below, taken from evals/frozen11/README.md and check.py); the
    user-manual.html sections drawn here are not the ones frozen11 asked or skipped; no key term of an
    unanswerable question is one of frozen11's (FROZEN11_TERMS);
  * the sampling can be re-run: the first label of every answerable question is, in file order, the file drawn
    with seed 1212 by the procedure of README.md ("Sampling procedures"), with the documented skips only, and
    the user-manual.html sections drawn with the tutorials' generator are UM_SECTIONS;
  * every unanswerable question has recorded key terms (ZERO_HIT below), and each term has zero
    case-insensitive, word-bounded hits in the raw HTML and in the tag-stripped, whitespace-normalised text of
    every file the globs of sources.json select, and zero hits in every file under the root directory as well
    (HTML raw and stripped, .txt and other files raw, .gz files decompressed), as recorded in README.md.

Usage: python3 evals/frozen12/check.py [--root PATH]
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
SEED = 1212
SOURCES_SHA256 = "8bc71cdaafb06d950ed88baffb57fcaef1cc512774dfbc8ab822a0631e5e6f30"   # 2388 bytes, = frozen11's
SOURCE_NAMES = ("api_reference", "tutorials", "docs")
WANT_SPLIT = {"api_reference": 20, "tutorials": 8, "docs": 12}

# Files frozen11 drew, skipped or labelled (evals/frozen11/README.md "Sampling procedures" and "Second labels"):
# removed from the api_reference and docs lists before they are shuffled. The tutorials source has only 7
# files, all drawn by frozen11, so it is not reduced (re-drawn as frozen11's README permits).
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
FROZEN11_UM_SECTIONS = {"undoing-a-merge", "todo-list"}     # asked, and skipped, by frozen11
FROZEN11_TERMS = {
    "git replay", "git-replay", "git backfill", "git-backfill", "git refs", "git-refs", "refs migrate",
    "stash export", "stash import", "include-root-refs", "root refs", "root-refs", "prune-merged", "bitbucket",
    "app password", "jenkins", "husky", "npm", "2.45", "git 3.0", "git 3", "git v3", "git-crypt", "git crypt",
    "gitsign", "sigstore", "semantic versioning", "semver", "jupiter", "moons", "aphid", "aphids", "tomato",
    "moby", "melville",
}

# Draws skipped (README "Sampling procedures"): git-stage.html ("This is a synonym for git-add(1). Please refer
# to the documentation of that command.") and git-fsck-objects.html (the same for git-fsck(1)) are stubs with no
# content of their own. No docs or tutorial file and no user-manual.html section was skipped.
SKIPPED = {"api_reference": {"git-stage.html", "git-fsck-objects.html"}, "tutorials": set(), "docs": set()}
UM_FILE = "user-manual.html"
UM_SECTIONS_SKIPPED = set()
UM_SECTIONS = ["repository-maintenance", "getting-updates-With-git-pull"]   # 1st and 2nd visit of user-manual.html
TUTORIAL_WALKS = 2                      # 7 tutorial files for 8 places: the seeded order is walked twice

# Labels from another source than expected_source (README "Second labels"): (first label, later label).
CROSS_SOURCE = {
    ("gitcore-tutorial.html", "git-merge.html"),
    ("user-manual.html", "howto/separating-topic-branches.html"),
    ("gitglossary.html", "user-manual.html"),
    ("gitglossary.html", "git-bisect-lk2009.html"),
}

# Key terms checked for each unanswerable question (case-insensitive, word-bounded, zero hits required).
ZERO_HIT = [
    ("Can I use git last-modified to find, for every file in a directory, the commit that last changed it?",
     "same-domain", ["git last-modified"]),
    ("How do I use the %(is-base:main) atom of git for-each-ref to guess which branch a feature branch was originally started from?",
     "same-domain", ["is-base"]),
    ("When I create a worktree with git worktree add --relative-paths, will the links between it and the main repository survive moving the whole project folder?",
     "same-domain", ["relative-paths"]),
    ("How can I clone one specific commit with git clone --revision=<sha> without fetching any branches?",
     "same-domain", ["clone --revision"]),
    ("What's the difference between the git config get subcommand and the old git config --get?",
     "same-domain", ["config get"]),
    ("Will git repack --path-walk give me smaller packs for a repository with lots of files that share the same names in different directories?",
     "same-domain", ["path-walk"]),
    ("Is there a git merge --prefer-newer option that resolves each conflicting hunk by keeping whichever side was committed more recently?",
     "same-domain", ["prefer-newer", "prefer newer"]),
    ("How do I set up a push mirror from my local repository to a self-hosted Gitea instance?",
     "same-domain", ["gitea"]),
    ("My CircleCI pipeline spends ages checking out our repository. Which CircleCI setting makes the checkout step faster?",
     "same-domain", ["circleci"]),
    ("How do I make Sourcetree use the Git installed on my system instead of its embedded copy?",
     "same-domain", ["sourcetree"]),
    ("What changed in Git 2.50?",
     "same-domain", ["2.50"]),
    ("How do I start and finish a release branch with git flow?",
     "same-domain", ["git flow", "gitflow", "git-flow"]),
    ("How do I write a CODEOWNERS file so that changes under a directory need approval from specific people?",
     "same-domain", ["codeowners"]),
    ("How do I sign my commits with a key that lives on my YubiKey?",
     "same-domain", ["yubikey"]),
    ("How do I keep a sourdough starter alive while I'm away for two weeks?", "off-topic", ["sourdough", "starter"]),
    ("At what temperature does water boil on the summit of Mount Everest?", "off-topic", ["everest", "mount everest"]),
    ("Who painted the Mona Lisa?", "off-topic", ["mona lisa", "leonardo", "da vinci"]),
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
            eligible = list(by_source[s])                  # 7 files, all drawn by frozen11: re-drawn
        else:
            eligible = [n for n in by_source[s] if n not in FROZEN11_EXCLUDED]
        order = rng.sample(eligible, len(eligible))
        if s == "tutorials":
            secs = [a for a in user_manual_sections(root) if a not in FROZEN11_UM_SECTIONS]
            um_order = rng.sample(secs, len(secs))         # the same generator, continued
            um_usable = [a for a in um_order if a not in UM_SECTIONS_SKIPPED]
            out = []
            for _ in range(TUTORIAL_WALKS):                # walk the seeded order again for the places left
                out += [n for n in order if n not in SKIPPED[s]][:WANT_SPLIT[s] - len(out)]
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
    missing_f11 = sorted(n for n in FROZEN11_EXCLUDED if n not in all_selected)
    if missing_f11:
        err(f"frozen11 files not among the selected files: {missing_f11}")

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
    nlab, cross, overlap = 0, [], []
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
            overlap.append(rel[0])
            err(f"first label {rel[0]!r} was drawn, skipped or labelled by frozen11 ({q!r})")
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
    if set(UM_SECTIONS) & FROZEN11_UM_SECTIONS:
        err(f"user-manual.html sections {sorted(set(UM_SECTIONS) & FROZEN11_UM_SECTIONS)} were frozen11's")

    # key terms of the unanswerable questions
    rec = {q: (cat, terms) for q, cat, terms in ZERO_HIT}
    una_q = {r.get("query") for r in una}
    if set(rec) != una_q or len(rec) != len(ZERO_HIT):
        err(f"recorded key terms do not match the unanswerable questions: missing {sorted(una_q - set(rec))}, "
            f"extra {sorted(set(rec) - una_q)}")
    cats = [c for c, _ in rec.values()]
    if cats.count("same-domain") != 14 or cats.count("off-topic") != 3:
        err(f"{cats.count('same-domain')} same-domain + {cats.count('off-topic')} off-topic, want 14 + 3")
    reused = sorted({t.lower() for _, terms in rec.values() for t in terms} & FROZEN11_TERMS)
    if reused:
        err(f"key terms reused from frozen11: {reused}")
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
          f"{len(FROZEN11_EXCLUDED)} frozen11 files (skips: {sum(len(v) for v in SKIPPED.values())} files, "
          f"{len(UM_SECTIONS_SKIPPED)} manual sections; user-manual sections {', '.join(um_sections)}), first labels "
          + ("match" if draw_ok else "DIFFER") + f", {len(overlap)} overlapping frozen11), "
          f"{len(una)} unanswerable ({cats.count('same-domain')} same-domain + {cats.count('off-topic')} off-topic); "
          f"{nterms} key terms ({len(reused)} reused from frozen11), {sel_zero} with zero hits in the selected files, "
          f"{all_zero} with zero hits in all {len(every_file)} files under the root; sources.json sha256 "
          + ("unchanged" if h == SOURCES_SHA256 else "CHANGED"))
    if errors:
        print(f"{len(errors)} problem(s)")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
