# Gathers a sweep's results into one CSV on stdout: a row per point with
# its directory, the varied keys, the seed, the exit status, every key of
# the hsframe summaries (the union over the points, in the order first
# met), the files they wrote, the averages and, for a point that failed,
# its error (the run's stderr, its lines joined by " | ").  Reads the plan (plan.awk) as its input;
# variable top: the sweep directory, with a trailing slash.  Prints one
# line per failed or unfinished point to stderr (with the last line of its
# stderr), and a tally:
#   hsframe-sweep: N points: D done, F failed, U not run
# Exit status 0 when every point is done, 1 otherwise.

function csv(s) {
    if (s ~ /[",\n\r]/ || s ~ /^[ \t]/ || s ~ /[ \t]$/) {
        gsub(/"/, "\"\"", s)
        return "\"" s "\""
    }
    return s
}

# The first line of a file, or "" (and absent set) when it cannot be read.
function first_line(path,    l) {
    absent = 0
    if ((getline l < path) <= 0) {
        absent = 1
        l = ""
    }
    close(path)
    return l
}

# The mean of column col of CSV table path over rows whose tcol is >= start;
# "" when there is no such row; sets why when the table is not as expected.
function mean(path, col, tcol, start,    l, n, f, c, t, k, sum, rows) {
    why = ""
    if ((getline l < path) <= 0) {
        why = path ": cannot read"
        close(path)
        return ""
    }
    n = split(l, f, ",")
    c = t = 0
    for (k = 1; k <= n; k++) {
        if (f[k] == col)
            c = k
        if (f[k] == tcol)
            t = k
    }
    if (!c || !t) {
        why = path ": no column '" (c ? tcol : col) "' in the header"
        close(path)
        return ""
    }
    sum = rows = 0
    while ((getline l < path) > 0) {
        split(l, f, ",")
        if (f[t] != "" && f[t] + 0 >= start && f[c] != "") {
            sum += f[c]
            rows++
        }
    }
    close(path)
    return rows ? sprintf("%.10g", sum / rows) : ""
}

BEGIN { FS = "\t" }

$1 == "vary" { vary[++nvary] = $2 }
$1 == "seeds" { has_seed = $2 == "yes" }
$1 == "average" {
    nav++
    av_name[nav] = $2; av_file[nav] = $3; av_col[nav] = $4; av_tcol[nav] = $5
    av_start[nav] = $6 + 0
}
$1 == "point" {
    np++
    name[np] = $2
    seed[np] = $3
    for (k = 1; k <= nvary; k++)
        value[np, k] = $(4 + k)
    d = top $2 "/"
    st = first_line(d "status")
    status[np] = absent ? "" : st
    # The last attempt's stderr, on one line.
    err = last = ""
    while ((getline l < (d "stderr.txt")) > 0) {
        err = err (err == "" ? "" : " | ") l
        last = l
    }
    close(d "stderr.txt")
    error[np] = err
    if (status[np] != "0") {
        if (status[np] == "")
            not_run++
        else
            failed_n++
        printf "hsframe-sweep: %s: %s%s\n", $2,
               status[np] == "" ? "not run" : status[np] == "75" ? "stopped after a checkpoint (75)" : "failed (exit " status[np] ")",
               last == "" ? "" : ": " last > "/dev/stderr"
        next
    }
    done_n++
    files[np] = ""
    while ((getline l < (d "summary.txt")) > 0) {
        c = index(l, ": ")
        if (!c)
            continue
        key = substr(l, 1, c - 1)
        v = substr(l, c + 2)
        if (key == "file") {
            # "NAME (PLUGIN, [SECTION])": the name
            sub(/ \([^()]*\)$/, "", v)
            files[np] = files[np] (files[np] == "" ? "" : " ") v
            continue
        }
        if (!(key in known)) {
            known[key] = 1
            keys[++nkeys] = key
        }
        got[np, key] = v
    }
    close(d "summary.txt")
    for (a = 1; a <= nav; a++) {
        avg[np, a] = mean(d av_file[a], av_col[a], av_tcol[a], av_start[a])
        if (why != "" && !(a in warned)) {
            warned[a] = 1
            printf "hsframe-sweep: average %s: %s%s\n", av_name[a], top, why > "/dev/stderr"
        }
    }
}

END {
    line = "point"
    for (k = 1; k <= nvary; k++)
        line = line "," csv(vary[k])
    if (has_seed)
        line = line ",seed"
    line = line ",status"
    for (k = 1; k <= nkeys; k++)
        line = line "," csv(keys[k])
    line = line ",files"
    for (a = 1; a <= nav; a++)
        line = line "," csv(av_name[a])
    print line ",error"
    for (p = 1; p <= np; p++) {
        line = csv(name[p])
        for (k = 1; k <= nvary; k++)
            line = line "," csv(value[p, k])
        if (has_seed)
            line = line "," seed[p]
        line = line "," status[p]
        for (k = 1; k <= nkeys; k++)
            line = line "," csv((p, keys[k]) in got ? got[p, keys[k]] : "")
        line = line "," csv(files[p])
        for (a = 1; a <= nav; a++)
            line = line "," ((p, a) in avg ? avg[p, a] : "")
        print line "," (status[p] == "0" ? "" : csv(error[p]))
    }
    printf "hsframe-sweep: %d points: %d done, %d failed, %d not run\n", np, done_n,
           failed_n, not_run > "/dev/stderr"
    exit (done_n == np ? 0 : 1)
}
