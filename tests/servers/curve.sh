#!/bin/sh
# Remote servers that are not open doors (S1): CURVE over tcp with keys from
# gpuhost keygen and a ZAP handler checking client keys. An authorized client
# runs; a client without keys, with a key the server does not list, or
# expecting another server's key is refused at once with the reason (no
# timeout), and the server says whom it refused. Skipped (77) where libzmq
# has no CURVE.
# Usage: curve.sh GPUHOST GPU_MODELSIM
gpuhost=$1 modelsim=$2
. "$(dirname "$0")/common.sh"
if ! "$gpuhost" keygen "$work/server" > "$work/out" 2>&1; then
    if grep -q "without CURVE" "$work/out"; then echo "SKIP: $(cat "$work/out")"; exit 77; fi
    echo "FAIL gpuhost keygen: $(cat "$work/out")"; exit 1
fi
"$gpuhost" keygen "$work/client" > /dev/null && "$gpuhost" keygen "$work/stranger" > /dev/null || exit 1
k=$work/k.s
write_loop "$k" 100

# keygen: a secret 0600, a public 0644, never overwritten
[ "$(stat -c %a "$work/client")" = 600 ] && [ "$(stat -c %a "$work/client.pub")" = 644 ] &&
    grep -q '^secret-key = ' "$work/client" && ! grep -q secret "$work/client.pub" &&
    ok "keygen: KEYFILE 0600 with the secret key, KEYFILE.pub 0644 without it" || bad "keygen's files"
(umask 000; "$gpuhost" keygen "$work/loose" > /dev/null)
[ "$(stat -c %a "$work/loose")" = 600 ] && ok "keygen under umask 000: still 0600" || bad "keygen under umask 000"
cp "$work/client" "$work/client.before"
expect "keygen never overwrites a key" 3 2 "exists (gpuhost keygen never overwrites a key" \
    "$gpuhost" keygen "$work/client"
cmp -s "$work/client" "$work/client.before" && ok "the key is unchanged" || bad "keygen changed an existing key"

cp "$work/client.pub" "$work/authorized"
start_server curve "$modelsim" --endpoint 'tcp://127.0.0.1:*' --curve-keys "$work/server" \
    --authorized-keys "$work/authorized" --idle-exit 120 || { echo "FAIL no CURVE server: $(cat "$work/curve.err")"; exit 1; }
endpoint=$(cat "$work/curve.ep")
expect "an authorized client: PASS" 0 20 "PASS: lockstep clean" \
    "$gpuhost" --board modelsim run "$k" --endpoint "$endpoint" --server-key "$work/server.pub" --client-key "$work/client"
expect "a client without keys: refused at once" 8 3 "requires CURVE" \
    "$gpuhost" --board modelsim run "$k" --endpoint "$endpoint" --timeout 10000
expect "a client whose key the server does not list: refused at once" 8 3 \
    "the server refused this client's key (it is not in the server's --authorized-keys)" \
    "$gpuhost" --board modelsim run "$k" --endpoint "$endpoint" --server-key "$work/server.pub" \
    --client-key "$work/stranger" --timeout 10000
grep -qF "refused a client at 127.0.0.1: its public key $(sed -n 's/^public-key = //p' "$work/stranger.pub") is not in" \
    "$work/curve.err" && ok "the server names the refused key" || bad "the server did not name the refused key"
expect "a client expecting another server's key: refused at once" 8 3 \
    "the server dropped the CURVE handshake: --server-key is not this server's public key" \
    "$gpuhost" --board modelsim run "$k" --endpoint "$endpoint" --server-key "$work/stranger.pub" \
    --client-key "$work/client" --timeout 10000
expect "gpuhost info with the keys" 0 10 "functional model" \
    "$gpuhost" --board modelsim info --endpoint "$endpoint" --server-key "$work/server.pub" --client-key "$work/client"

# the CI pool (issue 13): a CURVE server listed with its keys is health-checked
# with them and its tests reach it with them; listed without keys, it is left out
cd "$work" || exit 1
printf '# remote servers\nmodelsim %s server.pub client\nmodelsim %s\n' "$endpoint" "$endpoint" > "$work/servers.txt"
expect "a pool with the CURVE server: listed once, with its keys" 0 30 "does not answer: left out" \
    "$gpuhost" boards --resource-spec modelsim=1 --servers "$work/servers.txt" -o "$work/pool.json"
cd - > /dev/null || exit 1
id=$(grep -o '"id": "c_[0-9a-f]*"' "$work/pool.json" | sed 's/"id": "//; s/"$//')
[ -n "$id" ] && [ "$(grep -o '"id": "[ce]_' "$work/pool.json" | wc -l)" -eq 1 ] &&
    ok "the pool lists the CURVE server as one c_ instance" || bad "the pool: $(cat "$work/pool.json")"
expect "a test given the CURVE instance: PASS over CURVE" 0 20 "PASS: lockstep clean" \
    env CTEST_RESOURCE_GROUP_COUNT=1 CTEST_RESOURCE_GROUP_0=modelsim \
    "CTEST_RESOURCE_GROUP_0_MODELSIM=id:$id,slots:1" "$gpuhost" --board modelsim run "$k"

# a server without CURVE, a client with keys: said so
start_server plain "$modelsim" --endpoint 'tcp://127.0.0.1:*' --idle-exit 120 || bad "no plain server"
expect "keys for a server without CURVE: refused at once" 8 3 "the server does not speak CURVE" \
    "$gpuhost" --board modelsim run "$k" --endpoint "$(cat "$work/plain.ep")" --server-key "$work/server.pub" \
    --client-key "$work/client" --timeout 10000

# keys refused before anything starts
chmod 644 "$work/client"
expect "a secret key others may read: refused" 2 2 "a secret key that others may read (mode 0644): chmod 600" \
    "$gpuhost" --board modelsim run "$k" --endpoint "$endpoint" --server-key "$work/server.pub" --client-key "$work/client"
chmod 600 "$work/client"
expect "one key without the other: refused" 2 2 "CURVE needs both keys" \
    "$gpuhost" --board modelsim run "$k" --endpoint "$endpoint" --server-key "$work/server.pub"
expect "keys for a server gpuhost starts: refused" 2 2 "keys are for a server started elsewhere (--endpoint)" \
    "$gpuhost" --board modelsim run "$k" --server-key "$work/server.pub" --client-key "$work/client"
expect "keys on the model board: refused" 2 2 "option --server-key: board model" \
    "$gpuhost" --board model run "$k" --server-key "$work/server.pub" --client-key "$work/client"
expect "a public key file given as a keypair: refused" 2 2 "a keypair file needs public-key and secret-key" \
    "$gpuhost" --board modelsim run "$k" --endpoint "$endpoint" --server-key "$work/server.pub" \
    --client-key "$work/client.pub"
printf 'public-key = not-a-key\n' > "$work/bad.pub"
expect "a malformed key: FILE:LINE and the reason" 2 2 "$work/bad.pub:1: not a CURVE key" \
    "$gpuhost" --board modelsim run "$k" --endpoint "$endpoint" --server-key "$work/bad.pub" --client-key "$work/client"
expect "a CURVE server without --authorized-keys: refused" 1 2 "--curve-keys and --authorized-keys go together" \
    "$modelsim" --endpoint 'tcp://127.0.0.1:*' --curve-keys "$work/server"
cp "$work/client" "$work/authorized-with-secret"
expect "an authorized-keys file holding a secret key: refused" 1 2 \
    "$work/authorized-with-secret:4: an authorized-keys file holds public keys only" \
    "$modelsim" --endpoint 'tcp://127.0.0.1:*' --curve-keys "$work/server" --authorized-keys "$work/authorized-with-secret"
summary
