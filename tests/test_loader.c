/* The plugin loader against real plugins and deliberately broken ones,
 * asserting the exact message for each way a plugin can be wrong. */
#include <sys/stat.h>

#include <criterion/criterion.h>

#include "host/error_private.h"
#include "host/plugin_loader.h"
#include "testlib.h"

static hsf_plugin_path pp;
static hsf_plugin plugin;
static hsf_error err;
static char fixtures[1024], boundaries[1024], queues[1024];

static void setup(void)
{
    const char *build = getenv("HSF_TEST_BUILDDIR");
    const char *fix = getenv("HSF_FIXTURE_DIR");
    cr_assert(build && fix, "run through make check");
    snprintf(fixtures, sizeof fixtures, "%s", fix);
    snprintf(boundaries, sizeof boundaries, "%s/plugins/boundary/.libs", build);
    snprintf(queues, sizeof queues, "%s/plugins/queue/.libs", build);
    char dirs[3100];
    snprintf(dirs, sizeof dirs, "%s:%s:%s", fixtures, boundaries, queues);
    hsf_error_clear(&err);
    cr_assert_eq(hsf_plugin_path_init(&pp, dirs, &err), 0);
}

static void teardown(void)
{
    hsf_plugin_close(&plugin);
    hsf_plugin_path_free(&pp);
}

TestSuite(loader, .init = setup, .fini = teardown);

static const char *expect(const char *fmt, const char *a, const char *b)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, fmt, a, b);
    return buf;
}

Test(loader, loads_by_name_and_by_path)
{
    cr_assert_eq(hsf_plugin_open(&pp, "box", HSF_PLUGIN_BOUNDARY, &plugin, &err), 0, "%s",
                 hsf_error_message(&err));
    cr_assert_str_eq(plugin.info->name, "box");
    cr_assert_eq(plugin.info->kind, HSF_PLUGIN_BOUNDARY);
    cr_assert_str_eq(plugin.file, expect("%s/box.so", boundaries, NULL));
    hsf_plugin_close(&plugin);
    char file[2048];
    snprintf(file, sizeof file, "%s/binary_heap.so", queues);
    cr_assert_eq(hsf_plugin_open(&pp, file, HSF_PLUGIN_QUEUE, &plugin, &err), 0, "%s",
                 hsf_error_message(&err));
    cr_assert_str_eq(plugin.info->name, "binary_heap");
}

Test(loader, missing_file)
{
    cr_assert_eq(hsf_plugin_open(&pp, "/nonexistent/dir/box.so", 0, &plugin, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err),
                     "plugin file /nonexistent/dir/box.so: No such file or directory");
}

static void note_unloadable(const char *file, const char *why, void *user)
{
    char *buf = user;
    size_t used = strlen(buf);
    snprintf(buf + used, 4096 - used, "%s: %s\n", file, why);
}

Test(loader, unknown_name_suggests_close_names_of_its_kind)
{
    cr_assert_eq(hsf_plugin_open(&pp, "boxx", HSF_PLUGIN_BOUNDARY, &plugin, &err), -1);
    const char *m = hsf_error_message(&err);
    cr_assert(strstr(m, "no boundary plugin named 'boxx' (did you mean 'box'?); "), "%s", m);
    cr_assert(strstr(m, "--plugin-path DIR or HSFRAME_PLUGIN_PATH"), "says how to add one: %s",
              m);
    cr_assert_null(strstr(m, boundaries), "no list of directories: %s", m);
    cr_assert_null(strstr(m, "binary_heap"), "no plugins of other kinds: %s", m);
    cr_assert_null(strstr(m, "wrong_abi"), "broken plugins are not offered: %s", m);
}

Test(loader, unknown_name_far_from_all_lists_its_kind)
{
    cr_assert_eq(hsf_plugin_open(&pp, "fibonacci", HSF_PLUGIN_QUEUE, &plugin, &err), -1);
    const char *m = hsf_error_message(&err);
    cr_assert(strstr(m, "no queue plugin named 'fibonacci' (the queue plugins found: "), "%s",
              m);
    cr_assert(strstr(m, "'binary_heap'") && !strstr(m, "'box'"), "%s", m);
}

Test(loader, unloadable_files_with_their_reason)
{
    const char *dir = write_temp(0, "notaplugin.so", "this is text, not ELF\n");
    char dirs[2100];
    snprintf(dirs, sizeof dirs, "%.*s", (int)(strrchr(dir, '/') - dir), dir);
    hsf_plugin_path one;
    cr_assert_eq(hsf_plugin_path_init(&one, dirs, &err), 0);
    char found[4096] = "";
    hsf_plugin_each_unloadable(&one, note_unloadable, found);
    hsf_plugin_path_free(&one);
    cr_assert(strstr(found, "notaplugin.so: ") && strstr(found, "is not a loadable plugin"),
              "%s", found);
}

Test(loader, not_a_shared_object)
{
    const char *path = write_temp(0, "bogus.so", "this is text, not ELF\n");
    cr_assert_eq(hsf_plugin_open(&pp, path, 0, &plugin, &err), -1);
    const char *m = hsf_error_message(&err);
    char head[1100];
    snprintf(head, sizeof head, "%s is not a loadable plugin: ", path);
    cr_assert_eq(strncmp(m, head, strlen(head)), 0, "%s", m);
    cr_assert(strstr(m, "invalid ELF header") || strstr(m, "file too short"), "%s", m);
}

Test(loader, no_entry_point)
{
    cr_assert_eq(hsf_plugin_open(&pp, "no_entry", 0, &plugin, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err),
                     expect("%s/no_entry.so is not an hsframe plugin: it has no entry point "
                            "hsf_plugin_entry (define it with HSF_PLUGIN from "
                            "<hsframe/plugin.h>)", fixtures, NULL));
}

/* The loader's refusal of fixture NAME, built for plugin ABI major.minor. */
static void expect_abi_refusal(const char *name, int major, int minor)
{
    char want[4096];
    snprintf(want, sizeof want,
             "plugin %s/%s.so was built for plugin ABI %d.%d, but this hsframe provides ABI "
             "%d.%d: rebuild it against the installed hsframe headers "
             "(pkg-config --cflags --libs hsframe)",
             fixtures, name, major, minor, HSF_ABI_MAJOR, HSF_ABI_MINOR);
    cr_assert_eq(hsf_plugin_open(&pp, name, HSF_PLUGIN_QUEUE, &plugin, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err), want);
}

/* The fixtures are built for this header's major plus one (minor 0), and
 * for its minor plus one. */
Test(loader, wrong_abi_major)
{
    expect_abi_refusal("wrong_abi", HSF_ABI_MAJOR + 1, 0);
}

Test(loader, newer_minor)
{
    expect_abi_refusal("newer_minor", HSF_ABI_MAJOR, HSF_ABI_MINOR + 1);
}

Test(loader, wrong_kind)
{
    cr_assert_eq(hsf_plugin_open(&pp, "box", HSF_PLUGIN_QUEUE, &plugin, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err),
                     expect("plugin box (%s/box.so) is a boundary plugin, but a queue plugin "
                            "is needed here", boundaries, NULL));
}

Test(loader, name_does_not_match_file)
{
    cr_assert_eq(hsf_plugin_open(&pp, "misnamed", 0, &plugin, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err),
                     expect("plugin %s/misnamed.so calls itself 'something_else', but its "
                            "file is named misnamed.so: rename the file or change the name "
                            "given to HSF_PLUGIN", fixtures, NULL));
}

Test(loader, missing_vtable_member)
{
    cr_assert_eq(hsf_plugin_open(&pp, "incomplete", HSF_PLUGIN_QUEUE, &plugin, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err),
                     expect("plugin incomplete (%s/incomplete.so) is incomplete: it has no "
                            "push; fix the plugin", fixtures, NULL));
}

Test(loader, refuses_a_file_anyone_can_write)
{
    char src[2048], cmd[4200];
    snprintf(src, sizeof src, "%s/box.so", boundaries);
    const char *copy = write_temp(1, "box.so", "");
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", src, copy);
    cr_assert_eq(system(cmd), 0);
    cr_assert_eq(chmod(copy, 0666), 0);
    cr_assert_eq(hsf_plugin_open(&pp, copy, 0, &plugin, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err),
                     expect("plugin file %s is writable by every user, so anyone could "
                            "replace it: refusing to load it (chmod o-w %s)", copy, copy));
    cr_assert_eq(chmod(copy, 0644), 0);
    cr_assert_eq(hsf_plugin_open(&pp, copy, 0, &plugin, &err), 0, "%s",
                 hsf_error_message(&err));
}

Test(loader, refuses_a_directory_anyone_can_write)
{
    char src[2048], dir[64] = "/tmp/hsf-open-XXXXXX", copy[128], cmd[4300];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(src, sizeof src, "%s/box.so", boundaries);
    snprintf(copy, sizeof copy, "%s/box.so", dir);
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", src, copy);
    cr_assert_eq(system(cmd), 0);
    cr_assert_eq(chmod(dir, 0777), 0);
    int rc = hsf_plugin_open(&pp, copy, 0, &plugin, &err);
    char want[1024];
    snprintf(want, sizeof want, "plugin directory %s is writable by every user, so anyone "
             "could replace %s: refusing to load it (chmod o-w %s)", dir, copy, dir);
    unlink(copy);
    rmdir(dir);
    cr_assert_eq(rc, -1);
    cr_assert_str_eq(hsf_error_message(&err), want);
}

static void count(const hsf_plugin *p, void *user)
{
    (void)p;
    ++*(int *)user;
}

Test(loader, each_skips_broken_plugins)
{
    int n = 0;
    size_t found = hsf_plugin_each(&pp, count, &n);
    cr_assert_eq((size_t)n, found);
    cr_assert_geq(n, 2, "box and binary_heap at least");
}
