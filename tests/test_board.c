/* Tests of core/board.c: cell names both ways and the board's cell numbering;
 * and base/mask.h's rg_holders against a plain loop. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "base/mask.h"
#include "model/board.h"

static void parse_accepts_names(void **state)
{
    (void)state;
    int r = 0, c = 0;
    assert_int_equal(rg_board_parse_cell("r1c1", &r, &c), 0);
    assert_int_equal(r, 1);
    assert_int_equal(c, 1);
    assert_int_equal(rg_board_parse_cell("r10c3", &r, &c), 0);
    assert_int_equal(r, 10);
    assert_int_equal(c, 3);
    assert_int_equal(rg_board_parse_cell("R99C12", &r, &c), 0);
    assert_int_equal(r, 99);
    assert_int_equal(c, 12);
    assert_int_equal(rg_board_parse_cell("r7C20", &r, &c), 0);
    assert_int_equal(r, 7);
    assert_int_equal(c, 20);
    /* Not looking at any board: a large position is still a name. */
    assert_int_equal(rg_board_parse_cell("r123c456", &r, &c), 0);
    assert_int_equal(r, 123);
    assert_int_equal(c, 456);
}

static void parse_refuses_bad_names(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",     "r",    "c1",     "r1",     "r1c",    "1c1",   "rc1",   "r01c1", "r1c01",
        "r0c1", "r1c0", "r-1c1",  "r+1c1",  "r1c+1",  "r1c1 ", " r1c1", "r1c1x", "r1c1:",
        "x1c1", "r1x1", "r1c1c1", "r1.0c1", "r1e1c1", "rr1c1", "r 1c1", "r1 c1", "r9999999999c1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int r = -7, c = -7;
        if (rg_board_parse_cell(bad[i], &r, &c) != -1) fail_msg("accepted \"%s\"", bad[i]);
        assert_int_equal(r, -7); /* outputs untouched */
        assert_int_equal(c, -7);
    }
    int r, c;
    assert_int_equal(rg_board_parse_cell(NULL, &r, &c), -1);
}

static void name_writes_lower_case(void **state)
{
    (void)state;
    char buf[16];
    rg_board_cell_name(1, 1, buf, sizeof buf);
    assert_string_equal(buf, "r1c1");
    rg_board_cell_name(99, 12, buf, sizeof buf);
    assert_string_equal(buf, "r99c12");
    /* Round trip over a whole 99 x 99 board. */
    for (int r = 1; r <= 99; r++)
        for (int c = 1; c <= 99; c++) {
            int rr, cc;
            rg_board_cell_name(r, c, buf, sizeof buf);
            assert_int_equal(rg_board_parse_cell(buf, &rr, &cc), 0);
            assert_int_equal(rr, r);
            assert_int_equal(cc, c);
        }
    /* A short buffer is cut, never overrun. */
    char small[4] = "xxx";
    rg_board_cell_name(10, 10, small, sizeof small);
    assert_string_equal(small, "r10");
}

static void board_full(void **state)
{
    (void)state;
    rg_board b;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_board_init(&b, 9, 6, 6, NULL, &err), RG_OK);
    assert_int_equal(b.ncells, 54);
    assert_int_equal(rg_board_at(&b, 1, 1), 0);
    assert_int_equal(rg_board_at(&b, 1, 6), 5);
    assert_int_equal(rg_board_at(&b, 2, 1), 6);
    assert_int_equal(rg_board_at(&b, 9, 6), 53);
    assert_int_equal(rg_board_at(&b, 1, 7), -1);
    assert_int_equal(rg_board_at(&b, 10, 1), -1);
    assert_int_equal(rg_board_at(&b, 0, 1), -1);
    assert_int_equal(b.row[53], 9);
    assert_int_equal(b.col[53], 6);
    rg_board_free(&b);
    assert_int_equal(rg_mem_in_use(), 0);
}

static void board_with_holes(void **state)
{
    (void)state;
    unsigned char exists[6] = {1, 0, 1, 0, 1, 1};
    rg_board b;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_board_init(&b, 2, 3, 3, exists, &err), RG_OK);
    assert_int_equal(b.ncells, 4);
    assert_int_equal(rg_board_at(&b, 1, 1), 0);
    assert_int_equal(rg_board_at(&b, 1, 2), -1);
    assert_int_equal(rg_board_at(&b, 1, 3), 1);
    assert_int_equal(rg_board_at(&b, 2, 1), -1);
    assert_int_equal(rg_board_at(&b, 2, 2), 2);
    assert_int_equal(rg_board_at(&b, 2, 3), 3);
    assert_int_equal(b.row[2], 2);
    assert_int_equal(b.col[2], 2);
    rg_board_free(&b);
    assert_int_equal(rg_mem_in_use(), 0);
}

static void board_limits(void **state)
{
    (void)state;
    rg_board b;
    rg_error err;
    rg_error_clear(&err);
    assert_int_equal(rg_board_init(&b, 0, 9, 9, NULL, &err), RG_E_FORMAT);
    assert_string_equal(err.field, "board.rows");
    assert_non_null(strstr(err.message, "got 0"));
    assert_int_equal(rg_board_init(&b, 9, 100, 9, NULL, &err), RG_E_FORMAT);
    assert_string_equal(err.field, "board.columns");
    assert_int_equal(rg_board_init(&b, 9, 9, 33, NULL, &err), RG_E_FORMAT);
    assert_string_equal(err.field, "board.digits");
    assert_int_equal(rg_board_init(&b, 99, 99, 32, NULL, &err), RG_OK);
    assert_int_equal(b.ncells, 99 * 99);
    rg_board_free(&b);
    assert_int_equal(rg_mem_in_use(), 0);
}

static void board_out_of_memory(void **state)
{
    (void)state;
    rg_board b;
    rg_error err;
    rg_error_clear(&err);
    for (long n = 1; n <= 3; n++) {
        rg_mem_fail_after(n);
        assert_int_equal(rg_board_init(&b, 9, 9, 9, NULL, &err), RG_E_NOMEM);
        assert_int_equal(rg_mem_in_use(), 0);
    }
    rg_mem_fail_after(0);
}

/* rg_holders: for lists of 1 to 64 cells (both halves of 32) and digits
 * 0 to 31 (the doubling must stay below 64 bits), the same bits as a test
 * of each cell in turn. */
static void holders_match(void **state)
{
    (void)state;
    rg_mask dom[200];
    int cells[64];
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int t = 0; t < 4000; t++) {
        for (int c = 0; c < 200; c++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            dom[c] = (rg_mask)(x >> 16) & (rg_mask)(x >> 5); /* about a quarter of the bits */
        }
        int n = 1 + t % 64, d = t / 64 % 32;
        for (int k = 0; k < n; k++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            cells[k] = (int)(x % 200);
        }
        uint64_t want = 0;
        for (int k = 0; k < n; k++)
            if (dom[cells[k]] >> d & 1u) want |= (uint64_t)1 << k;
        assert_true(rg_holders(dom, cells, n, d) == want);
    }
    /* every bit: a full domain, all 64 cells, the highest digit */
    for (int c = 0; c < 64; c++) cells[c] = c, dom[c] = ~(rg_mask)0;
    assert_true(rg_holders(dom, cells, 64, 31) == ~(uint64_t)0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_accepts_names),    cmocka_unit_test(parse_refuses_bad_names),
        cmocka_unit_test(name_writes_lower_case), cmocka_unit_test(board_full),
        cmocka_unit_test(board_with_holes),       cmocka_unit_test(board_limits),
        cmocka_unit_test(board_out_of_memory),    cmocka_unit_test(holders_match),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
