/* Checkpoint records: an output's state written and read back in order,
 * a read past the end refused; the file frame's sections; an atomic file
 * saved, grown after the save, and resumed at the saved length. */
#include <criterion/criterion.h>

#include <hsframe/io.h>

#include "checkpoint/file.h"
#include "host/state_private.h"
#include "host/error_private.h"
#include "testlib.h"

static hsf_error err;

Test(state, round_trip_in_order)
{
    hsf_state w;
    hsf_state_init_write(&w);
    double x = 0.1 + 0.2, back = 0;
    uint64_t big[1000], big_back[1000];
    for (int k = 0; k < 1000; k++)
        big[k] = (uint64_t)k * 0x9e3779b97f4a7c15u;
    cr_assert_eq(hsf_state_put(&w, &x, sizeof x, &err), 0);
    cr_assert_eq(hsf_state_put(&w, big, sizeof big, &err), 0);
    cr_assert_eq(hsf_state_put(&w, NULL, 0, &err), 0);
    cr_assert_eq(w.size, sizeof x + sizeof big);
    hsf_state r;
    hsf_state_init_read(&r, w.data, w.size);
    cr_assert_eq(hsf_state_get(&r, &back, sizeof back, &err), 0);
    cr_assert_eq(hsf_state_get(&r, big_back, sizeof big_back, &err), 0);
    cr_assert(back == x, "the same bits");
    cr_assert_arr_eq(big, big_back, sizeof big);
    cr_assert_eq(hsf_state_left(&r), 0);
    hsf_state_free(&w);
}

Test(state, reading_past_the_end_is_refused)
{
    unsigned char rec[6] = { 1, 2, 3, 4, 5, 6 };
    hsf_state r;
    hsf_state_init_read(&r, rec, sizeof rec);
    uint32_t a = 0;
    uint64_t b = 77;
    cr_assert_eq(hsf_state_get(&r, &a, sizeof a, &err), 0);
    cr_assert_eq(hsf_state_left(&r), 2);
    hsf_error_clear(&err);
    cr_assert_eq(hsf_state_get(&r, &b, sizeof b, &err), -1);
    cr_assert_str_eq(hsf_error_message(&err), "its checkpoint record ends after 6 bytes, 6 more "
                     "expected (saved by another version of the plugin?)");
    cr_assert_eq(b, 77, "unchanged on failure");
}

Test(frame, sections_come_back_and_a_wrong_tag_is_named)
{
    const char *path = write_temp(0, "f.ckpt", "");
    hsf_ckpt_writer w;
    cr_assert_eq(hsf_ckpt_create(&w, path, &err), 0, "%s", hsf_error_message(&err));
    hsf_ckpt_section(&w, "ONE ", "abc", 3);
    hsf_ckpt_begin_section(&w, "TWO ", 5);
    hsf_ckpt_put(&w, "de", 2);
    hsf_ckpt_put(&w, "fgh", 3);
    cr_assert_eq(hsf_ckpt_commit(&w, &err), 0, "%s", hsf_error_message(&err));
    hsf_ckpt_reader r;
    cr_assert_eq(hsf_ckpt_open(&r, path, &err), 0, "%s", hsf_error_message(&err));
    const unsigned char *d;
    size_t size;
    cr_assert_eq(hsf_ckpt_next(&r, "ONE ", &d, &size, &err), 0);
    cr_assert_eq(size, 3);
    cr_assert_eq(memcmp(d, "abc", 3), 0);
    hsf_error_clear(&err);
    cr_assert_eq(hsf_ckpt_next(&r, "ONE ", &d, &size, &err), -1);
    cr_assert(strstr(hsf_error_message(&err), "checkpoint has a TWO  section where ONE  was "
                     "expected"), "%s", hsf_error_message(&err));
    hsf_ckpt_close(&r);
}

Test(frame, every_single_flipped_bit_is_refused)
{
    const char *path = write_temp(0, "g.ckpt", "");
    hsf_ckpt_writer w;
    cr_assert_eq(hsf_ckpt_create(&w, path, &err), 0);
    hsf_ckpt_section(&w, "DATA", "0123456789abcdef", 16);
    cr_assert_eq(hsf_ckpt_commit(&w, &err), 0);
    FILE *f = fopen(path, "rb");
    unsigned char good[64];
    size_t n = fread(good, 1, sizeof good, f);
    fclose(f);
    cr_assert_eq(n, HSF_CHECKPOINT_HEADER + 12 + 16);
    for (size_t bit = 0; bit < 8 * n; bit++) {
        unsigned char bad[64];
        memcpy(bad, good, n);
        bad[bit / 8] ^= (unsigned char)(1u << (bit % 8));
        if (bit / 8 >= 28 && bit / 8 < 32)
            continue;   /* the header's unused word */
        const char *p = write_temp(1, "bad.ckpt", "");
        f = fopen(p, "wb");
        fwrite(bad, 1, n, f);
        fclose(f);
        hsf_ckpt_reader r;
        cr_assert_eq(hsf_ckpt_open(&r, p, &err), -1, "bit %zu flipped was accepted", bit);
    }
}

Test(atomic, saved_file_grows_then_resumes_at_the_saved_length)
{
    const char *path = write_temp(0, "out.csv", "");
    remove(path);
    hsf_atomic_file *f = hsf_atomic_open(path, &err);
    cr_assert_not_null(f);
    fputs("first\n", hsf_atomic_stream(f));
    hsf_state st;
    hsf_state_init_write(&st);
    cr_assert_eq(hsf_atomic_save(f, &st, &err), 0, "%s", hsf_error_message(&err));
    fputs("written after the checkpoint\n", hsf_atomic_stream(f));
    hsf_atomic_abort(f);    /* the run stops: the temporary stays */
    hsf_state r;
    hsf_state_init_read(&r, st.data, st.size);
    hsf_atomic_file *g = hsf_atomic_resume(path, &r, &err);
    cr_assert_not_null(g, "%s", hsf_error_message(&err));
    fputs("second\n", hsf_atomic_stream(g));
    cr_assert_eq(hsf_atomic_commit(g, &err), 0, "%s", hsf_error_message(&err));
    FILE *in = fopen(path, "r");
    char text[64] = { 0 };
    cr_assert_eq(fread(text, 1, sizeof text - 1, in), 13);
    fclose(in);
    cr_assert_str_eq(text, "first\nsecond\n");
    hsf_state_free(&st);
}
