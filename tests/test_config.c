/* The configuration: parsing, -s overrides, declared parameters, and the
 * exact messages for each kind of mistake. */
#include <criterion/criterion.h>

#include "host/config_private.h"
#include "host/error_private.h"
#include "testlib.h"

static const hsf_param host[] = {
    { "plugin", HSF_PARAM_STRING, "box", 0, 0, "plugin name" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static const hsf_param params[] = {
    { "size", HSF_PARAM_VECTOR, "1 1", 0, 1e300, "side lengths" },
    { "dim", HSF_PARAM_INT, "2", 2, 3, "dimension" },
    { "end_time", HSF_PARAM_DOUBLE, NULL, 0, 1e300, "how long" },
    { "verbose", HSF_PARAM_BOOL, "no", 0, 0, "talk" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static hsf_config_file cf;
static hsf_config cfg;
static hsf_error err;

static void load(const char *text)
{
    hsf_error_clear(&err);
    const char *path = write_temp(0, "t.ini", text);
    cr_assert_eq(hsf_config_load(&cf, path, &err), 0, "%s", hsf_error_message(&err));
}

/* The message with the temporary directory replaced by "DIR". */
static const char *msg(void)
{
    static char buf[2048];
    const char *m = hsf_error_message(&err);
    const char *t = strstr(m, "/t.ini");
    const char *start = strstr(m, "/tmp/hsf-test-");
    if (start && t)
        snprintf(buf, sizeof buf, "%.*sDIR%s", (int)(start - m), m, t);
    else
        snprintf(buf, sizeof buf, "%s", m);
    return buf;
}

static void teardown(void)
{
    hsf_config_unbind(&cfg);
    hsf_config_file_free(&cf);
}

TestSuite(config, .fini = teardown);

Test(config, values_and_defaults)
{
    load("; comment\n[box]\nsize = 2 3.5\nend_time = 1.5E1  ; inline comment\n"
         "verbose = yes\n");
    cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), 0, "%s", msg());
    double v[4];
    cr_assert_eq(hsf_config_vector(&cfg, "size", v, 4), 2);
    cr_assert_eq(v[0], 2);
    cr_assert_eq(v[1], 3.5);
    cr_assert_eq(hsf_config_double(&cfg, "end_time"), 15);
    cr_assert_eq(hsf_config_int(&cfg, "dim"), 2, "default applies");
    cr_assert_eq(hsf_config_bool(&cfg, "verbose"), 1);
    cr_assert_str_eq(hsf_config_string(&cfg, "plugin"), "box");
    cr_assert_eq(hsf_config_has(&cfg, "size"), 1);
    cr_assert_eq(hsf_config_has(&cfg, "dim"), 0);
    cr_assert_eq(hsf_config_double(&cfg, "undeclared"), 0);
    cr_assert_str_eq(hsf_config_section(&cfg), "box");
}

Test(config, unknown_key_suggests_the_close_one)
{
    load("[box]\nend_time = 1\nsise = 1 1\n");
    cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), -1);
    cr_assert_str_eq(msg(), "DIR/t.ini:3: [box] unknown key 'sise' (did you mean 'size'?)");
}

Test(config, unknown_key_lists_the_accepted_ones)
{
    load("[box]\nend_time = 1\ncolour = red\n");
    cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), -1);
    cr_assert_str_eq(msg(), "DIR/t.ini:3: [box] unknown key 'colour'; this section takes: "
                     "plugin, size, dim, end_time, verbose");
}

Test(config, wrong_types_and_ranges)
{
    static const struct { const char *text, *message; } cases[] = {
        { "[box]\nend_time = 1\ndim = 4\n",
          "DIR/t.ini:3: [box] dim: expected an integer from 2 to 3, found '4'" },
        { "[box]\nend_time = 1\ndim = 2.5\n",
          "DIR/t.ini:3: [box] dim: expected an integer, found '2.5'" },
        { "[box]\nend_time = soon\n",
          "DIR/t.ini:2: [box] end_time: expected a number, found 'soon'" },
        { "[box]\nend_time = nan\n",
          "DIR/t.ini:2: [box] end_time: expected a number, found 'nan'" },
        { "[box]\nend_time = -1\n",
          "DIR/t.ini:2: [box] end_time: expected a number >= 0, found '-1'" },
        { "[box]\nend_time = 1e400\n",
          "DIR/t.ini:2: [box] end_time: expected a number, found '1e400'" },
        { "[box]\nend_time = 1\nverbose = maybe\n",
          "DIR/t.ini:3: [box] verbose: expected true or false, found 'maybe'" },
        { "[box]\nend_time = 1\nsize = 1 x\n",
          "DIR/t.ini:3: [box] size: expected numbers separated by spaces, found '1 x'" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        load(cases[k].text);
        cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), -1);
        cr_assert_str_eq(msg(), cases[k].message);
        hsf_config_file_free(&cf);
    }
}

/* A bound of 1e300 is none, as --help-config prints it ("0..inf"): any
 * finite number above the lower bound passes. */
Test(config, a_bound_of_1e300_is_no_bound)
{
    load("[box]\nend_time = 1e301\n");
    cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), 0, "%s", msg());
    cr_assert_eq(hsf_config_double(&cfg, "end_time"), 1e301);
}

Test(config, required_key)
{
    load("[box]\nsize = 1 1\n");
    cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), -1);
    cr_assert_str_eq(msg(), "DIR/t.ini:1: [box] needs the key 'end_time' (how long)");
    hsf_config_file_free(&cf);
    /* At the header, which may be far from the key that is there. */
    load("; a box\n\n[box]\n\n; its size\nsize = 1 1\n");
    cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), -1);
    cr_assert_str_eq(msg(), "DIR/t.ini:3: [box] needs the key 'end_time' (how long)");
    hsf_config_file_free(&cf);
    /* A section that only -s made: the -s, and the file's section of a
     * close name. */
    load("[box]\nend_time = 1\n");
    cr_assert_eq(hsf_config_override(&cf, "bx.size=1 1", &err), 0);
    cr_assert_eq(hsf_config_bind(&cf, "bx", host, params, &cfg, &err), -1);
    cr_assert_str_eq(msg(), "-s bx.size: [bx] (did you mean [box]?) needs the key 'end_time' "
                     "(how long)");
}

Test(config, misspelt_section)
{
    load("[simulaton]\ndim = 2\n");
    static const char *const known[] = { "simulation", "queue", NULL };
    cr_assert_eq(hsf_config_check_unclaimed(&cf, known, &err), -1);
    cr_assert_str_eq(msg(), "DIR/t.ini:1: unknown section [simulaton] (did you mean "
                     "[simulation]?)");
}

/* Names and kinds of names ("output.NAME": any [output.x]); a misspelt
 * kind keeps the rest of the name. */
Test(config, section_kinds)
{
    static const char *const known[] = { "simulation", "interaction", "interaction.A.B",
                                         "output.NAME", "force.NAME", NULL };
    load("[simulation]\nend_time = 1\n[output.final]\nfile = x\n[interaction.A.B]\n"
         "well = 1\n[force.g]\nplugin = gravity\n");
    cr_assert_eq(hsf_config_check_sections(&cf, known, &err), 0, "%s", msg());
    hsf_config_file_free(&cf);
    static const struct { const char *text, *message; } cases[] = {
        { "[simulaton]\nend_time = 1\n",
          "DIR/t.ini:1: unknown section [simulaton] (did you mean [simulation]?)" },
        { "[ouput.final]\nfile = x\n",
          "DIR/t.ini:1: unknown section [ouput.final] (did you mean [output.final]?)" },
        { "[output]\nfile = x\n",
          "DIR/t.ini:1: unknown section [output] (did you mean [output.NAME]?)" },
        { "[interacton.A.B]\nwell = 1\n",
          "DIR/t.ini:1: unknown section [interacton.A.B] (did you mean [interaction.A.B]?)" },
        { "[output.]\nfile = x\n",
          "DIR/t.ini:1: unknown section [output.] (did you mean [output.NAME]?)" },
        { "[simulation]\nend_time = 1\n\n[simulaton]\n; nothing here yet\n",
          "DIR/t.ini:4: unknown section [simulaton] (did you mean [simulation]?)" },
        { "[zzzzzz]\nk = 1\n",
          "DIR/t.ini:1: unknown section [zzzzzz]; sections are [simulation], [interaction], "
          "[interaction.A.B], [output.NAME] and [force.NAME]" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        load(cases[k].text);
        cr_assert_eq(hsf_config_check_sections(&cf, known, &err), -1, "%s", cases[k].text);
        cr_assert_str_eq(msg(), cases[k].message);
        hsf_config_file_free(&cf);
    }
}

Test(config, syntax_errors)
{
    hsf_config_file f;
    const char *path = write_temp(1, "t.ini", "[box]\nsize = 1\nthis line has no equals\n");
    cr_assert_eq(hsf_config_load(&f, path, &err), -1);
    cr_assert_str_eq(msg(), "DIR/t.ini:3: expected '[section]', 'key = value' or a comment "
                     "(';' or '#')");
    path = write_temp(1, "t.ini", "size = 1\n");
    cr_assert_eq(hsf_config_load(&f, path, &err), -1);
    cr_assert_str_eq(msg(), "DIR/t.ini:1: expected a [section] header before 'size'");
    path = write_temp(1, "t.ini", "[box]\nsize = 1\n\nsize = 2\n");
    cr_assert_eq(hsf_config_load(&f, path, &err), -1);
    cr_assert_str_eq(msg(), "DIR/t.ini:4: [box] size is set twice (first on line 2)");
    cr_assert_eq(hsf_config_load(&f, "/nonexistent/x.ini", &err), -1);
    cr_assert_str_eq(msg(), "/nonexistent/x.ini: cannot open configuration: No such file or "
                     "directory");
}

Test(config, crlf_line_endings)
{
    load("[box]\r\nend_time = 2\r\nsize = 1 2\r\n");
    cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), 0, "%s", msg());
    cr_assert_eq(hsf_config_double(&cfg, "end_time"), 2);
}

Test(config, overrides)
{
    load("[box]\nend_time = 1\n[output.final]\nfile = a.txt\n");
    cr_assert_eq(hsf_config_override(&cf, "box.end_time=7", &err), 0);
    cr_assert_eq(hsf_config_override(&cf, "box.dim = 3", &err), 0);
    cr_assert_eq(hsf_config_override(&cf, "output.final.file=x.txt", &err), 0);
    cr_assert_str_eq(hsf_config_lookup(&cf, "output.final", "file"), "x.txt");
    cr_assert_eq(hsf_config_from_command_line(&cf, "output.final", "file"), 1);
    cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), 0, "%s", msg());
    cr_assert_eq(hsf_config_double(&cfg, "end_time"), 7);
    cr_assert_eq(hsf_config_int(&cfg, "dim"), 3);
    hsf_config_unbind(&cfg);
    cr_assert_eq(hsf_config_override(&cf, "box.dim=9", &err), 0);
    cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), -1);
    cr_assert_str_eq(msg(), "-s box.dim: [box] dim: expected an integer from 2 to 3, found '9'");
    cr_assert_eq(hsf_config_override(&cf, "nodot=1", &err), -1);
    cr_assert_str_eq(msg(), "-s nodot=1: expected SECTION.KEY=VALUE, e.g. "
                     "-s queue.plugin=binary_heap");
    cr_assert_eq(hsf_config_override(&cf, "box.size", &err), -1);
}

Test(config, plugin_errors_point_at_the_key)
{
    load("[box]\nend_time = 1\nsize = 1 2 3\n");
    cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), 0);
    cr_assert_eq(hsf_config_error(&cfg, &err, "size", "expected %d side lengths", 2), -1);
    cr_assert_str_eq(msg(), "DIR/t.ini:3: [box] size: expected 2 side lengths");
}

Test(config, sections_with_prefix)
{
    load("[output.a]\nx=1\n[box]\ny=2\n[output.b]\nz=3\n[output.a]\nw=4\n");
    const char **names = hsf_config_sections_with_prefix(&cf, "output.");
    cr_assert_str_eq(names[0], "output.a");
    cr_assert_str_eq(names[1], "output.b");
    cr_assert_null(names[2]);
    free(names);
    hsf_config_file_free(&cf);
    /* A header without keys is a section still (then found wanting, not
     * dropped); one made by -s comes after the file's. */
    load("[output.a]\n\n[output.b]\n; to do\n");
    cr_assert_eq(hsf_config_override(&cf, "output.c.file=x", &err), 0);
    names = hsf_config_sections_with_prefix(&cf, "output.");
    cr_assert_str_eq(names[0], "output.a");
    cr_assert_str_eq(names[1], "output.b");
    cr_assert_str_eq(names[2], "output.c");
    cr_assert_null(names[3]);
    free(names);
}

/* A key the plugin asks about but nobody set: at its section's header. */
Test(config, errors_about_an_unset_key_point_at_the_header)
{
    load("[other]\nx = 1\n[box]\nend_time = 1\n");
    cr_assert_eq(hsf_config_bind(&cf, "box", host, params, &cfg, &err), 0);
    cr_assert_eq(hsf_config_error(&cfg, &err, "size", "expected a size here"), -1);
    cr_assert_str_eq(msg(), "DIR/t.ini:3: [box] size: expected a size here");
    char at[512];
    hsf_config_where(&cf, "box", "size", at, sizeof at);
    cr_assert(strstr(at, "t.ini:3") != NULL, "%s", at);
}

Test(config, edit_distance)
{
    cr_assert_eq(hsf_edit_distance("size", "sise"), 1);
    cr_assert_eq(hsf_edit_distance("", "abc"), 3);
    cr_assert_eq(hsf_edit_distance("interval", "intervall"), 1);
}
