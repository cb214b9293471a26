/* Little killer sums over runs of up to three cells, a word (FS_T) per set of
 * sums, included by outside.c once per word type with FS_(name) naming each
 * function; the caller keeps t and 2D below the word's width. */

/* x >> 32 >> 32: the high word of a 128-bit set, 0 of a 64-bit one. */
static int FS_(count)(FS_T x)
{
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 32 >> 32));
}
static int FS_(low)(FS_T x)
{
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 32 >> 32));
}

/* The sums of distinct digits of the run m[0..len-1], len 1..FAST_RUN. */
static FS_T FS_(fast_run_sums)(const rg_mask *m, int len)
{
    if (len == 1) return (FS_T)m[0] << 1;
    FS_T s = 0;
    for (rg_mask x = m[0]; x; x &= x - 1) {
        int a = lowest(x);
        rg_mask ra = m[1] & ~bit(a);
        if (len == 2) {
            s |= (FS_T)ra << (a + 1);
            continue;
        }
        for (rg_mask y = ra; y; y &= y - 1) {
            int b = lowest(y);
            s |= (FS_T)(m[2] & ~bit(a) & ~bit(b)) << (a + b + 1);
        }
    }
    return s;
}

/* out[0..len-1]: the digits of the run's assignments whose sum is in u;
 * returns the digits every such assignment holds. */
static rg_mask FS_(fast_run_digits)(const rg_mask *m, int len, FS_T u, rg_mask *out)
{
    if (len == 1) {
        out[0] = m[0] & (rg_mask)(u >> 1);
        return out[0];
    }
    rg_mask every = ~(rg_mask)0;
    out[0] = out[1] = 0;
    if (len == 3) out[2] = 0;
    for (rg_mask x = m[0]; x; x &= x - 1) {
        int a = lowest(x);
        rg_mask ra = m[1] & ~bit(a);
        if (len == 2) {
            rg_mask hit = ra & (rg_mask)(u >> (a + 1));
            if (hit) out[0] |= bit(a), out[1] |= hit, every &= bit(a) | (single(hit) ? hit : 0);
            continue;
        }
        for (rg_mask y = ra; y; y &= y - 1) {
            int b = lowest(y);
            rg_mask hit = m[2] & ~bit(a) & ~bit(b) & (rg_mask)(u >> (a + b + 1));
            if (hit)
                out[0] |= bit(a), out[1] |= bit(b), out[2] |= hit,
                    every &= bit(a) | bit(b) | (single(hit) ? hit : 0);
        }
    }
    return every;
}

/* {p + v : p in a, v in b}: a shift per element of the smaller set. */
static FS_T FS_(add)(FS_T a, FS_T b)
{
    if (FS_(count)(a) > FS_(count)(b)) {
        FS_T t = a;
        a = b, b = t;
    }
    FS_T s = 0;
    for (; a; a &= a - 1) s |= b << FS_(low)(a);
    return s;
}

/* sum_support over the runs first[0..ng] when t <= FAST_SUM and no run is
 * longer than FAST_RUN. */
static int FS_(fast_support)(const rg_mask *m, const int *first, int ng, long t, rg_mask *out,
                             rg_mask *req, int *rend)
{
    FS_T lim = t + 1 >= (long)(8 * sizeof(FS_T)) ? ~(FS_T)0 : ((FS_T)1 << (t + 1)) - 1;
    FS_T pre[LINE_MAX + 1], run[LINE_MAX];
    pre[0] = 1;
    for (int g = 0; g < ng; g++) {
        run[g] = FS_(fast_run_sums)(m + first[g], first[g + 1] - first[g]) & lim;
        pre[g + 1] = FS_(add)(pre[g], run[g]) & lim;
    }
    if (!(pre[ng] >> t & 1)) return 0;
    FS_T need = (FS_T)1 << t;
    for (int g = ng - 1; g >= 0; g--) {
        /* The run's sums v with p + v in need for some p in pre[g]. */
        FS_T u = 0;
        if (FS_(count)(pre[g]) <= FS_(count)(run[g])) {
            for (FS_T p = pre[g]; p; p &= p - 1) u |= need >> FS_(low)(p);
            u &= run[g];
        } else {
            for (FS_T v = run[g]; v; v &= v - 1) {
                int s = FS_(low)(v);
                if ((pre[g] << s) & need) u |= (FS_T)1 << s;
            }
        }
        rg_mask every =
            FS_(fast_run_digits)(m + first[g], first[g + 1] - first[g], u, out + first[g]);
        for (int k = first[g]; req && k < first[g + 1]; k++)
            req[k] = first[g + 1] - first[g] > 1 ? every : 0, rend[k] = first[g + 1];
        FS_T next = 0;
        for (FS_T v = u; v; v &= v - 1) next |= need >> FS_(low)(v);
        need = next & pre[g];
    }
    return 1;
}
