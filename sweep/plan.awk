# Reads a sweep description (INI) and prints its plan, one record a line,
# fields separated by tabs (sweep/hsframe-sweep.sh reads it):
#   base      ABSOLUTE-PATH
#   directory PATH                 where the points go
#   results   PATH                 the CSV
#   vary      KEY                  a varied key, in the file's order
#   seeds     yes|no               whether the points set [simulation] seed
#   average   NAME FILE COLUMN TIME-COLUMN START
#   slurm     KEY VALUE            ([slurm] time, stop_after, option)
#   point     NAME SEED ARGS VALUE...   ARGS: the -s options, quoted for sh;
#                                  one VALUE per varied key
# Variables: file (the sweep file, as given), dir (its directory, absolute,
# with a trailing slash), stem (its name without .ini).  Errors go to stderr
# as FILE:LINE: message, and the exit status is 2.

function fail(line, msg) {
    printf "%s:%d: %s\n", file, line, msg > "/dev/stderr"
    failed = 1
    exit 2
}

function trim(s) {
    sub(/^[ \t]+/, "", s)
    sub(/[ \t]+$/, "", s)
    return s
}

# A single-quoted word for sh.
function shq(s) {
    gsub(/'/, "'\\''", s)
    return "'" s "'"
}

function is_number(s) {
    return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/
}

# Expands a value into out[1..n] and returns n: items separated by commas,
# each a value or a range FROM:TO or FROM:TO:STEP of numbers (TO included
# when the steps reach it).
function expand(value, line, out,    items, ni, i, item, parts, n, k, from, to, step, count, total) {
    ni = split(value, items, ",")
    total = 0
    for (i = 1; i <= ni; i++) {
        item = trim(items[i])
        if (item == "")
            fail(line, "expected values separated by commas, found an empty item in '" value "'")
        n = split(item, parts, ":")
        for (k = 1; k <= n; k++)
            parts[k] = trim(parts[k])
        if ((n == 2 || n == 3) && is_number(parts[1]) && is_number(parts[2]) &&
            (n == 2 || is_number(parts[3]))) {
            from = parts[1] + 0
            to = parts[2] + 0
            step = n == 3 ? parts[3] + 0 : 1
            if (step <= 0 || to < from)
                fail(line, "expected a range FROM:TO[:STEP] with FROM <= TO and STEP > 0, " \
                     "found '" item "'")
            # The last value within a millionth of a step of TO counts.
            count = int((to - from) / step + 1e-6) + 1
            if (total + count > 100000)
                fail(line, "'" value "' has more than 100000 values")
            for (k = 0; k < count; k++)
                out[++total] = sprintf("%.10g", from + k * step)
        } else {
            out[++total] = item
        }
    }
    return total
}

# A directory name from a value: characters that are awkward in file
# names become '_'.
function clean(s) {
    gsub(/[^A-Za-z0-9._+=-]/, "_", s)
    return s
}

BEGIN {
    FS = "\n"
    section = ""
    nvary = 0
    nset = 0
    nav = 0
    known["sweep"] = known["vary"] = known["set"] = known["slurm"] = 1
    keys["sweep", "base"] = keys["sweep", "directory"] = keys["sweep", "seeds"] = 1
    keys["sweep", "results"] = 1
    keys["average", "file"] = keys["average", "column"] = keys["average", "start"] = 1
    keys["average", "time_column"] = 1
    keys["slurm", "time"] = keys["slurm", "stop_after"] = keys["slurm", "option"] = 1
}

{
    line = $0
    sub(/\r$/, "", line)
    # A comment starts with ; or # at the start of a line or after a space.
    sub(/^[ \t]*[;#].*/, "", line)
    sub(/[ \t]+[;#].*/, "", line)
    line = trim(line)
    if (line == "")
        next
    if (line ~ /^\[/) {
        inner = substr(line, 2, length(line) - 2)
        if (line !~ /^\[.+\]$/ || index(inner, "[") || index(inner, "]"))
            fail(NR, "expected a section header [NAME], found '" line "'")
        section = trim(substr(line, 2, length(line) - 2))
        if (section ~ /^average\./) {
            aname = substr(section, 9)
            if (aname !~ /^[A-Za-z_][A-Za-z0-9_]*$/)
                fail(NR, "expected [average.NAME] with NAME made of letters, digits and _, " \
                     "found [" section "]")
            if (aname in avline)
                fail(NR, "[" section "] appears twice (first on line " avline[aname] ")")
            avline[aname] = NR
            avorder[++nav] = aname
            kind = "average"
        } else if (section in known) {
            kind = section
        } else {
            fail(NR, "unknown section [" section "]; expected [sweep], [vary], [set], " \
                 "[average.NAME] or [slurm]")
        }
        next
    }
    eq = index(line, "=")
    if (!eq)
        fail(NR, "expected KEY = VALUE, found '" line "'")
    if (section == "")
        fail(NR, "expected a section header before '" line "'")
    key = trim(substr(line, 1, eq - 1))
    value = trim(substr(line, eq + 1))
    if (kind == "vary" || kind == "set") {
        if (key !~ /^[A-Za-z0-9_.]+\.[A-Za-z0-9_]+$/)
            fail(NR, "expected a key SECTION.KEY as for hsframe -s, found '" key "'")
        if (key == "simulation.seed")
            fail(NR, "simulation.seed is set by [sweep] seeds")
        if ((key in vary_line) || (key in set_line))
            fail(NR, "'" key "' is given twice (first on line " \
                 ((key in vary_line) ? vary_line[key] : set_line[key]) ")")
        if (value == "")
            fail(NR, "expected a value for '" key "'")
        if (kind == "vary") {
            vary_line[key] = NR
            vary_key[++nvary] = key
            vary_value[nvary] = value
        } else {
            set_line[key] = NR
            set_key[++nset] = key
            set_value[nset] = value
        }
        next
    }
    if (!((kind, key) in keys))
        fail(NR, "unknown key '" key "' in [" section "]")
    if (kind == "slurm" && key == "option") {
        slurm_option[++nslurm_option] = value
        next
    }
    if ((section, key) in value_of)
        fail(NR, "'" key "' is given twice in [" section "]")
    value_of[section, key] = value
    line_of[section, key] = NR
}

END {
    if (failed)
        exit 2
    if (!(("sweep", "base") in value_of))
        fail(NR, "[sweep] needs the key 'base' (the base configuration)")
    base = value_of["sweep", "base"]
    if (base !~ /^\//)
        base = dir base
    print "base\t" base
    directory = ("sweep", "directory") in value_of ? value_of["sweep", "directory"] : stem
    if (directory == "")
        fail(line_of["sweep", "directory"], "expected a directory name")
    print "directory\t" directory
    results = ("sweep", "results") in value_of ? value_of["sweep", "results"] \
                                               : directory "/results.csv"
    print "results\t" results
    for (k = 1; k <= nvary; k++)
        print "vary\t" vary_key[k]
    for (k = 1; k <= nav; k++) {
        a = avorder[k]
        s = "average." a
        if (!((s, "file") in value_of) || !((s, "column") in value_of))
            fail(avline[a], "[" s "] needs the keys 'file' and 'column'")
        start = (s, "start") in value_of ? value_of[s, "start"] : "0"
        if (!is_number(start))
            fail(line_of[s, "start"], "expected a number (a time), found '" start "'")
        tcol = (s, "time_column") in value_of ? value_of[s, "time_column"] : "time"
        print "average\t" a "\t" value_of[s, "file"] "\t" value_of[s, "column"] "\t" tcol \
              "\t" start
    }
    if (("slurm", "time") in value_of)
        print "slurm\ttime\t" value_of["slurm", "time"]
    stop_after = 0
    if (("slurm", "stop_after") in value_of) {
        stop_after = value_of["slurm", "stop_after"]
        if (!is_number(stop_after) || stop_after + 0 < 0)
            fail(line_of["slurm", "stop_after"], "expected wall-clock seconds >= 0, found '" \
                 stop_after "'")
    }
    print "slurm\tstop_after\t" stop_after
    for (k = 1; k <= nslurm_option; k++)
        print "slurm\toption\t" slurm_option[k]

    # The values of each varied key, and the seeds.
    total = 1
    for (k = 1; k <= nvary; k++) {
        count[k] = expand(vary_value[k], vary_line[vary_key[k]], tmp)
        for (j = 1; j <= count[k]; j++)
            values[k, j] = tmp[j]
        total *= count[k]
    }
    if (("sweep", "seeds") in value_of) {
        nseeds = expand(value_of["sweep", "seeds"], line_of["sweep", "seeds"], seeds)
        for (j = 1; j <= nseeds; j++)
            if (seeds[j] !~ /^[0-9]+$/)
                fail(line_of["sweep", "seeds"], "expected seeds (integers >= 0), found '" \
                     seeds[j] "'")
        print "seeds\tyes"
    } else {
        nseeds = 1
        seeds[1] = ""
        print "seeds\tno"
    }
    if (total * nseeds > 100000)
        fail(NR, "the sweep has " total * nseeds " points; expected at most 100000")

    fixed = ""
    for (k = 1; k <= nset; k++)
        fixed = fixed " -s " shq(set_key[k] "=" set_value[k])
    # Every combination, the first varied key slowest, the seed fastest.
    for (p = 0; p < total; p++) {
        rest = p
        name = ""
        args = ""
        shown = ""
        for (k = nvary; k >= 1; k--) {
            j = rest % count[k] + 1
            rest = int(rest / count[k])
            pick[k] = values[k, j]
        }
        for (k = 1; k <= nvary; k++) {
            name = name (k > 1 ? "," : "") clean(vary_key[k] "=" pick[k])
            args = args " -s " shq(vary_key[k] "=" pick[k])
            shown = shown "\t" pick[k]
        }
        for (j = 1; j <= nseeds; j++) {
            pname = name
            pargs = args
            if (seeds[j] != "") {
                pname = pname (pname == "" ? "" : ",") "seed=" seeds[j]
                pargs = pargs " -s " shq("simulation.seed=" seeds[j])
            }
            if (pname == "")
                pname = "run"
            if (pname in seen)
                fail(NR, "two points would share the directory '" pname "': make the values " \
                     "differ in letters, digits or . + - =")
            seen[pname] = 1
            print "point\t" pname "\t" seeds[j] "\t" substr(fixed pargs, 2) shown
        }
    }
}
