#!/bin/sh
# Only what a server made is removed or replaced (issue 24), as the user
# running the test (root or not; hostile_owned_root adds what needs root):
# - an owned server (--owner) whose socket lies in a user's directory named
#   gpuhost-* removes its socket and nothing else, whether it exits (idle) or
#   is killed (its janitor); it used to remove the whole tree;
# - the private directory an owned server makes for its socket is removed
#   when it is killed (its janitor), with nothing of anyone else's in it;
# - --endpoint-file never writes through a symlink planted at a name the
#   server could have predicted (it used to write PATH.tmpPID, followed);
#   another user's symlink at PATH itself is not followed.
# Every wait is bounded.
# Usage: owned.sh GPU_MODELSIM
set -u
modelsim=$1
work=$(mktemp -d)
owner=""
cleanup() { [ -n "$owner" ] && kill $owner 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
checks=0
fail() { echo "FAIL: $*"; exit 1; }
ok() { checks=$((checks + 1)); }
# until PATH is gone (or 3 s): 0 once it is
gone_within() { i=0; while [ -e "$1" ] && [ $i -lt 60 ]; do sleep 0.05; i=$((i + 1)); done; [ ! -e "$1" ]; }
# until the server started with "3> $work/ready" said it is ready (--ready-fd 3: listening, and its janitor told), or 10 s
ready_within() { i=0; while ! grep -q ready "$work/ready" 2>/dev/null && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
                 grep -q ready "$work/ready"; }
sleep 60 & owner=$!

# a user's directory named gpuhost-*: the server exits (idle), then is killed
user=$work/gpuhost-projects
mkdir -p "$user/sub"
echo notes > "$user/notes.txt"
echo data > "$user/sub/data.bin"
timeout 20 "$modelsim" --endpoint "ipc://$user/m.sock" --owner $owner --idle-exit 1 2> "$work/err"
[ $? -eq 0 ] || fail "an owned server in $user: $(cat "$work/err")"
[ -f "$user/notes.txt" ] && [ -f "$user/sub/data.bin" ] || fail "the server's exit removed the user's files: $(ls -R "$user")"
[ ! -e "$user/m.sock" ] || fail "the server left its socket"
ok
rm -f "$work/ready"
"$modelsim" --endpoint "ipc://$user/m.sock" --owner $owner --ready-fd 3 2> "$work/err" 3> "$work/ready" &
server=$!
ready_within || fail "the server did not listen: $(cat "$work/err")"
kill -9 $server
wait $server 2>/dev/null
gone_within "$user/m.sock" || fail "kill -9: the janitor left the socket"
[ -f "$user/notes.txt" ] && [ -f "$user/sub/data.bin" ] || fail "kill -9: the janitor removed the user's files"
ok

# the private directory a server makes (it did not exist): removed after kill -9, never what is not its own
rm -f "$work/ready"
"$modelsim" --endpoint "ipc://$work/gpuhost-fresh/m.sock" --owner $owner --ready-fd 3 2> "$work/err" 3> "$work/ready" &
server=$!
ready_within || fail "the server did not listen in a directory it makes: $(cat "$work/err")"
[ "$(stat -c %a "$work/gpuhost-fresh")" = 700 ] || fail "the directory it made is not 0700"
kill -9 $server
wait $server 2>/dev/null
gone_within "$work/gpuhost-fresh" || fail "kill -9: the janitor left the directory the server made"
rm -f "$work/ready"
"$modelsim" --endpoint "ipc://$work/gpuhost-shared/m.sock" --owner $owner --ready-fd 3 2> "$work/err" 3> "$work/ready" &
server=$!
ready_within || fail "the server did not listen: $(cat "$work/err")"
echo mine > "$work/gpuhost-shared/other.txt" # someone else's file in it since
kill -9 $server
wait $server 2>/dev/null
gone_within "$work/gpuhost-shared/m.sock" || fail "kill -9: the janitor left the socket"
[ -f "$work/gpuhost-shared/other.txt" ] || fail "kill -9: the janitor removed a file the server did not make"
ok

# --endpoint-file: a symlink planted at the old predictable temporary name
# (PATH.tmpPID: the shell's pid is the server's after exec)
echo secret > "$work/protected"
chmod 600 "$work/protected"
timeout 20 sh -c 'ln -s "$1" "$2.tmp$$"; exec "$3" --endpoint "ipc://$4/p.sock" --endpoint-file "$2" --idle-exit 1' \
    sh "$work/protected" "$work/ep" "$modelsim" "$work" 2> "$work/err" || fail "--endpoint-file: $(cat "$work/err")"
[ "$(cat "$work/protected")" = secret ] || fail "--endpoint-file wrote through a planted symlink"
grep -q "^ipc://$work/p.sock\$" "$work/ep" || fail "--endpoint-file: no endpoint in it"
[ -z "$(find "$work" -maxdepth 1 -name 'ep.*' ! -type l)" ] || fail "--endpoint-file left a temporary file"
ok
# it replaces a regular file, keeping nothing of the old one
echo old > "$work/ep"
timeout 20 "$modelsim" --endpoint "ipc://$work/p.sock" --endpoint-file "$work/ep" --idle-exit 1 2> "$work/err" ||
    fail "--endpoint-file over a file: $(cat "$work/err")"
grep -q "^ipc://$work/p.sock\$" "$work/ep" || fail "--endpoint-file over a file: not replaced"
# a directory or a FIFO named: refused, left as it is (exit 1, before serving)
mkfifo "$work/fifo" || fail "mkfifo"
for target in "$work/fifo" "$work"; do
    timeout 20 "$modelsim" --endpoint "ipc://$work/q.sock" --endpoint-file "$target" --idle-exit 1 2> "$work/err"
    [ $? -eq 1 ] || fail "--endpoint-file $target: not refused"
    grep -q "refusing to replace it" "$work/err" || fail "--endpoint-file $target: $(cat "$work/err")"
done
[ -p "$work/fifo" ] || fail "the FIFO was replaced"
[ ! -e "$work/q.sock" ] || fail "a refused server left its socket"
ok
echo "owned: $checks checks: nothing removed or replaced that the server did not make: 1 passed, 0 failed"
