#!/usr/bin/env python3
"""Validate the frozen15 question set (no dependencies; python3 only).

Checks, for evals/frozen15/git:
  * sources.json is unchanged: its SHA-256 is SOURCES_SHA256 below (the same bytes as the sources.json of
    evals/frozen11 to evals/frozen14);
  * every line of questions.jsonl is one JSON object with exactly the expected keys and types;
  * counts: 40 answerable (20 api_reference / 8 tutorials / 12 docs) and 17 unanswerable
    (14 same-domain + 3 off-topic), no duplicate query, answerable questions first;
  * every relevant label exists under the root of sources.json and is selected by its globs; the first label
    of every answerable question (the sampled file) is selected by the globs of its expected_source; a later
    label may belong to another source only where CROSS_SOURCE below records it, and no label is repeated in a
    question;
  * no overlap with frozen11 to frozen14: no first label of an api_reference question, and no first label of a
    docs question other than the places the least-used fallback gives (all twelve docs places here), is a file
    any of them drew, skipped or labelled (FROZEN11_EXCLUDED ... FROZEN14_EXCLUDED below, taken from their
    README.md and check.py); the user-manual.html section drawn here is none of the ones they asked or skipped;
    no key term of an unanswerable question is one of theirs (FROZEN11_TERMS ... FROZEN14_TERMS);
  * the sampling can be re-run: the first label of every answerable question is, in file order, the file drawn
    with seed 1515 by the procedure of README.md ("Sampling procedures"; one api_reference skip, git-tools.html;
    the tutorials' eighth place and all twelve docs places by the least-used fallback), and the user-manual.html
    section drawn with the tutorials' generator is UM_SECTIONS;
  * every unanswerable question has recorded key terms (ZERO_HIT below), and each term has zero
    case-insensitive, word-bounded hits in the raw HTML and in the tag-stripped, whitespace-normalised text of
    every file the globs of sources.json select, and zero hits in every file under the root directory as well
    (HTML raw and stripped, .txt and other files raw, .gz files decompressed), as recorded in README.md.

Usage: python3 evals/frozen15/check.py [--root PATH]
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
SEED = 1515
SOURCES_SHA256 = "8bc71cdaafb06d950ed88baffb57fcaef1cc512774dfbc8ab822a0631e5e6f30"   # 2388 bytes, = frozen11's to frozen14's
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

# Files frozen13 drew, skipped or labelled (evals/frozen13/README.md "Sampling procedures" and "Second labels").
FROZEN13_DRAWN = {
    "git-revert.html", "git-ls-tree.html", "git-cvsexportcommit.html", "git-shell.html", "git-rev-list.html",
    "git-imap-send.html", "git-difftool.html", "git-for-each-repo.html", "git-prune.html", "git-receive-pack.html",
    "git-web--browse.html", "git-help.html", "git-commit-tree.html", "git-update-server-info.html",
    "git-merge-one-file.html", "git-credential-store.html", "git-check-ignore.html", "git-show.html",
    "git-diff-tree.html", "git-version.html",
    "howto/revert-branch-rebase.html", "gitweb.html", "gitformat-chunk.html",
    "howto/using-signed-tag-in-pull-request.html", "gitremote-helpers.html", "gitmodules.html", "gitnamespaces.html",
    "howto/recover-corrupted-object-harder.html", "howto/coordinate-embargoed-releases.html", "gitfaq.html",
    "gitcli.html", "gitweb.conf.html",
}
FROZEN13_SKIPPED = set()
FROZEN13_LABELLED = {
    "howto/revert-a-faulty-merge.html", "git-config.html", "gitrepository-layout.html", "git-read-tree.html",
    "gitcore-tutorial.html", "git-cherry-pick.html", "gittutorial.html", "giteveryday.html", "git-pull.html",
    "git-diff.html", "gitformat-commit-graph.html", "gitformat-pack.html",
}
FROZEN13_EXCLUDED = FROZEN13_DRAWN | FROZEN13_SKIPPED | FROZEN13_LABELLED
# Files frozen14 drew, skipped or labelled (evals/frozen14/README.md "Sampling procedures" and "Second labels";
# its check.py FALLBACK): its 20 api_reference and 11 docs draws, its docs fallback place gitfaq.html, and its
# second labels (git-archive.html and git-am.html, also drawn; user-manual.html, gittutorial.html, gitfaq.html,
# git-rebase.html). It skipped none.
FROZEN14_DRAWN = {
    "git-commit-graph.html", "git-whatchanged.html", "git-diff-index.html", "git-check-mailmap.html",
    "git-remote.html", "git-check-attr.html", "git-for-each-ref.html", "git-remote-ext.html", "git-merge-base.html",
    "git-mailinfo.html", "git-replace.html", "git-bundle.html", "git-merge-file.html", "git-am.html",
    "git-clean.html", "git-submodule.html", "git-get-tar-commit-id.html", "git-archive.html", "git-annotate.html",
    "git-unpack-objects.html",
    "gitcvs-migration.html", "gitdiffcore.html", "gitattributes.html", "howto/rebase-from-internal-branch.html",
    "ToolsForGit.html", "gitprotocol-pack.html", "howto/recover-corrupted-blob-object.html",
    "howto/use-git-daemon.html", "gitignore.html", "howto/using-merge-subtree.html", "howto/maintain-git.html",
    "gitfaq.html",
}
FROZEN14_SKIPPED = set()
FROZEN14_LABELLED = {
    "git-archive.html", "git-am.html", "user-manual.html", "gittutorial.html", "gitfaq.html", "git-rebase.html",
}
FROZEN14_EXCLUDED = FROZEN14_DRAWN | FROZEN14_SKIPPED | FROZEN14_LABELLED
# Removed from the api_reference and docs lists before they are shuffled (147 files: frozen14's 115 plus
# frozen14's 31 new draws and git-rebase.html). Nothing is left of docs, so all its places come from the
# least-used fallback. The tutorials source has only 7 files, all drawn by every earlier set, so it is not
# reduced (see TUTORIAL_USES).
EARLIER_EXCLUDED = FROZEN11_EXCLUDED | FROZEN12_EXCLUDED | FROZEN13_EXCLUDED | FROZEN14_EXCLUDED

# user-manual.html level-2 sections the earlier sets asked or skipped: removed before the sections are shuffled.
EARLIER_UM_SECTIONS = {"undoing-a-merge", "todo-list",                          # frozen11: asked, skipped
                       "repository-maintenance", "getting-updates-With-git-pull",  # frozen12: asked, asked
                       "merging",                                                  # frozen13: asked
                       "importing-patches"}                                        # frozen14: asked

# Times each tutorial file is a label (first or later) of a frozen11 to frozen14 question, as their READMEs
# record. frozen11-13 as frozen14 counted them (its TUTORIAL_USES); frozen14 drew every tutorial once and
# MyFirstContribution twice, and labelled second user-manual three times (gittutorial-2, giteveryday and
# recover-corrupted-blob-object questions) and gittutorial once (giteveryday question).
# The tutorials' places beyond one walk of the seeded order go to the least-used files, in seeded order.
TUTORIAL_USES = {
    "user-manual.html": 5 + 1 + 3, "MyFirstObjectWalk.html": 4 + 1,
    "gittutorial.html": 6 + 1 + 1, "gitcore-tutorial.html": 5 + 1,
    "giteveryday.html": 4 + 1, "gittutorial-2.html": 4 + 1, "MyFirstContribution.html": 3 + 2,
}

# docs: no file is left after EARLIER_EXCLUDED, so all 12 places come from the least-used fallback: a second
# seeded order (the docs generator, continued after its empty first order) over the docs files the earlier sets
# used (all 49), stably sorted by use count (fewest first, ties in seeded order), taken from the front. Uses =
# the number of frozen11-14 questions that have the file as a label (first or later): frozen14's DOCS_USES for
# frozen11-13, plus frozen14's uses (its 11 docs draws once each; gitfaq.html drawn by its fallback and labelled
# second on its gitattributes question, so 1 + 2 = 3).
DOCS_USES = {n: 1 for n in (
    "gitformat-index.html", "gitprotocol-common.html", "gitformat-bundle.html", "gitprotocol-http.html",
    "gitrevisions.html", "gitcredentials.html", "gitworkflows.html", "howto/update-hook-example.html",
    "gitprotocol-capabilities.html", "gitsubmodules.html", "howto/new-command.html", "gitformat-signature.html",
    "howto/setup-git-server-over-http.html", "gitglossary.html", "gitmailmap.html",
    "howto/rebuild-from-update-hook.html", "howto/keep-canonical-history-correct.html", "SubmittingPatches.html",
    "ReviewingGuidelines.html", "githooks.html", "howto/revert-branch-rebase.html", "gitweb.html",
    "gitformat-chunk.html", "howto/using-signed-tag-in-pull-request.html", "gitremote-helpers.html",
    "gitmodules.html", "gitnamespaces.html", "howto/recover-corrupted-object-harder.html",
    "howto/coordinate-embargoed-releases.html", "gitcli.html", "gitweb.conf.html",
    # frozen14's docs draws
    "gitcvs-migration.html", "gitdiffcore.html", "gitattributes.html", "howto/rebase-from-internal-branch.html",
    "ToolsForGit.html", "gitprotocol-pack.html", "howto/recover-corrupted-blob-object.html",
    "howto/use-git-daemon.html", "gitignore.html", "howto/using-merge-subtree.html", "howto/maintain-git.html")}
DOCS_USES.update({n: 2 for n in (
    "gitformat-pack.html", "howto/revert-a-faulty-merge.html", "gitformat-commit-graph.html",   # frozen11 + frozen13
    "gitprotocol-v2.html",                                                                     # frozen11 twice
    "gitrepository-layout.html",                                                               # frozen12 + frozen13
    "howto/separating-topic-branches.html")})                                                  # frozen12 twice
DOCS_USES["gitfaq.html"] = 3                                                                   # frozen13 + frozen14 twice
FALLBACK = {"docs": [                   # the fallback's result (README "Sampling procedures"), in order
    "howto/use-git-daemon.html", "gitnamespaces.html", "gitcli.html", "howto/coordinate-embargoed-releases.html",
    "howto/new-command.html", "gitrevisions.html", "howto/recover-corrupted-blob-object.html",
    "gitprotocol-common.html", "SubmittingPatches.html", "gitworkflows.html", "gitprotocol-pack.html",
    "gitmailmap.html"]}

FROZEN11_TERMS = {
    "git replay", "git-replay", "git backfill", "git-backfill", "git refs", "git-refs", "refs migrate",
    "stash export", "stash import", "include-root-refs", "root refs", "root-refs", "prune-merged", "bitbucket",
    "app password", "jenkins", "husky", "npm", "2.45", "git 3.0", "git 3", "git v3", "git-crypt", "git crypt",
    "gitsign", "sigstore", "semantic versioning", "semver", "jupiter", "moons", "aphid", "aphids", "tomato",
    "moby", "melville",
}
FROZEN13_TERMS = {
    "max-cruft-size", "worktree add --orphan", "show-ref --exists", "fetch --porcelain", "config --comment",
    "maxtreedepth", "auto-increment", "wait-for-ci", "gitkraken", "dependabot", "jira", "2.43", "git 2.43",
    "conventional commits", "conventional commit", "git-secrets", "aws", "australia", "canberra", "fifa",
    "world cup", "hydrangea", "hydrangeas", "fertilizer",
}
FROZEN12_TERMS = {
    "git last-modified", "is-base", "relative-paths", "clone --revision", "config get", "path-walk",
    "prefer-newer", "prefer newer", "gitea", "circleci", "sourcetree", "2.50", "git flow", "gitflow", "git-flow",
    "codeowners", "yubikey", "sourdough", "starter", "everest", "mount everest", "mona lisa", "leonardo",
    "da vinci",
}
FROZEN14_TERMS = {
    "cat-file --filter", "print-info", "defaultobjectformat", "rebase --trailer", "is-needed", "branch --stale",
    "older-than", "phabricator", "arcanist", "heroku", "lazygit", "2.47", "git 2.47", "trunk-based", "stacked",
    "1password", "vivaldi", "four seasons", "espresso", "descale", "espresso machine", "waterfall", "tallest",
    "angel falls",
}
EARLIER_TERMS = FROZEN11_TERMS | FROZEN12_TERMS | FROZEN13_TERMS | FROZEN14_TERMS

# Draws skipped (README "Sampling procedures"): git-tools.html (api_reference position 2), a retired page whose
# only content is that the list of tools it held was retired, with a pointer to the Git wiki (a redirect with
# no content of its own). Short pages with content of their own were kept.
SKIPPED = {"api_reference": {"git-tools.html"}, "tutorials": set(), "docs": set()}
UM_FILE = "user-manual.html"
UM_SECTIONS_SKIPPED = set()
UM_SECTIONS = ["exploring-history"]     # the one visit of user-manual.html

# Labels from another source than expected_source (README "Second labels"): (first label, later label).
CROSS_SOURCE = {
    ("user-manual.html", "git-grep.html"),
    ("gittutorial.html", "git-branch.html"),
    ("gittutorial-2.html", "git-ls-files.html"),
    ("howto/use-git-daemon.html", "git-daemon.html"),
    ("gitrevisions.html", "git-rev-parse.html"),
}

# Key terms checked for each unanswerable question (case-insensitive, word-bounded, zero hits required).
ZERO_HIT = [
    ('Can I give git archive --mtime so that every file in the tarball gets the same fixed timestamp?',
     'same-domain', ['archive --mtime', '--mtime']),
    ('How do I use git hook list to see which hooks are configured for a repository?',
     'same-domain', ['git hook list', 'hook list']),
    ('How do I show, for each branch, how many commits it is ahead of and behind origin/main with the %(ahead-behind:origin/main) atom of git for-each-ref?',
     'same-domain', ['%(ahead-behind']),
    ('Can git check-attr --source read the .gitattributes of a given commit instead of my working tree?',
     'same-domain', ['check-attr --source']),
    ('Is there a git branch --archive option that hides old branches from the normal branch list without deleting them?',
     'same-domain', ['branch --archive']),
    ('How do I use git restore --from-stash to bring back a single file from my latest stash entry?',
     'same-domain', ['restore --from-stash', 'from-stash']),
    ('How do I set push.confirm so that git push asks me for confirmation before it sends anything?',
     'same-domain', ['push.confirm']),
    ('How do I send my patch series to a project hosted on SourceHut?',
     'same-domain', ['sourcehut', 'sr.ht']),
    ("How do I use GitButler's virtual branches alongside my normal Git branches?",
     'same-domain', ['gitbutler']),
    ("My Netlify build fails while cloning my repository's submodules. How do I fix the Netlify settings?",
     'same-domain', ['netlify']),
    ('How do I configure IntelliJ IDEA as the tool that git mergetool opens?',
     'same-domain', ['intellij']),
    ("What's new in Git 2.41?",
     'same-domain', ['2.41', 'git 2.41']),
    ('How do I use git-annex to keep large media files out of my repository?',
     'same-domain', ['git-annex', 'annex']),
    ('Where do I put a pull request template so that every new pull request is pre-filled with our checklist?',
     'same-domain', ['pull request template', 'pull_request_template']),
    ('How many bones are in the adult human body?',
     'off-topic', ['bones', 'human body']),
    ('What is the capital of Mongolia?',
     'off-topic', ['mongolia', 'ulaanbaatar']),
    ('give me a good guacamole recipe',
     'off-topic', ['guacamole', 'avocado']),
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
            eligible = list(by_source[s])                  # 7 files, all drawn by every earlier set: re-drawn
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
            usable = [n for n in order if n not in SKIPPED[s]]
            out = usable[:WANT_SPLIT[s]]
            if out:                                        # a skip counts only if the walk reached it
                last = order.index(out[-1])
                late = sorted(n for n in SKIPPED[s] if n not in order[:last + 1])
                if late:
                    err(f"{s}: recorded skips {late} are not within the walked part of the seeded order")
            elif SKIPPED[s]:
                err(f"{s}: skips recorded but no file drawn from the undrawn pool")
            if len(out) < WANT_SPLIT[s]:                   # undrawn pool exhausted: least-used fallback
                used = sorted(n for n in by_source[s] if n in EARLIER_EXCLUDED)
                if s != "docs" or set(used) != set(DOCS_USES):
                    err(f"{s}: no use counts recorded for the fallback pool (or they differ from the files)")
                    used_order = []
                else:
                    used_order = rng.sample(used, len(used))   # the same generator, continued
                    # least used first, ties in seeded order (a stable sort); here every place has use count 1
                    used_order = sorted(used_order, key=lambda n: DOCS_USES[n])
                out += used_order[:WANT_SPLIT[s] - len(out)]
            want[s] = out
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
    missing_earlier = sorted(n for n in EARLIER_EXCLUDED | set(TUTORIAL_USES) | set(DOCS_USES) if n not in all_selected)
    if missing_earlier:
        err(f"frozen11-14 files not among the selected files: {missing_earlier}")
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
    nlab, cross, overlap11, overlap12, overlap13, overlap14 = 0, [], [], [], [], []
    fallback_left = {k: list(v) for k, v in FALLBACK.items()}
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
        fb = es in fallback_left and rel[0] in fallback_left[es]
        if fb:
            fallback_left[es].remove(rel[0])               # the recorded least-used fallback place
        if es != "tutorials" and not fb and rel[0] in FROZEN14_EXCLUDED:
            overlap14.append(rel[0])
            err(f"first label {rel[0]!r} was drawn, skipped or labelled by frozen14 ({q!r})")
        if es != "tutorials" and not fb and rel[0] in FROZEN13_EXCLUDED:
            overlap13.append(rel[0])
            err(f"first label {rel[0]!r} was drawn, skipped or labelled by frozen13 ({q!r})")
        if es != "tutorials" and not fb and rel[0] in FROZEN11_EXCLUDED:
            overlap11.append(rel[0])
            err(f"first label {rel[0]!r} was drawn, skipped or labelled by frozen11 ({q!r})")
        if es != "tutorials" and not fb and rel[0] in FROZEN12_EXCLUDED:
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
        err(f"user-manual.html sections {sorted(set(UM_SECTIONS) & EARLIER_UM_SECTIONS)} were frozen11-14's")
    if any(fallback_left.values()):
        err(f"recorded fallback places not found among the first labels: {fallback_left}")

    # key terms of the unanswerable questions
    rec = {q: (cat, terms) for q, cat, terms in ZERO_HIT}
    una_q = {r.get("query") for r in una}
    if set(rec) != una_q or len(rec) != len(ZERO_HIT):
        err(f"recorded key terms do not match the unanswerable questions: missing {sorted(una_q - set(rec))}, "
            f"extra {sorted(set(rec) - una_q)}")
    cats = [c for c, _ in rec.values()]
    if cats.count("same-domain") != 14 or cats.count("off-topic") != 3:
        err(f"{cats.count('same-domain')} same-domain + {cats.count('off-topic')} off-topic, want 14 + 3")
    reused = sorted({t.lower() for _, terms in rec.values() for t in terms} & EARLIER_TERMS)
    if reused:
        err(f"key terms reused from frozen11 to frozen14: {reused}")
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
          f"{len(EARLIER_EXCLUDED)} frozen11-14 files (skips: {sum(len(v) for v in SKIPPED.values())} files, "
          f"{len(UM_SECTIONS_SKIPPED)} manual sections; tutorials {' '.join(want['tutorials'])}; user-manual section "
          f"{', '.join(um_sections)}; docs fallback {' '.join(want['docs'][len(want['docs']) - len(FALLBACK['docs']):])}), "
          f"first labels " + ("match" if draw_ok else "DIFFER") +
          f", {len(overlap11)} overlapping frozen11, {len(overlap12)} overlapping frozen12, "
          f"{len(overlap13)} overlapping frozen13, {len(overlap14)} overlapping frozen14), "
          f"{len(una)} unanswerable ({cats.count('same-domain')} same-domain + {cats.count('off-topic')} off-topic); "
          f"{nterms} key terms ({len(reused)} reused from frozen11-14), {sel_zero} with zero hits in the selected "
          f"files, {all_zero} with zero hits in all {len(every_file)} files under the root; sources.json sha256 "
          + ("unchanged" if h == SOURCES_SHA256 else "CHANGED"))
    if errors:
        print(f"{len(errors)} problem(s)")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
