#!/bin/sh
# What hostile_owned cannot do without root (issue 24; skipped, exit 77,
# when not root): a device node named as --endpoint-file is refused and left
# a device (it used to be replaced by a 32-byte regular file); a symlink at
# PATH owned by another user is not followed by a root server, whatever
# fs.protected_symlinks says; and hostile_owned's checks again as an
# unprivileged user (nobody), through setpriv.
# Usage: owned_root.sh GPU_MODELSIM OWNED_SH
set -u
modelsim=$1 owned=$2
[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root (device nodes, another user's symlink, setpriv)"; exit 77; }
command -v setpriv > /dev/null || { echo "SKIP: no setpriv"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# a device node (a private copy of /dev/full: 1,7)
mknod "$work/full" c 1 7 || { echo "SKIP: mknod refused here"; exit 77; }
timeout 20 "$modelsim" --endpoint "ipc://$work/s.sock" --endpoint-file "$work/full" --idle-exit 1 2> "$work/err"
[ $? -eq 1 ] || fail "--endpoint-file on a device node: not refused ($(cat "$work/err"))"
grep -q "a character device: refusing to replace it" "$work/err" || fail "device node: $(cat "$work/err")"
[ -c "$work/full" ] || fail "the device node was replaced"

# another user's symlink at PATH, to a root-only file
echo secret > "$work/shadow"
chmod 600 "$work/shadow"
ln -s "$work/shadow" "$work/ep"
chown -h nobody "$work/ep"
timeout 20 "$modelsim" --endpoint "ipc://$work/s.sock" --endpoint-file "$work/ep" --idle-exit 1 2> "$work/err"
[ $? -eq 1 ] || fail "--endpoint-file through another user's symlink: not refused"
grep -q "symbolic link owned by uid" "$work/err" || fail "another user's symlink: $(cat "$work/err")"
[ "$(cat "$work/shadow")" = secret ] && [ -L "$work/ep" ] || fail "the protected file or the link was touched"

# as a normal user
chmod 755 "$work"
cp "$modelsim" "$work/gpu-modelsim" && chmod 755 "$work/gpu-modelsim"
TMPDIR=/tmp timeout 120 setpriv --reuid=65534 --regid=65534 --clear-groups sh "$owned" "$work/gpu-modelsim" \
    > "$work/out" 2>&1 || fail "as nobody: $(cat "$work/out")"
echo "owned_root: a device node and another user's symlink refused; as nobody: $(tail -1 "$work/out")"
echo "owned_root: 1 passed, 0 failed"
