#!/usr/bin/env bash
# The SpringBench GitHub Action's one script (action.yml runs it; Guides/GitHubAction.md).
#
#   run.sh compare   a pull request: build the base and the head (or take the executables
#                    given), time them side by side (`springbench compare-builds`), write the
#                    step summary, a pull-request comment body and the exports; exit 1 on a
#                    regression, 2 on unusable input.
#   run.sh history   the main branch: bench the head, record it in the history and check it
#                    (`springbench history record`, `history check`); exit 1 on a step or slide.
#
# Everything comes from the environment, as GitHub sets it for a step:
#   GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_EVENT_PATH, GITHUB_SHA, GITHUB_REF_NAME, RUNNER_TEMP
# and the action's inputs (action.yml):
#   SB_PACKAGE_PATH        the package to build (default .)
#   SB_PRODUCT             its executable product (default springbench)
#   SB_CURRENT, SB_BASELINE the executables, when already built (default: build them)
#   SB_BASE_REF            the baseline revision (default: the event's pull_request.base.sha)
#   SB_THRESHOLD           regression threshold in percent (default 10)
#   SB_ARGUMENTS           more options for compare-builds or bench (word-split)
#   SB_DATABASE            history mode: the history (default .springbench/history.sqlite)
#   SB_BUILD_FLAGS         more `swift build` options (word-split)
# Outputs (GITHUB_OUTPUT): verdict (pass, regression, unusable), exit-code, report-file,
# comment-file, exports-directory.
set -uo pipefail

mode="${1:-}"
fail() { # unusable input: say so everywhere a user looks, exit 2
    echo "error: $*" >&2
    [ -n "${out:-}" ] || exit 2 # before the outputs exist: nowhere else to say it
    printf 'error: %s\n' "$*" >"$out/stderr.txt"
    finish 2 "$*"
}
need() { [ -n "${!1:-}" ] || fail "$1 is not set (the GitHub Actions runner sets it; see Guides/GitHubAction.md)"; }

case "$mode" in
compare | history) ;;
*)
    echo "usage: run.sh compare|history (got \"$mode\")" >&2
    exit 2
    ;;
esac
need GITHUB_OUTPUT
need GITHUB_STEP_SUMMARY
need RUNNER_TEMP
package="${SB_PACKAGE_PATH:-.}"
product="${SB_PRODUCT:-springbench}"
threshold="${SB_THRESHOLD:-10}"
out="$RUNNER_TEMP/springbench"
rm -rf "$out" && mkdir -p "$out/exports" || {
    echo "error: cannot make $out" >&2
    exit 2
}
read -r -a extra <<<"${SB_ARGUMENTS:-}"
read -r -a build_flags <<<"${SB_BUILD_FLAGS:-}"

# The tool's last 20 lines of errors (or the script's own note), as a code block.
errors() {
    echo '```'
    if [ -s "$out/stderr.txt" ]; then tail -n 20 "$out/stderr.txt"; else echo "$note"; fi
    echo '```'
}

# The comment body, the outputs and the exit status, for every ending.
finish() {
    local status="$1" verdict
    note="${2:-}"
    case "$status" in
    0) verdict=pass ;;
    1) verdict=regression ;;
    *) verdict=unusable ;;
    esac
    {
        echo "<!-- springbench-action -->"
        case "$verdict" in
        pass) echo "### SpringBench: no regression" ;;
        regression) echo "### SpringBench: regression" ;;
        unusable) echo "### SpringBench: could not judge (exit $status)" ;;
        esac
        echo
        [ -n "${base_sha:-}" ] && echo "Baseline \`${base_sha}\`, current \`${GITHUB_SHA:-HEAD}\`."
        echo
        if [ -s "$out/report.md" ]; then
            cat "$out/report.md"
        fi
        [ "$verdict" = unusable ] && errors
    } >"$out/comment.md"
    if [ "$verdict" = unusable ]; then
        { echo "### SpringBench: could not judge (exit $status)"; echo; errors; } >>"$GITHUB_STEP_SUMMARY"
    fi
    {
        echo "verdict=$verdict"
        echo "exit-code=$status"
        echo "report-file=$out/report.md"
        echo "comment-file=$out/comment.md"
        echo "exports-directory=$out/exports"
    } >>"$GITHUB_OUTPUT"
    exit "$status"
}

# Builds the product of the package in $1 (release) and prints its path.
build() {
    (cd "$1" && swift build -c release --product "$product" "${build_flags[@]}" >&2) || return 1
    echo "$(cd "$1" && swift build -c release "${build_flags[@]}" --show-bin-path)/$product"
}

current="${SB_CURRENT:-}"
if [ -z "$current" ]; then
    echo "::group::swift build (current)" >&2
    current="$(build "$package")" || fail "the current revision does not build (swift build -c release --product $product in $package)"
    echo "::endgroup::" >&2
fi
[ -x "$current" ] || fail "SB_CURRENT: $current is not an executable"

if [ "$mode" = compare ]; then
    base_sha="${SB_BASE_REF:-}"
    if [ -z "$base_sha" ]; then
        need GITHUB_EVENT_PATH
        [ -r "$GITHUB_EVENT_PATH" ] || fail "GITHUB_EVENT_PATH: $GITHUB_EVENT_PATH cannot be read"
        base_sha="$(python3 - "$GITHUB_EVENT_PATH" <<'PY'
import json, sys
try:
    event = json.load(open(sys.argv[1]))
    print(event["pull_request"]["base"]["sha"])
except (OSError, ValueError, KeyError, TypeError) as error:
    sys.exit(f"no pull_request.base.sha ({error.__class__.__name__}: {error})")
PY
)" || fail "GITHUB_EVENT_PATH: not a pull_request event with pull_request.base.sha; give base-ref"
    fi
    baseline="${SB_BASELINE:-}"
    if [ -z "$baseline" ]; then
        # The base revision in a worktree of its own, beside the head's checkout (needs its
        # commits: actions/checkout with fetch-depth: 0).
        root="$(git -C "$package" rev-parse --show-toplevel 2>/dev/null)" || fail "SB_PACKAGE_PATH: $package is not in a git repository"
        inside="$(git -C "$package" rev-parse --show-prefix)"
        git -C "$root" worktree add --detach "$out/base" "$base_sha" >&2 || fail "base revision $base_sha is not in the clone (actions/checkout needs fetch-depth: 0)"
        echo "::group::swift build (baseline $base_sha)" >&2
        baseline="$(build "$out/base/$inside")" || fail "the baseline revision $base_sha does not build"
        echo "::endgroup::" >&2
    fi
    [ -x "$baseline" ] || fail "SB_BASELINE: $baseline is not an executable"
    "$current" compare-builds "$baseline" "$current" --threshold "$threshold" --format markdown \
        --summary-file "$GITHUB_STEP_SUMMARY" --keep "$out/pair" \
        --export "github-action-benchmark=$out/exports/benchmark.json" --export "csv=$out/exports/cells.csv" \
        "${extra[@]}" >"$out/report.md" 2>"$out/stderr.txt"
    status=$?
    cat "$out/stderr.txt" >&2
    finish "$status"
fi

# history
database="${SB_DATABASE:-.springbench/history.sqlite}"
"$current" bench --output "$out/results.json" "${extra[@]}" >"$out/bench.txt" 2>"$out/stderr.txt" || finish "$?"
"$current" history record "$out/results.json" --commit "${GITHUB_SHA:-HEAD}" \
    ${GITHUB_REF_NAME:+--branch "$GITHUB_REF_NAME"} --database "$database" >>"$out/bench.txt" 2>"$out/stderr.txt" || finish "$?"
"$current" history check --database "$database" >"$out/check.txt" 2>"$out/stderr.txt"
status=$?
{
    echo "### SpringBench history check at \`${GITHUB_SHA:-HEAD}\`"
    echo
    echo '```'
    cat "$out/check.txt"
    echo '```'
} >"$out/report.md"
[ "$status" -le 1 ] && cat "$out/report.md" >>"$GITHUB_STEP_SUMMARY"
cp "$out/results.json" "$out/exports/results.json"
finish "$status"
