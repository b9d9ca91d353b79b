/**
 * The bash scripts the checkpoint store runs in the sandbox, one per operation. Inputs come as
 * environment variables (never spliced into the text), outputs as NUL-separated records on stdout:
 * `S reason size path` per skipped file, `T tree`, `C commit`, then `R` and the rest of the output
 * (a diff, a file) as it is. Paths are literal: every pathspec is `:(literal)`.
 */

/**
 * Shared part: `scan` brings the shadow index up to date with the workspace (an incremental
 * `git add -A` that honours .gitignore and the copied info/exclude), leaving out what the limits skip,
 * and prints the skipped files and the tree. `fail` ends the script with a message.
 */

/** A bash script from raw text: `$\{` stands for `${` (which a template literal would take). */
function sh(strings: TemplateStringsArray, ...values: string[]): string {
  return strings.raw.reduce(
    (text, part, index) => text + part.replaceAll('$\\{', '${') + (values[index] ?? ''),
    '',
  );
}

const SCAN = sh`
set -u
fail() { printf '%s\n' "$1" >&2; exit 70; }
cd "$WS" || fail "the workspace is not reachable"
export GIT_DIR="$SHADOW" GIT_WORK_TREE="$WS" GIT_INDEX_FILE="$SHADOW/index"
skipfile=$(mktemp)
skip() {
  printf 'S\0%s\0%s\0%s\0' "$1" "$2" "$3"
  printf '%s\0%s\0%s\0' "$1" "$2" "$3" >> "$skipfile"
  excludes+=(":(exclude,literal)$3")
  drops+=(":(literal)$3")
}
# Every id in $REVS must be a commit of the shadow repository: exit 4 otherwise.
for rev in $REVS; do git cat-file -e "$rev^{commit}" 2>/dev/null || exit 4; done
is_binary() { [ "$(head -c 8000 -- "$1" | tr -dc '\000' | wc -c)" -gt 0 ]; }
scan() {
  if [ -d .git ] && [ ! -L .git ] && [ -f .git/info/exclude ]; then
    cat -- .git/info/exclude > "$SHADOW/info/exclude" 2>/dev/null || : > "$SHADOW/info/exclude"
  else
    : > "$SHADOW/info/exclude"
  fi
  excludes=()
  drops=()
  local list tracked untracked room kind size path
  list=$(mktemp)
  # Untracked ("? ") and changed or deleted tracked ("C ") files: one pass over the index and the tree.
  git ls-files -z -t -m -o --exclude-standard > "$list" || fail "git ls-files failed"
  # Only what a limit may skip is printed: not readable, not a file or link, or over the binary limit.
  while IFS=$'\t' read -r -d '' kind size path; do
    path=$\{path#./}
    case "$kind" in
      d) skip nested_repository 0 "$\{path%/}" ;;
      f)
        if [ ! -r "$path" ]; then skip unreadable "$size" "$path"
        elif [ "$size" -gt "$MAX_SIZE" ]; then skip too_large "$size" "$path"
        elif [ "$size" -gt "$MAX_BINARY" ] && is_binary "$path"; then skip binary "$size" "$path"
        fi ;;
      *) skip unreadable "$size" "$path" ;;
    esac
  done < <(
    LEAST=$((MAX_SIZE < MAX_BINARY ? MAX_SIZE : MAX_BINARY)) &&
      sed -z 's|^. |./|' "$list" | LEAST=$LEAST xargs -0 -r sh -c 'find -P "$@" -maxdepth 0 ! -type l \( ! -readable -o ! -type f -o -size +"$LEAST"c \) -printf "%y\t%s\t%p\0" 2>/dev/null' find
  )
  untracked=$(grep -zc '^? ' "$list")
  if [ "$untracked" -gt 0 ]; then
    tracked=$(git ls-files | wc -l)
    if [ $((tracked + untracked)) -gt "$MAX_FILES" ]; then
      room=$((MAX_FILES > tracked ? MAX_FILES - tracked : 0))
      while IFS= read -r -d '' path; do
        skip too_many_files 0 "$path"
      done < <(sed -z -n 's/^? //p' "$list" | tail -z -n +$((room + 1)))
    fi
  fi
  git add -A -- . "$\{excludes[@]}" > /dev/null || fail "git add failed"
  if [ "$\{#drops[@]}" -gt 0 ]; then
    git rm -r -q --cached --ignore-unmatch -- "$\{drops[@]}" > /dev/null || fail "git rm failed"
  fi
  tree=$(git write-tree) || fail "git write-tree failed"
  skipblob=none
  if [ -s "$skipfile" ]; then skipblob=$(git hash-object -w --no-filters -- "$skipfile") || fail "hash-object failed"; fi
  printf 'T\0%s\0' "$tree"
}
# Commits the scanned tree on refs/heads/checkpoints (or reuses the last commit when nothing changed).
commit() {
  local parent='' message previous
  message=$(printf 'checkpoint\n\nskipped: %s' "$skipblob")
  if [ -f "$SHADOW/refs/heads/checkpoints" ]; then read -r parent < "$SHADOW/refs/heads/checkpoints"; fi
  if [ -n "$parent" ]; then
    previous=$(git cat-file commit "$parent") || fail "the last checkpoint is unreadable"
    if [ "$\{previous%%$'\n'*}" = "tree $tree" ] && [ "$\{previous#*$'\n\n'}" = "$message" ]; then
      printf 'C\0%s\0' "$parent"
      return
    fi
  fi
  checkpoint=$(printf '%s\n' "$message" | git commit-tree "$tree" $\{parent:+-p "$parent"}) || fail "git commit-tree failed"
  git update-ref refs/heads/checkpoints "$checkpoint" || fail "git update-ref failed"
  printf 'C\0%s\0' "$checkpoint"
}
# The skipped list of a checkpoint ($1), as NUL records.
skipped_of() {
  local blob
  blob=$(git log -1 --format=%B "$1" | sed -n 's/^skipped: //p')
  if [ -n "$blob" ] && [ "$blob" != none ]; then git cat-file blob "$blob"; fi
}
changes() { git diff-tree -r -z -M --raw --numstat "$1" "$2"; }
`;

/** A snapshot: scan, commit. */
export const SNAPSHOT_SCRIPT = sh`${SCAN}
scan
commit
`;

/** The workspace as it is now (a tree, no commit) and the changes from $FROM to it. */
export const CHANGES_NOW_SCRIPT = sh`${SCAN}
scan
printf 'R\0'
changes "$FROM" "$tree"
`;

/**
 * Restore (and its preview): scan (and, for a real restore, commit the backup); build the target
 * tree in a temporary index: the checkpoint's files, plus the files the checkpoint skipped as they
 * are now, minus files that are ignored now and exist; print the changes from now to the target;
 * then (APPLY=1) make the workspace match with git's own two-tree checkout, which never writes or
 * deletes through a symlink and leaves files outside both trees alone.
 */
export const RESTORE_SCRIPT = sh`${SCAN}
scan
if [ "$APPLY" = 1 ]; then commit; fi
base=$tree
keep=()
while IFS= read -r -d '' reason && IFS= read -r -d '' size && IFS= read -r -d '' path; do
  keep+=("$path")
done < <(skipped_of "$CHECKPOINT")
target_index=$(mktemp -u)
GIT_INDEX_FILE=$target_index git read-tree "$CHECKPOINT" || fail "git read-tree failed"
if [ "$\{#keep[@]}" -gt 0 ]; then
  GIT_LITERAL_PATHSPECS=1 git ls-tree -r -z "$base" -- "$\{keep[@]}" |
    GIT_INDEX_FILE=$target_index git update-index -z --index-info || fail "git update-index failed"
fi
target=$(GIT_INDEX_FILE=$target_index git write-tree) || fail "git write-tree failed"
ignored=()
while IFS= read -r -d '' path; do
  if [ -e "$path" ] || [ -L "$path" ]; then ignored+=("$path"); fi
done < <(git diff-tree -r -z --name-only --no-renames --diff-filter=A "$base" "$target" | git check-ignore -z --stdin --no-index)
if [ "$\{#ignored[@]}" -gt 0 ]; then
  printf '%s\0' "$\{ignored[@]}" | GIT_INDEX_FILE=$target_index git update-index -z --force-remove --stdin || fail "git update-index failed"
  target=$(GIT_INDEX_FILE=$target_index git write-tree) || fail "git write-tree failed"
fi
if [ "$APPLY" = 1 ]; then
  git read-tree --reset -u "$base" "$target" || fail "git read-tree failed"
fi
printf 'R\0'
changes "$base" "$target"
`;

/** Changes between two checkpoints (no scan). */
export const CHANGES_SCRIPT = sh`${SCAN}
printf 'R\0'
changes "$FROM" "$TO"
`;

/** A unified diff of $FROM..$TO limited to $OLD_PATH and $NEW_PATH, cut after $MAX_BYTES (+1). */
export const DIFF_SCRIPT = sh`${SCAN}
printf 'R\0'
GIT_LITERAL_PATHSPECS=1 git diff-tree -r -p -M "$FROM" "$TO" -- "$OLD_PATH" "$NEW_PATH" | head -c "$MAX_BYTES"
`;

/** One file at a checkpoint, base64; exit 3 when it is not a file there. */
export const READ_BLOB_SCRIPT = sh`${SCAN}
type=$(git cat-file -t "$REV:$FILE" 2>/dev/null)
[ "$type" = blob ] || exit 3
printf 'R\0'
git cat-file blob "$REV:$FILE" | base64 -w0
`;

/**
 * One file in the workspace now, base64 (a symlink: its target, as git stores it); exit 3 when
 * missing or not a file. No leading folder may be a symlink.
 */
export const READ_NOW_SCRIPT = sh`${SCAN}
dir=$(dirname -- "$FILE")
if [ "$dir" != . ]; then
  [ "$(cd -- "$dir" 2>/dev/null && pwd -P)" = "$(pwd -P)/$dir" ] || exit 3
fi
printf 'R\0'
if [ -L "$FILE" ]; then readlink -n -- "$FILE" | base64 -w0
elif [ -f "$FILE" ]; then base64 -w0 -- "$FILE" || exit 3
else exit 3
fi
`;

/** The checkpoint's files into $WS (here the new folder, bound writable), with a temporary index. */
export const MATERIALIZE_SCRIPT = sh`${SCAN}
export GIT_INDEX_FILE=$(mktemp -u)
git read-tree --reset -u "$CHECKPOINT" || fail "git read-tree failed"
`;
