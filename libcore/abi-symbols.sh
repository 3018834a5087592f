#!/bin/sh
# abi-symbols.sh HEADER...: the names of the functions the installed
# headers declare, one a line, sorted: what libhsframe exports.  Inline
# functions (static inline, HSF_PREFETCH_INLINE) and function pointer
# types are not symbols of the library.
grep -hE '^[a-zA-Z_][a-zA-Z0-9_ *]*[ *]hsf_[a-z0-9_]+\(' "$@" |
    grep -vE '^(static|typedef|#)|INLINE' |
    sed -E 's/^[^(]*[ *](hsf_[a-z0-9_]+)\(.*/\1/' | LC_ALL=C sort -u
