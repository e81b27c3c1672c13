#!/usr/bin/env python3
"""Validate the frozen11 question set (no dependencies; python3 only).

Checks, for evals/frozen11/git:
  * sources.json is unchanged: its SHA-256 is SOURCES_SHA256 below (recorded before the questions were written);
  * every line of questions.jsonl is one JSON object with exactly the expected keys and types;
  * counts: 40 answerable (20 api_reference / 8 tutorials / 12 docs) and 17 unanswerable
    (14 same-domain + 3 off-topic), no duplicate query, answerable questions first;
  * every relevant label exists under the root of sources.json and is selected by its globs; the first label
    of every answerable question (the sampled file) is selected by the globs of its expected_source; a later
    label may belong to another source only where CROSS_SOURCE below records it (all of them api_reference
    pages that plainly answer a docs or tutorials question too), and no label is repeated in a question;
  * the sampling can be re-run: the first label of every answerable question is, in file order, the file drawn
    with seed 1111 by the procedure of README.md ("Sampling procedures"), with the documented skips only, and
    the user-manual.html section drawn with the same generator is UM_SECTION;
  * every unanswerable question has recorded key terms (ZERO_HIT below), and each term has zero
    case-insensitive, word-bounded hits in the raw HTML and in the tag-stripped, whitespace-normalised text of
    every file the globs of sources.json select, and zero hits in every file under the root directory as well
    (HTML raw and stripped, .txt and other files raw, .gz files decompressed), as recorded in README.md.

Usage: python3 evals/frozen11/check.py [--root PATH]
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
SEED = 1111
SOURCES_SHA256 = "8bc71cdaafb06d950ed88baffb57fcaef1cc512774dfbc8ab822a0631e5e6f30"   # 2388 bytes, commit 5c7e4df
SOURCE_NAMES = ("api_reference", "tutorials", "docs")
WANT_SPLIT = {"api_reference": 20, "tutorials": 8, "docs": 12}

# Draws skipped (README "Skips"): git-init-db.html is a stub ("This is a synonym for git-init(1). Please refer
# to the documentation of that command."), no content of its own. No docs or tutorial file was skipped; in
# user-manual.html the section "Todo list" (the manual's own editorial to-do list) was skipped.
SKIPPED = {"api_reference": {"git-init-db.html"}, "tutorials": set(), "docs": set()}
UM_FILE = "user-manual.html"
UM_SECTIONS_SKIPPED = {"todo-list"}
UM_SECTION = "undoing-a-merge"          # the section of user-manual.html the question was written from
TUTORIAL_WALKS = 2                      # 7 tutorial files for 8 places: the seeded order is walked twice

# Labels from another source than expected_source (README "Second labels"): (first label, later label).
CROSS_SOURCE = {
    ("user-manual.html", "git-reset.html"),
    ("giteveryday.html", "git-push.html"),
    ("gitrevisions.html", "git-rev-parse.html"),
    ("gitcredentials.html", "git-config.html"),
}

# Key terms checked for each unanswerable question (case-insensitive, word-bounded, zero hits required).
ZERO_HIT = [
    ("Can I use git replay to move a range of commits onto another branch without touching my working tree or index?",
     "same-domain", ["git replay", "git-replay"]),
    ("My blobless clone fetches missing file contents one at a time, which is slow. How do I run git backfill to download them in batches?",
     "same-domain", ["git backfill", "git-backfill"]),
    ("How do I convert an existing repository to a different ref storage backend with git refs migrate?",
     "same-domain", ["git refs", "git-refs", "refs migrate"]),
    ("How can I use git stash export to turn my stash entries into a ref that I can push, and bring them back with git stash import on another machine?",
     "same-domain", ["stash export", "stash import"]),
    ("How do I make git for-each-ref also list HEAD and the other root refs by passing --include-root-refs?",
     "same-domain", ["include-root-refs", "root refs", "root-refs"]),
    ("Is there a git branch --prune-merged option that deletes every local branch already merged into main?",
     "same-domain", ["prune-merged"]),
    ("How do I push to a Bitbucket repository using an app password instead of my account password?",
     "same-domain", ["bitbucket", "app password"]),
    ("Which Jenkins plugin do I need so that a job polls my Git repository and builds on every new commit?",
     "same-domain", ["jenkins"]),
    ("How do I set up Husky so our project's Git hooks get installed automatically for everyone after npm install?",
     "same-domain", ["husky", "npm"]),
    ("What new features and commands were added in Git 2.45?",
     "same-domain", ["2.45"]),
    ("Will Git 3.0 make SHA-256 the default object format for new repositories?",
     "same-domain", ["git 3.0", "git 3", "git v3"]),
    ("How do I set up git-crypt so that our secrets files are encrypted in the repository but readable in my working tree?",
     "same-domain", ["git-crypt", "git crypt"]),
    ("How do I sign my commits keylessly with Sigstore's gitsign instead of a GPG key?",
     "same-domain", ["gitsign", "sigstore"]),
    ("How should we name our release tags so that they follow semantic versioning?",
     "same-domain", ["semantic versioning", "semver"]),
    ("How many moons does Jupiter have?", "off-topic", ["jupiter", "moons"]),
    ("What's a safe way to get rid of aphids on tomato plants?", "off-topic", ["aphid", "aphids", "tomato"]),
    ("Who wrote Moby-Dick?", "off-topic", ["moby", "melville"]),
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
    """The seeded draws of README "Sampling procedures": first labels, in file order, and the manual section."""
    want, um_section = {}, None
    for s in SOURCE_NAMES:
        rng = random.Random(SEED)                          # one generator per source, seeded afresh
        order = rng.sample(by_source[s], len(by_source[s]))
        if s == "tutorials":
            secs = user_manual_sections(root)
            um_order = rng.sample(secs, len(secs))         # the same generator, continued
            um_usable = [a for a in um_order if a not in UM_SECTIONS_SKIPPED]
            um_section = um_usable[0]
            out = []
            for _ in range(TUTORIAL_WALKS):                # walk the seeded order again for the places left
                out += [n for n in order if n not in SKIPPED[s]][:WANT_SPLIT[s] - len(out)]
            want[s] = out
        else:
            want[s] = [n for n in order if n not in SKIPPED[s]][:WANT_SPLIT[s]]
    return want, um_section


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
    nlab, cross = 0, []
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
    if sorted(cross) != sorted(CROSS_SOURCE):
        err(f"cross-source labels {sorted(cross)} != recorded {sorted(CROSS_SOURCE)}")
    for r in una:
        if r.get("relevant"):
            err(f"unanswerable question with relevant labels: {r.get('query')!r}")

    # re-run the draws (README "Sampling procedures")
    want, um_section = draws(by_source, root)
    draw_ok = True
    for s in SOURCE_NAMES:
        first = [r["relevant"][0] for r in ans if r.get("expected_source") == s and r.get("relevant")]
        if first != want[s]:
            draw_ok = False
            err(f"{s}: first labels {first} do not follow the seed-{SEED} draw {want[s]}")
    if um_section != UM_SECTION:
        draw_ok = False
        err(f"user-manual.html: drawn section {um_section!r} != recorded {UM_SECTION!r}")

    # key terms of the unanswerable questions
    rec = {q: (cat, terms) for q, cat, terms in ZERO_HIT}
    una_q = {r.get("query") for r in una}
    if set(rec) != una_q or len(rec) != len(ZERO_HIT):
        err(f"recorded key terms do not match the unanswerable questions: missing {sorted(una_q - set(rec))}, "
            f"extra {sorted(set(rec) - una_q)}")
    cats = [c for c, _ in rec.values()]
    if cats.count("same-domain") != 14 or cats.count("off-topic") != 3:
        err(f"{cats.count('same-domain')} same-domain + {cats.count('off-topic')} off-topic, want 14 + 3")
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
          f"; {len(cross)} cross-source second labels; seed-{SEED} draws re-run (skips: "
          f"{sum(len(v) for v in SKIPPED.values())} file, {len(UM_SECTIONS_SKIPPED)} manual section; "
          f"user-manual section {um_section}), first labels " + ("match" if draw_ok else "DIFFER") + "), "
          f"{len(una)} unanswerable ({cats.count('same-domain')} same-domain + {cats.count('off-topic')} off-topic); "
          f"{nterms} key terms, {sel_zero} with zero hits in the selected files, {all_zero} with zero hits in all "
          f"{len(every_file)} files under the root; sources.json sha256 " + ("unchanged" if h == SOURCES_SHA256 else "CHANGED"))
    if errors:
        print(f"{len(errors)} problem(s)")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
