#!/usr/bin/env python3
"""Validate the frozen19 PostgreSQL question set (no dependencies; python3 only).

Checks, for evals/frozen19/postgres (there is no E-Manual part in this set):
  * every line of questions.jsonl is one JSON object with exactly the expected keys and types;
  * counts: 40 answerable, 17 unanswerable (14 same-domain + 3 off-topic), no duplicate query;
    answerable split 20 api_reference / 8 tutorials / 12 docs;
  * sources.json is byte-identical to evals/frozen18/postgres/sources.json and has the recorded sha256;
  * every relevant label is the HTML basename of a file the globs of postgres/sources.json select; an
    answerable question has at least one relevant file from its expected_source;
  * the sampling can be re-run: the first label of every answerable question is, in file order, the file
    drawn with seed 19191 by the procedure of README.md, with the documented skips only. The exclusions are
    the files frozen2 ... frozen10, frozen16, frozen17 and frozen18 drew or labelled; after them no never-drawn
    file is left in any source, so every draw is the least-used fallback (frozen10's rule, with frozen16's,
    frozen17's and frozen18's uses counted): the files of a source that frozen2 did not draw or label, in tiers
    by the number of sets among frozen2 ... frozen10, frozen16, frozen17 and frozen18 that drew or labelled
    them, each tier in seeded order.
    api_reference: one generator over its tiers. docs: the stratified procedure as before (the per-glob
    orders and `rest`, all empty now), then the fallback tiers from the same generator. tutorials: the pool
    (tutorial files minus frozen2's and the three chapter tables of contents) ordered by the same tiers and
    walked five times, with the skips recorded for each walk. No sampled file was drawn or labelled by frozen2,
    and a fallback file only comes after every never-drawn one (of its source) is used;
  * every unanswerable question has recorded grep terms (ZERO_HIT below), each with zero case-insensitive
    hits in the raw HTML and the tag-stripped, whitespace-normalised text of every file in the HTML
    directory (not only the selected ones);
  * no unanswerable question reuses a feature, product or name already used by the unanswerable questions
    of evals/frozen, evals/frozen2 ... evals/frozen10, evals/frozen16, evals/frozen17 and evals/frozen18
    (REUSE_BANNED).

Usage: python3 evals/frozen19/check.py [--pg-root PATH]
Exit status 0 when everything holds, 1 otherwise.
"""
import glob
import hashlib
import html
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 19191
SOURCES_SHA256 = "a28175b569336dd1a35941d8a4de4fe8b7de84bdcf554c12dd4b190cbdb294a1"

# Grep terms checked for each unanswerable question (case-insensitive substring, zero hits required).
ZERO_HIT = [
    ('SELECT JSON_SERIALIZE(order_payload RETURNING bytea) FROM shop_orders; does that give me the payload as UTF-8 bytes?', 'same-domain', ['json_serialize']),
    ('What is the default of enable_presorted_aggregate, and should I switch it off if my aggregates with ORDER BY got slower?', 'same-domain', ['enable_presorted_aggregate', 'presorted_aggregate']),
    ('Is there a built-in uuidv4() function, or is that just another name for something older?', 'same-domain', ['uuidv4']),
    ("SELECT date_subtract(shipped_at, interval '1 month', 'Europe/Berlin') FROM deliveries; how does it handle the daylight saving change?", 'same-domain', ['date_subtract']),
    ('pg_dump --sequence-data -t customers crm_reporting: what does --sequence-data add to the dump?', 'same-domain', ['sequence-data', 'sequence_data']),
    ('How many origins can I track after raising max_active_replication_origins, and does changing it need a restart?', 'same-domain', ['max_active_replication_origins', 'active_replication_origins']),
    ('ALTER INDEX idx_invoices_due_date SET (auto_rebuild_threshold = 30); will the index then rebuild itself once 30% of it is dead?', 'same-domain', ['auto_rebuild', 'rebuild_threshold']),
    ('Is there a pg_table_last_modified() function that tells me when order_lines last got an insert or update?', 'same-domain', ['pg_table_last_modified', 'table_last_modified']),
    ('Can PgHero show me which of my indexes are never used?', 'same-domain', ['pghero']),
    ('How do I configure pg_qualstats to find the predicates that would benefit from an index?', 'same-domain', ['pg_qualstats', 'qualstats']),
    ('Is Percona Distribution for PostgreSQL 15 a drop-in replacement for the community build?', 'same-domain', ['percona']),
    ('Does PostgreSQL 15 build and run on macOS 26 Tahoe?', 'same-domain', ['macos 26', 'tahoe']),
    ('What changed in PostgreSQL 21 compared with 15?', 'same-domain', ['postgresql 21', 'postgres 21']),
    ('What does io_max_concurrency control, and what value suits NVMe disks?', 'same-domain', ['io_max_concurrency', 'max_concurrency']),
    ('What is the capital of Australia?', 'off-topic', ['capital of australia', 'canberra']),
    ('When did the Western Roman Empire fall?', 'off-topic', ['roman empire', 'fall of rome']),
    ('How long does it take to learn to juggle three balls?', 'off-topic', ['juggl']),
]

# Features, products and names already used by the unanswerable questions of evals/frozen ... evals/frozen10,
# evals/frozen16, evals/frozen17 and evals/frozen18 (the blocks verbatim from frozen18's check.py, frozen18's names,
# object names and grep terms added from its README and check.py): not to be reused.
REUSE_BANNED = [
        # evals/frozen
        "pg_stat_io", "pg_combinebackup", "uuidv7", "any_value", "pgvector", "pg_cron", "timescale",
        "innodb", "oracle rac", "mongodb",
        # evals/frozen2
        "transaction_timeout", "buffer_usage_limit", "random_normal", "array_shuffle", "array_sample",
        "pg_createsubscriber", "--incremental", "summarize_wal", "pg_walsummary", "pg_maintain", "io_method",
        "io_uring", "not matched by source", "date_add", "citus", "create_distributed_table", "pgbouncer",
        "patroni", "pg_repack", "sourdough", "moon", "fifa", "world cup",
        # evals/frozen3
        "pg_input_is_valid", "pg_input_error_info", "to_bin", "to_oct", "merge_action", "pg_stat_checkpointer",
        "\\bind", "exclude-extension", "exclude_extension", "datediff", "date_diff", "create or replace table",
        "or replace table", "json_merge_patch", "merge_patch", "7396", "--where", "pgbackrest", "pg_backrest",
        "debezium", "kafka", "aurora", "amazon", "2027", "end of life", "end-of-life", "pride and prejudice",
        "austen", "bicycle", "tyre", "puncture", "tomato",
        # evals/frozen4
        "erf(", "erfc", "error function", "uuid_extract", "extract_timestamp", "casefold", "pg_wait_events",
        "wait_events", "wait_event", "\\drg", "missing-stats-only", "missing_stats", "connect by", "connect_by",
        "group_concat", "on duplicate key", "duplicate key update", "pgaudit", "pg_audit", "cockroach", "flyway",
        "sql:2023", "sql/pgq", "property graph", "graph_table", "2026", "february 2026", "photosynthesis",
        "chlorophyll", "vivaldi", "four seasons", "bones", "skeleton", "human body",
        # evals/frozen5
        "pg_split_walfile_name", "split_walfile", "array_reverse", "pg_basetype", "without overlaps", "temporal",
        "sync_replication_slots", "pg_sync_replication", "failover slot", "oauth", "bearer", "identity provider",
        "hypopg", "hypothetical index", "pg_hint_plan", "hint_plan", "/*+", "prometheus", "grafana",
        "postgres_exporter", "string_split", "select top", "top 10", "show tables", "postgresql 19", "postgres 19",
        "version 19", "2029", "ocean", "guacamole", "avocado", "volcano", "magma",
        # evals/frozen6
        "returning old", "returning new", "old.price", "new.price", "require_auth", "allow_alter_system",
        "pg_use_reserved_connections", "use_reserved_connections", "load_balance_hosts", "try_cast",
        "query_cache_size", "query_cache", "query cache", "modify column", "docker", "pg_partman", "partman",
        "barman", "postgresql 18", "postgres 18", "version 18", "pg18", "pg 18", "postgresql 17", "postgres 17",
        "pg17", "azure", "flexible server", "speed of light", "guitar", "honey", "bees",
        # evals/frozen7
        "set expression as", "--swap", "swap mode", "io_combine_limit", "io_combine", "vacuum_max_threshold",
        "sslnegotiation", "ssl_negotiation", "with-statistics", "--statistics", "statistics-only", "insert ignore",
        "charindex", "parquet", "repmgr", "kubernetes", "cloudnativepg", "k8s", "heroku", "15.21", "pg_c_utf8",
        "locale-provider=builtin", "builtin-locale", "provider builtin", "waterfall", "pancake", "basketball",
        "players",
        # evals/frozen8
        "debug_parallel_query", "force_parallel_mode", "on_error ignore", "on_error 'ignore'", "log_verbosity",
        "array_sort", "createrole_self_grant", "scram_iterations", "exclude-table-data-and-children",
        "on update current_timestamp", "on update now", "updated_at", "elasticsearch", "elastic search", "pg_ivm",
        "incremental view maintenance", "incrementally maintained", "dbeaver", "cloud sql", "google cloud",
        "split partition", "merge partitions", "into outfile", "outfile", "processlist", "show process", "newton",
        "gravity", "gravitation", "lasagna", "lasagne", "eiffel",
        # evals/frozen9
        "icu_validation_level", "explain (analyze, memory", "explain (memory", ", memory)", "memory true",
        "idle_replication_slot_timeout", "track_cost_delay_timing", "track_cost_delay", "login event",
        "login trigger", "event_triggers", "prisma", "postgrest", "rest api", "pgloader", "sqlite", "wal-g",
        "s3 bucket", "dateadd", "iif(", "iif ", "unpivot", "neon", "serverless", "database branch", "hasura",
        "graphql", "beethoven", "symphony", "ode to joy", "puppy", "octopus",
        # other systems named in the frozen3 ... frozen9 READMEs
        "oracle", "mysql", "sql server",
        # evals/frozen10
        "lgamma", "gamma(", "pg_shmem_allocations_numa", "numa node", "pg_numa", "pg_column_toast_chunk_id",
        "toast_chunk_id", "max_parallel_apply_workers", "parallel_apply", "log_lock_failures", "sqlalchemy",
        "duckdb", "terraform", "datadog", "data dog", "django", "snowflake", "airflow", "getdate",
        "show create table", "show create", "descale", "kettle", "limescale", "cello", "watson", "crick",
        "double helix", "helix",
        # evals/frozen16
        "extension_control_path", "control_path", "max_notify_queue_pages", "notify_queue", "pg_get_loaded_modules",
        "loaded_modules", "pg_restore_relation_stats", "restore_relation_stats", "relation_stats",
        "enable_group_by_reordering", "group_by_reordering", "autovacuum_worker_slots", "worker_slots",
        "md5_password_warnings", "password_warnings", "pg_table_bloat", "bloat_ratio", "pganalyze", "alloydb",
        "liquibase", "fivetran", "bigquery", "pg_squeeze", "15.24", "release-15-24", "mozart", "magic flute",
        "splinter", "tweezers", "marathon", "pgbadger", "last_insert_id",
        # evals/frozen17
        "file_copy_method", "copy_method", "huge_pages_status", "ssl_tls13_ciphers", "tls13", "pg_buffercache_evict",
        "buffercache_evict", "pg_get_acl", "reject_limit", "reject limit", "no-policies", "no_policies",
        "pg_suggest_indexes", "suggest_indexes", "auto_reindex", "pg_stat_monitor", "stat_monitor", "supabase", "zabbix",
        "pg_bigm", "bigm", "debian 13", "trixie", "rhel 10", "red hat enterprise linux 10", "spider", "tarantula",
        "red wine", "carpet", "hamlet", "shakespeare", "customer_events", "staging_orders", "tenant_data",
        "shipment_events", "idx_orders_created_at",
        # evals/frozen18
        "commit_timestamp_buffers", "has_largeobject_privilege", "largeobject_privilege", "to_regtypemod", "regtypemod",
        "synchronized_standby_slots", "standby_slots", "enable auto archive", "auto archive", "only_database_stats",
        "database_stats", "enable_self_join_elimination", "self_join", "pg_index_heatmap", "heatmap", "pg_stat_kcache",
        "kcache", "aiven", "orafce", "yugabyte", "ubuntu 26.04", "26.04", "pg_log_standby_snapshot", "standby_snapshot",
        "everest", "boiling point", "orchid", "re-pot", "repot", "mona lisa", "da vinci", "leonardo", "report_reader",
        "standby_east", "audit_log", "user_accounts", "idx_payments_date",
]

# The files evals/frozen2 ... evals/frozen9 labelled or drew, as listed in evals/frozen10/check.py (which took
# them from the earlier READMEs and checkers), excluded from the draws here.
FROZEN2_PG_FILES = """sql-altersubscription sql-createstatistics sql-dropsequence sql-dropsubscription sql-reset
sql-alterschema sql-createcollation sql-listen sql-prepare-transaction sql-dropusermapping sql-dropdatabase
sql-explain sql-droptype sql-droproutine sql-importforeignschema sql-dropforeigntable sql-createeventtrigger
sql-abort sql-move sql-alterpolicy
tutorial-agg tutorial-inheritance tutorial-update tutorial-window tutorial-createdb tutorial-populate
tutorial-sql-intro tutorial-join tutorial-sql
datatype-character functions-enum ddl-inherit dml-update queries-overview indexes-expressional
mvcc-serialization-failure-handling app-dropuser using-explain routine-vacuuming backup-manifest-wal-ranges
datatype-bit dml
sql-set app-dropdb sql-update dml-insert sql-insert queries-table-expressions sql-select ddl-system-columns
sql-createindex""".split()

FROZEN3_PG_FILES = """sql-unlisten sql-dropoperator sql-dropfunction sql-createforeigndatawrapper sql-alteraggregate
sql-createrole sql-dropdomain sql-createcast sql-alterrule sql-keywords-appendix sql-alterpublication sql-alterlanguage
sql-vacuum sql-dropschema sql-createtstemplate sql-createforeigntable sql-dropopfamily sql-droptrigger sql-cluster
sql-createpublication
tutorial-table tutorial-delete tutorial-transactions tutorial-arch tutorial-accessdb tutorial-concepts
tutorial-conclusion tutorial-select tutorial-start
datatype-uuid functions-json ddl-others dml-delete queries-limit indexes-partial mvcc-intro app-psql
backup-manifest-toplevel functions-xml app-pgrestore datatype-binary ddl
sql-altersubscription app-vacuumdb ddl-partitioning sql-droptable app-psql sql-select sql-createindex""".split()

FROZEN4_PG_FILES = """sql-lock sql-revoke sql-createopfamily sql-altertsdictionary sql-createserver sql-begin sql-truncate
sql-dropaggregate sql-droptstemplate sql-rollback-prepared sql-reassign-owned sql-createlanguage
sql-alterdefaultprivileges sql-createconversion sql-createoperator sql-commit sql-set-transaction sql-dropserver
sql-createschema sql-dropcast
tutorial-install tutorial-views tutorial-fk tutorial-advanced-intro tutorial-advanced
datatype-pseudo functions-comparison ddl-generated-columns dml-returning queries-select-lists indexes-unique
mvcc-caveats app-pgrewind backup-manifest-format functions-admin ddl-foreign-data app-createdb queries mvcc
sql-grant sql-createview ddl-constraints sql-insert sql-select sql-createindex sql-truncate app-postgres""".split()

FROZEN5_PG_FILES = """sql-alterstatistics sql-alterroutine sql-droptsconfig sql-start-transaction sql-alterserver
sql-alteroperator sql-alterlargeobject sql-set-session-authorization sql-altersequence sql-dropstatistics sql-do
sql-alterconversion sql-expressions sql-createusermapping sql-alteruser sql-droprole sql-createsubscription
sql-savepoint sql-altergroup sql-load
tutorial-arch tutorial-transactions tutorial-advanced-intro tutorial-select tutorial-accessdb tutorial-install
tutorial-fk tutorial-table tutorial-views tutorial-conclusion
datatype-enum functions-aggregate ddl-priv queries-values indexes-examine app-pgresetwal backup-dump functions-net
functions-binarystring functions-info ddl-default app-pgcontroldata
sql-begin functions-logical sql-copy sql-rollback-to app-psql sql-syntax-lexical sql-values""".split()

FROZEN6_PG_FILES = """sql-release-savepoint sql-createsequence sql-altertrigger sql-checkpoint sql-discard sql-merge
sql-createaggregate sql-drop-owned sql-alterrole sql-createopclass sql-set-role sql-droptsparser sql-selectinto
sql-commit-prepared sql-refreshmaterializedview sql-altertsconfig sql-droptransform sql-dropcollation sql-alterview
sql-security-label sql-syntax
tutorial-delete tutorial-concepts tutorial-table tutorial-accessdb tutorial-arch tutorial-transactions tutorial-select
tutorial-conclusion tutorial-fk tutorial-views tutorial-advanced-intro tutorial-install
datatype functions-formatting ddl-basics queries-with indexes-index-only-scans app-clusterdb backup-file functions-srf
indexes-opclass functions-window functions-sequence datatype-datetime
sql-altertable sql-createtableas dml-delete sql-delete queries-order sql-syntax-lexical app-psql app-postgres sql-begin
sql-start-transaction sql-createtable sql-select sql-cluster sql-altersequence""".split()

FROZEN7_PG_FILES = """sql-show sql-dropconversion sql-createtype sql-declare sql-alterextension sql-createpolicy
sql-altermaterializedview sql-alterprocedure sql-createprocedure sql-altereventtrigger sql-alteropclass sql-createdomain
sql-altercollation sql-droptablespace sql-droptsdictionary sql-createtransform sql-droppolicy sql-creategroup
sql-dropprocedure sql-drop-access-method sql-commands
tutorial-select tutorial-arch tutorial-table tutorial-accessdb tutorial-concepts tutorial-transactions
tutorial-delete tutorial-views tutorial-install tutorial-advanced-intro tutorial-fk tutorial-conclusion
datatype-textsearch functions-event-triggers ddl-schemas queries-union indexes-multicolumn app-pgreceivewal
backup-manifest-files indexes-ordering functions-math ddl-rowsecurity datatype-money app-initdb
sql-altertable queries-order sql-select app-postgres sql-syntax-lexical app-psql app-pg-ctl sql-release-savepoint
sql-rollback-to queries-select-lists ddl-basics sql-droptable functions-textsearch sql-createindex""".split()

FROZEN8_PG_FILES = """sql-end sql-dropindex sql-createtrigger sql-alterdomain sql-dropuser sql-dropeventtrigger
sql-createtsparser sql-deallocate sql-execute sql-syntax-calling-funcs sql-droplanguage sql-creatematerializedview
sql-altertsparser sql-notify sql-alterforeigndatawrapper sql-alterusermapping sql-droppublication sql-createfunction
sql-close sql-alterindex
tutorial-transactions tutorial-select tutorial-fk tutorial-accessdb tutorial-install tutorial-concepts tutorial-table
tutorial-delete tutorial-conclusion tutorial-arch tutorial-advanced-intro tutorial-views
datatype-pg-lsn functions-statistics ddl-alter indexes app-ecpg backup datatype-oid functions-uuid functions-matching
app-pgreceivexlog indexes-collations app-pgdump
app-psql sql-commit sql-end sql-altertable indexes-intro backup-dump""".split()

FROZEN9_PG_FILES = """sql-dropmaterializedview sql-analyze sql-createtsconfig sql-rollback sql-dropview
sql-createtablespace sql-altersystem sql-createrule sql-createuser sql-alterforeigntable sql-alteropfamily
sql-dropforeigndatawrapper sql-set-constraints sql-createdatabase sql-alterdatabase sql-altertstemplate sql-fetch
sql-dropgroup sql-reindex sql-altertablespace
tutorial-views tutorial-conclusion tutorial-select tutorial-transactions tutorial-install tutorial-advanced-intro
tutorial-concepts tutorial-table tutorial-accessdb tutorial-delete tutorial-arch tutorial-fk
datatype-xml functions-trigger ddl-depend indexes-bitmap-scans app-pgbasebackup functions-bitstring datatype-json
functions-array datatype-numeric app-postmaster app-createuser functions-string
using-explain sql-abort sql-createrole sql-createtable app-postgres queries-select-lists ddl-basics
sql-syntax-lexical functions-info sql-select datatype-character sql-createfunction""".split()

# The files evals/frozen10 labelled or drew (its README): its 20 api_reference files (11 never drawn before and
# 9 from its least-used fallback), its 12 tutorial files (all walked; 3 used, 9 skipped in every walk), its 12
# docs files and its skipped docs draw functions.html, and its second labels.
FROZEN10_PG_FILES = """sql-comment sql-droprule sql-create-access-method sql-dropopclass sql-prepare sql-call sql-altertype
sql-dropextension sql-createextension sql-alterfunction sql-createtsdictionary sql-createtsconfig sql-createconversion
sql-execute sql-alteraggregate sql-altereventtrigger sql-droptablespace sql-createtransform sql-selectinto sql-delete
tutorial-views tutorial-concepts tutorial-table tutorial-conclusion tutorial-select tutorial-transactions tutorial-arch
tutorial-advanced-intro tutorial-install tutorial-delete tutorial-accessdb tutorial-fk
datatype-net-types functions-subquery indexes-types app-pgconfig functions-comparisons app-reindexdb app-pgamcheck
app-pgverifybackup functions-geometry app-pg-dumpall datatype-boolean functions-conditional functions
sql-prepare datatype-numeric app-psql sql-rollback sql-abort functions-datetime datatype sql-rollback-to
backup-dump""".split()

# The files evals/frozen16 labelled or drew (its README): its 20 api_reference files, its 12 tutorial files (all
# walked; 4 used, 8 skipped in every walk), its 12 docs files and its skipped docs draw ddl-others.html, and its
# second labels.
FROZEN16_PG_FILES = """sql-alterforeigndatawrapper sql-dropoperator sql-keywords-appendix sql-createview sql-createopfamily
sql-altertrigger sql-alterindex sql-reassign-owned sql-alterlanguage sql-lock sql-create-access-method sql-dropfunction
sql-drop-access-method sql-dropindex sql-altersystem sql-createtrigger sql-alterroutine sql-createtsparser sql-drop-owned
sql-alterprocedure
tutorial-concepts tutorial-delete tutorial-views tutorial-table tutorial-fk tutorial-install tutorial-advanced-intro
tutorial-transactions tutorial-accessdb tutorial-conclusion tutorial-select tutorial-arch
datatype-geometric functions-range app-pgresetxlog app-pg-isready app-pgchecksums app-pgrecvlogical ddl-generated-columns
ddl-alter ddl-others backup-manifest-toplevel functions-math app-vacuumdb functions-sequence
sql-droproutine datatype-numeric sql-release-savepoint sql-select datatype sql-createtype sql-altertable
app-pgbasebackup""".split()

# The files evals/frozen17 labelled or drew (its README and check.py): its 20 api_reference files and its two skipped
# api_reference draws (sql-dropgroup, sql-createuser), its 12 tutorial files (all walked; 6 used, 6 skipped in every
# walk), its 12 docs files, and its second labels.
FROZEN17_PG_FILES = """sql-dropprocedure sql-createforeigndatawrapper sql-createoperator sql-checkpoint sql-createdatabase
sql-commit-prepared sql-analyze sql-createopclass sql-comment sql-createtableas sql-createsequence sql-alteropclass
sql-alterconversion sql-alterserver sql-altertype sql-altertsparser sql-alterrole sql-dropdomain sql-truncate
sql-droptsdictionary sql-dropgroup sql-createuser
tutorial-delete tutorial-concepts tutorial-install tutorial-conclusion tutorial-fk tutorial-arch tutorial-advanced-intro
tutorial-select tutorial-table tutorial-views tutorial-transactions tutorial-accessdb
functions-uuid functions-event-triggers indexes-examine ddl-constraints ddl-rowsecurity datatype-enum datatype-textsearch
datatype-net-types datatype-boolean ddl-priv datatype-money functions-comparison
sql-syntax-lexical routine-vacuuming sql-alteropfamily sql-savepoint sql-rollback-to queries-select-lists sql-select
sql-begin app-postgres""".split()

# The files evals/frozen18 labelled or drew (its README and check.py): its 20 api_reference files and its two skipped
# api_reference draws (sql-commands, sql-droprule), its 12 tutorial files (all walked; 6 used, 6 skipped in every
# walk), its 12 docs files, and its second labels.
FROZEN18_PG_FILES = """sql-close sql-createlanguage sql-creatematerializedview sql-copy sql-deallocate sql-refreshmaterializedview
sql-alterpublication sql-end sql-dropforeigndatawrapper sql-reindex sql-dropeventtrigger sql-altertsdictionary sql-dropopclass
sql-alterview sql-dropopfamily sql-alterrule sql-alterfunction sql-createdomain sql-altercollation sql-alterstatistics
sql-commands sql-droprule
tutorial-concepts tutorial-delete tutorial-fk tutorial-conclusion tutorial-arch tutorial-table tutorial-install
tutorial-accessdb tutorial-transactions tutorial-select tutorial-advanced-intro tutorial-views
app-reindexdb datatype-oid datatype-pg-lsn backup-manifest-files backup-file functions-aggregate app-pgcontroldata
indexes-ordering functions-logical functions-geometry app-pgresetwal functions-range
sql-prepare sql-altersubscription ddl-constraints sql-createrole app-createuser sql-select app-psql
queries-table-expressions functions-admin sql-createindex sql-expressions""".split()

PG_SETS = [FROZEN2_PG_FILES, FROZEN3_PG_FILES, FROZEN4_PG_FILES, FROZEN5_PG_FILES, FROZEN6_PG_FILES, FROZEN7_PG_FILES,
           FROZEN8_PG_FILES, FROZEN9_PG_FILES, FROZEN10_PG_FILES, FROZEN16_PG_FILES, FROZEN17_PG_FILES,
           FROZEN18_PG_FILES]

TUTORIAL_TOC = {"tutorial-start.html", "tutorial-advanced.html", "tutorial-sql.html"}

# Draws skipped (README). api_reference (least-used fallback): none. docs (least-used fallback): queries.html
# (position 2; the table of contents of chapter 7, Queries, a list of links and a three-sentence preface with no point
# of its own). Tutorials: the pool files whose points earlier sets have all asked, as far as the readable READMEs
# record them, in the first walk; in later walks also the files whose last remaining point an earlier walk used.
PG_SKIPPED = {"queries.html"}
TUTORIAL_SKIPPED_WALK1 = {"tutorial-delete.html", "tutorial-table.html", "tutorial-fk.html", "tutorial-select.html",
                          "tutorial-install.html", "tutorial-conclusion.html", "tutorial-advanced-intro.html",
                          "tutorial-arch.html", "tutorial-views.html"}
TUTORIAL_SKIPPED_WALK2 = TUTORIAL_SKIPPED_WALK1 | {"tutorial-accessdb.html"}
TUTORIAL_SKIPPED_WALK3 = TUTORIAL_SKIPPED_WALK2 | {"tutorial-concepts.html"}
TUTORIAL_SKIPPED_BY_WALK = [
    TUTORIAL_SKIPPED_WALK1,
    TUTORIAL_SKIPPED_WALK2,
    TUTORIAL_SKIPPED_WALK3,
    TUTORIAL_SKIPPED_WALK3,
    TUTORIAL_SKIPPED_WALK3,
]
TUTORIAL_SKIPPED = set().union(*TUTORIAL_SKIPPED_BY_WALK)
TUTORIAL_WALKS = len(TUTORIAL_SKIPPED_BY_WALK)

PG_SOURCE_NAMES = ("api_reference", "tutorials", "docs")

errors = []


def err(msg):
    errors.append(msg)
    print("FAIL:", msg)


def norm(s):
    return re.sub(r"\s+", " ", s).lower()


def strip_tags(raw):
    raw = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", raw)
    return html.unescape(re.sub(r"<[^>]+>", " ", raw))


def read_jsonl(path, keys_answerable, keys_unanswerable):
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
            want = keys_answerable if obj.get("answerable") is True else keys_unanswerable
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


def check_common(rows):
    ans = [r for r in rows if r.get("answerable") is True]
    una = [r for r in rows if r.get("answerable") is False]
    qs = [r.get("query") for r in rows]
    if len(ans) != 40:
        err(f"postgres: {len(ans)} answerable, want 40")
    if len(una) != 17:
        err(f"postgres: {len(una)} unanswerable, want 17")
    if rows[:len(ans)] != ans:
        err("postgres: answerable questions do not all come before the unanswerable ones")
    dup = {q for q in qs if qs.count(q) > 1}
    if dup:
        err(f"postgres: duplicate queries {sorted(dup)}")
    for r in ans:
        rel = r.get("relevant", [])
        if not rel:
            err(f"postgres: answerable question without relevant labels: {r.get('query')!r}")
        if len(set(rel)) != len(rel):
            err(f"postgres: duplicate relevant label in {r.get('query')!r}")
    for r in una:
        if r.get("relevant"):
            err(f"postgres: unanswerable question with relevant labels: {r.get('query')!r}")
    rec = {q: (cat, terms) for q, cat, terms in ZERO_HIT}
    if len(rec) != len(ZERO_HIT):
        err("postgres: a question is recorded twice in ZERO_HIT")
    una_q = {r.get("query") for r in una}
    if set(rec) != una_q:
        err(f"postgres: recorded grep terms do not match the unanswerable questions: "
            f"missing {sorted(una_q - set(rec))}, extra {sorted(set(rec) - una_q)}")
    cats = [c for c, _ in rec.values()]
    if cats.count("same-domain") != 14 or cats.count("off-topic") != 3:
        err(f"postgres: {cats.count('same-domain')} same-domain + {cats.count('off-topic')} off-topic, want 14 + 3")
    for q, (cat, terms) in rec.items():
        if not terms:
            err(f"postgres: no grep terms recorded for {q!r}")
    for q in una_q:
        for banned in REUSE_BANNED:
            if banned in (q or "").lower():
                err(f"postgres: unanswerable question reuses a feature of evals/frozen ... frozen10, frozen16, frozen17, frozen18 ({banned!r}): {q!r}")
    return ans, una, rec


def pg_files(src, root):
    by_source = {}
    for s in src["sources"]:
        names = set()
        for p in s["paths"]:
            names |= {os.path.basename(f) for f in glob.glob(os.path.join(root, p))}
        by_source[s["source"]] = names
    return by_source


def check_postgres(root_override):
    d = os.path.join(HERE, "postgres")
    with open(os.path.join(d, "sources.json"), "rb") as f:
        mine = f.read()
    if hashlib.sha256(mine).hexdigest() != SOURCES_SHA256:
        err(f"postgres/sources.json has sha256 {hashlib.sha256(mine).hexdigest()}, want {SOURCES_SHA256}")
    with open(os.path.join(HERE, "..", "frozen18", "postgres", "sources.json"), "rb") as f:
        if mine != f.read():
            err("postgres/sources.json is not an exact copy of evals/frozen18/postgres/sources.json")
    src = json.loads(mine)
    root = root_override or src["root"]
    by_source = pg_files(src, root)
    all_files = set().union(*by_source.values())
    if not all_files:
        err(f"postgres: no HTML files selected under {root}")
    rows = read_jsonl(os.path.join(d, "questions.jsonl"),
                      {"query", "expected_source", "relevant", "answerable"}, {"query", "relevant", "answerable"})
    ans, una, rec = check_common(rows)
    split = {s: 0 for s in PG_SOURCE_NAMES}
    for r in ans:
        es = r.get("expected_source")
        if es not in PG_SOURCE_NAMES:
            err(f"postgres: bad expected_source {es!r} ({r.get('query')!r})")
            continue
        split[es] += 1
        rel = r.get("relevant", [])
        for lab in rel:
            if lab != os.path.basename(lab) or lab not in all_files:
                err(f"postgres: label {lab!r} is not among the files the globs select ({r.get('query')!r})")
        if not any(lab in by_source[es] for lab in rel):
            err(f"postgres: no relevant file from expected_source {es!r} ({r.get('query')!r})")
    if split != {"api_reference": 20, "tutorials": 8, "docs": 12}:
        err(f"postgres: answerable split {split}, want api_reference 20, tutorials 8, docs 12")

    # re-run the draws (README "Sampling procedures"): first label of each answerable question, in order
    excluded = {f + ".html" for s in PG_SETS for f in s}
    frozen2_files = {f + ".html" for f in FROZEN2_PG_FILES}

    def usable(names):
        return sorted(n for n in names if n not in excluded)

    def uses(n):
        return sum(1 for s in PG_SETS if n[:-len(".html")] in s)

    def tiers_of(names, drop=()):
        tiers = {}
        for n in names:
            if n not in frozen2_files and n not in drop:      # frozen2 has been used for tuning: never re-drawn
                tiers.setdefault(uses(n), []).append(n)
        return tiers

    def tiered_order(rng, tiers, min_use=0):
        order = []
        for u in sorted(tiers):
            if u >= min_use:
                t = sorted(tiers[u])
                order += rng.sample(t, len(t))
        return order

    def first_usable(order, k, taken=(), skipped=PG_SKIPPED):
        out = [n for n in order if n not in skipped and n not in taken]
        return out[:k]

    api_e, tut_e, docs_e = (usable(by_source[k]) for k in PG_SOURCE_NAMES)
    # api_reference: tier 0 (never drawn) first - empty here - then the least-used fallback tiers
    api_tiers = tiers_of(by_source["api_reference"])
    api_order = tiered_order(random.Random(SEED), api_tiers)
    # docs: one generator in turn: the per-glob orders of the never-drawn files and `rest` (all empty here), then
    # the fallback tiers
    rng = random.Random(SEED)
    docs_globs = [p for s_ in src["sources"] if s_["source"] == "docs" for p in s_["paths"]]
    per_glob = []
    for g in docs_globs:
        names = usable({os.path.basename(f) for f in glob.glob(os.path.join(root, g))})
        per_glob.append(rng.sample(names, len(names)))
    rest = rng.sample(docs_e, len(docs_e))
    docs_fallback = tiered_order(rng, tiers_of(by_source["docs"]), min_use=1)
    docs_drawn = []
    for o in per_glob:
        docs_drawn += first_usable(o, 1, docs_drawn)
    docs_drawn += first_usable(rest, 12 - len(docs_drawn), docs_drawn)
    docs_drawn += first_usable(docs_fallback, 12 - len(docs_drawn), docs_drawn)
    # tutorials: nothing is left, so the pool (minus frozen2's files and the tables of contents) is ordered by
    # the least-used tiers and walked once per entry of TUTORIAL_SKIPPED_BY_WALK, one point per file and walk
    tut_tiers = tiers_of(by_source["tutorials"], TUTORIAL_TOC)
    tut_pool = sorted(n for t in tut_tiers.values() for n in t)
    tut_order = tiered_order(random.Random(SEED), tut_tiers)
    tut_want = []
    for walk_skips in TUTORIAL_SKIPPED_BY_WALK:
        tut_want += first_usable(tut_order, 8 - len(tut_want), skipped=walk_skips)
    want = {"api_reference": first_usable(api_order, 20), "tutorials": tut_want, "docs": docs_drawn}
    draw_ok = True
    fallback_used = {}
    for es in PG_SOURCE_NAMES:
        first = [r["relevant"][0] for r in ans if r.get("expected_source") == es and r.get("relevant")]
        if first != want[es]:
            draw_ok = False
            err(f"postgres: {es} first labels {first} do not follow the seed-{SEED} draw {want[es]}")
        fresh = [n for n in first if n not in excluded]
        fb = [n for n in first if n in excluded]
        fallback_used[es] = len(fb)
        if first[:len(fresh)] != fresh:
            err(f"postgres: a {es} fallback file comes before a never-drawn one")
        left = sorted(set(usable(by_source[es])) - set(first) - PG_SKIPPED - TUTORIAL_SKIPPED)
        if fb and left:
            err(f"postgres: {es} fallback used although never-drawn files are left: {left}")
        reused = sorted(set(first) & frozen2_files)
        if reused:
            err(f"postgres: sampled {es} files drawn or labelled by frozen2 (used for tuning): {reused}")

    blobs = {}
    every_file = sorted(n for n in os.listdir(root) if os.path.isfile(os.path.join(root, n)))
    for name in every_file:   # the whole HTML directory, the selected files among them
        with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
            raw = f.read()
        blobs[name] = [raw.lower(), norm(strip_tags(raw))]
    nterms = nzero = 0
    for q, (cat, terms) in rec.items():
        for t in terms:
            tl = t.lower()
            where = [k for k, bl in blobs.items() if any(tl in b for b in bl)]
            nterms += 1
            if where:
                err(f"postgres: grep term {t!r} for {q!r} has hits in {where[:5]}")
            else:
                nzero += 1
    nlab = sum(len(r["relevant"]) for r in ans)
    print(f"postgres: {len(rows)} lines, {len(ans)} answerable {split} ({nlab} labels, all among "
          f"{len(all_files)} selected files: " + ", ".join(f"{k} {len(v)}" for k, v in by_source.items()) +
          f"; never-drawn left {len(api_e)} / {len(tut_e)} / {len(docs_e)}; draws re-run: api_reference least-used "
          f"fallback ({fallback_used['api_reference']} used), tutorials {len(tut_pool)} re-drawn in "
          f"{TUTORIAL_WALKS} walks, docs least-used fallback ({fallback_used['docs']} used); first labels " + ("match" if draw_ok else "DIFFER") + "), "
          f"{len(una)} unanswerable; {nterms} grep terms, {nzero} with zero hits "
          f"in all {len(blobs)} files of the HTML directory")


def main(argv):
    pg = None
    i = 0
    while i < len(argv):
        if argv[i] == "--pg-root" and i + 1 < len(argv):
            pg = argv[i + 1]
            i += 2
        else:
            print(__doc__)
            return 2
    check_postgres(pg)
    if errors:
        print(f"{len(errors)} problem(s)")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
