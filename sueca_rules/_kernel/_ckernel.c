/* The optional compiled play-out kernel of sueca-rules (plain C and the CPython API).
 *
 * The same functions as the pure-Python kernel, card for card and random byte for random byte:
 * `deal_hands` (sueca_rules._kernel._deal), `random_playout` (._playouts), `solve` (._solver) and
 * `heuristic_playout` with the rules of thumb it plays by (sueca_rules.bots._rules_of_thumb).
 * Random numbers come from the Python `random.Random` given, through its own methods
 * (`randbytes`), so that both kernels draw exactly the same numbers from the same seed;
 * tests/test_compiled_kernel.py checks that every result is bit-identical. It is built on first use
 * by sueca_rules._kernel._compiled (never required: without a C compiler the pure kernel runs).
 *
 * Cards are 10 * suit + rank (rank 0 the two, 9 the ace); hands are 40-bit masks.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

static const int RANK_POINTS[10] = {0, 0, 0, 0, 0, 2, 3, 4, 10, 11};
#define PTS(c) (RANK_POINTS[(c) % 10])
#define SUIT(s) ((u64)0x3FF << (10 * (s)))
#define BIT(c) ((u64)1 << (c))
#define SEVEN 8
#define ACE 9
#define NO_CARD (-1)
#define DECK (((u64)1 << 40) - 1)

static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline int high(u64 x) { return 63 - __builtin_clzll(x); }
static inline int low(u64 x) { return __builtin_ctzll(x); }
static inline u64 above(int c) { return SUIT(c / 10) & ~((((u64)2) << c) - 1); }
static inline int beats(int trump, int best, int card) {
    int s = card / 10, b = best / 10;
    return (s == b && card > best) || (s == trump && b != trump);
}
static inline u64 void_cards(int pattern) {
    u64 out = 0;
    for (int s = 0; s < 4; s++)
        if (pattern >> s & 1) out |= SUIT(s);
    return out;
}
/* The index-th card of mask from the lowest-numbered (nth_card). */
static inline int nth_low(u64 mask, int index) {
    while (index--) mask &= mask - 1;
    return low(mask);
}
/* The index-th card of mask from the strongest (highest-numbered). */
static inline int nth_high(u64 mask, int index) {
    while (index--) mask &= ~BIT(high(mask));
    return high(mask);
}

/* --- arguments ---------------------------------------------------------------------------- */

static int get_mask(PyObject *obj, u64 *out) {
    unsigned long long v = PyLong_AsUnsignedLongLong(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    if (v & ~DECK) {
        PyErr_SetString(PyExc_ValueError, "a hand mask must hold cards 0 to 39 only");
        return -1;
    }
    *out = (u64)v;
    return 0;
}

static int get_int(PyObject *obj, long lo, long hi, const char *what, int *out) {
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be %ld to %ld, got %ld", what, lo, hi, v);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* A deal in progress, as the Python `Position` holds it. */
typedef struct {
    u64 hands[4];
    int trump, leader, ntrick, trick[4], points[2], tricks[2], next_seat[4];
} Pos;

static int get_seq(PyObject *obj, Py_ssize_t min, Py_ssize_t max, const char *what,
                   PyObject **fast) {
    *fast = PySequence_Fast(obj, what);
    if (!*fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(*fast);
    if (n < min || n > max) {
        PyErr_Format(PyExc_ValueError, "%s: wrong length %zd", what, n);
        Py_DECREF(*fast);
        return -1;
    }
    return (int)n;
}

/* A sequence of min to max ints, each lo to hi, into out; its length, or -1 (an error set). */
static int get_ints(PyObject *obj, int min, int max, long lo, long hi, const char *what, int *out) {
    PyObject *f;
    int n = get_seq(obj, min, max, what, &f);
    if (n < 0) return -1;
    for (int i = 0; i < n; i++)
        if (get_int(PySequence_Fast_ITEMS(f)[i], lo, hi, what, &out[i]) < 0) {
            Py_DECREF(f);
            return -1;
        }
    Py_DECREF(f);
    return n;
}

static int check_position(const Pos *pos);

static int get_position(PyObject *p, Pos *pos) {
    /* p: a Position (any sequence of its 7 fields). */
    PyObject *fields, *f;
    if (get_seq(p, 7, 7, "a position has 7 fields", &fields) < 0) return -1;
    PyObject **it = PySequence_Fast_ITEMS(fields);
    int ok = -1;
    if (get_seq(it[0], 4, 4, "hands", &f) < 0) goto done;
    for (int s = 0; s < 4; s++)
        if (get_mask(PySequence_Fast_ITEMS(f)[s], &pos->hands[s]) < 0) { Py_DECREF(f); goto done; }
    Py_DECREF(f);
    if (get_int(it[1], 0, 3, "trump", &pos->trump) < 0) goto done;
    if (get_int(it[2], 0, 3, "leader", &pos->leader) < 0) goto done;
    int n = get_ints(it[3], 0, 3, 0, 39, "trick", pos->trick);
    if (n < 0) goto done;
    pos->ntrick = n;
    if (get_ints(it[4], 2, 2, 0, 120, "points", pos->points) < 0) goto done;
    if (get_ints(it[5], 2, 2, 0, 10, "tricks_won", pos->tricks) < 0) goto done;
    if (get_ints(it[6], 4, 4, 0, 3, "next_seat", pos->next_seat) < 0) goto done;
    ok = check_position(pos);
done:
    Py_DECREF(fields);
    return ok;
}

/* Whether pos is a deal the loops can play (-1 and an error set if not): hands and trick apart,
   every seat yet to play to the trick holding one card more than those that have played to it. */
static int check_position(const Pos *pos) {
    int ok = 0;
    u64 seen = 0;
    for (int s = 0; s < 4; s++) {
        if (seen & pos->hands[s]) ok = -1;
        seen |= pos->hands[s];
    }
    for (int i = 0; i < pos->ntrick; i++) {
        if (seen & BIT(pos->trick[i])) ok = -1;
        seen |= BIT(pos->trick[i]);
    }
    int seat = pos->leader, size = popc(pos->hands[seat]) + (pos->ntrick ? 1 : 0);
    for (int i = 0; i < 4; i++) {
        if (popc(pos->hands[seat]) != size - (i < pos->ntrick ? 1 : 0)) ok = -1;
        seat = pos->next_seat[seat];
    }
    if (seat != pos->leader) ok = -1;
    for (int s = 0; s < 4; s++)
        for (int t = 0; t < s; t++)
            if (pos->next_seat[s] == pos->next_seat[t]) ok = -1;
    if (ok < 0)
        PyErr_SetString(PyExc_ValueError,
                        "not a deal in progress: hands and trick overlap, the hand sizes do not "
                        "match the trick, or next_seat is not an order of the four seats");
    return ok;
}

/* Where the trick under way stands (TrickState.of). */
typedef struct { int played, led, best, best_seat, points, to_play; } TrickState;

static TrickState trick_state(const Pos *pos) {
    TrickState t = {0, 0, 0, 0, 0, pos->leader};
    int seat = pos->leader;
    for (int i = 0; i < pos->ntrick; i++) seat = pos->next_seat[seat];
    t.to_play = seat;
    if (!pos->ntrick) return t;
    t.played = pos->ntrick;
    t.led = pos->trick[0] / 10;
    t.best = pos->trick[0];
    t.best_seat = pos->leader;
    t.points = PTS(pos->trick[0]);
    seat = pos->leader;
    for (int i = 1; i < pos->ntrick; i++) {
        seat = pos->next_seat[seat];
        int card = pos->trick[i];
        t.points += PTS(card);
        if (beats(pos->trump, t.best, card)) {
            t.best = card;
            t.best_seat = seat;
        }
    }
    return t;
}

/* --- random bytes ------------------------------------------------------------------------- */

typedef struct {
    PyObject *rng;
    unsigned char buf[64];
    int pos, len;
} Stream;

static PyObject *str_getrandbits; /* "getrandbits", interned at import */

/* n random bytes into the stream: rng.randbytes(n), which is rng.getrandbits(8 * n) in
   little-endian order (called as getrandbits, a C method, and converted here). */
static int stream_fill(Stream *s, int n) {
    PyObject *bits = PyLong_FromLong(8L * n);
    if (!bits) return -1;
    PyObject *v = PyObject_CallMethodOneArg(s->rng, str_getrandbits, bits);
    Py_DECREF(bits);
    if (!v) return -1;
    if (!PyLong_Check(v)) {
        Py_DECREF(v);
        PyErr_SetString(PyExc_TypeError, "rng.getrandbits gave no int");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t got = PyLong_AsNativeBytes(
        v, s->buf, n, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
    int bad = got < 0 || got > n;
#else
    int bad = _PyLong_AsByteArray((PyLongObject *)v, s->buf, (size_t)n, 1, 0) < 0;
#endif
    Py_DECREF(v);
    if (bad) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "rng.getrandbits: too many bits");
        return -1;
    }
    s->pos = 0;
    s->len = n;
    return 0;
}

/* PICK[n][r]: r % n, or 255 for the top 256 % n bytes (passed over); filled at import. */
static unsigned char PICK[11][256];

/* One of 0..n-1 from the next random byte that is not passed over (the top 256 % n are). */
static inline int pick(Stream *s, int n) {
    const unsigned char *table = PICK[n];
    for (;;) {
        if (s->pos == s->len && stream_fill(s, 16) < 0) return -1;
        int v = table[s->buf[s->pos++]];
        if (v != 255) return v;
    }
}

/* --- random_playout ----------------------------------------------------------------------- */

/* seat plays card to a trick: out of its hand, into the trick's points and, if it takes the
   trick, its winning card and seat. */
static inline void lay(u64 *hands, int seat, int card, int trump, int *points, int *best,
                       int *best_seat) {
    hands[seat] &= ~BIT(card);
    *points += PTS(card);
    if (beats(trump, *best, card)) {
        *best = card;
        *best_seat = seat;
    }
}

/* A card of hand picked by a random byte: of the cards of the suit led it holds (follow), the
   i-th strongest; otherwise the i-th lowest-numbered of the n the hand holds (or of `any`
   cards, the hot loop's count); -1 on a Python error. */
static inline int random_card(Stream *st, u64 hand, u64 follow, int any) {
    int i = pick(st, follow ? popc(follow) : any);
    if (i < 0) return -1;
    return follow ? nth_high(follow, i) : nth_low(hand, i);
}

/* The deal of pos played to its end with random legal cards into out (points0, points1, tricks0,
   tricks1); -1 on a Python error. */
static int random_playout_pos(const Pos *start, PyObject *rng, int *out) {
    Pos pos = *start;
    Stream st = {rng, {0}, 0, 0};
    if (stream_fill(&st, 64) < 0) return -1;
    u64 *hands = pos.hands;
    const int *ns = pos.next_seat;
    int trump = pos.trump;
    int p[2] = {pos.points[0], pos.points[1]}, t[2] = {pos.tricks[0], pos.tricks[1]};
    int best_seat = pos.leader;
    if (pos.ntrick) {
        TrickState ts = trick_state(&pos);
        int best = ts.best, points = ts.points, seat = ts.to_play, led = ts.led;
        best_seat = ts.best_seat;
        for (int k = 0; k < 4 - ts.played; k++) {
            u64 hand = hands[seat];
            int card = hand & (hand - 1) ? random_card(&st, hand, hand & SUIT(led), popc(hand))
                                         : high(hand);
            if (card < 0) return -1;
            lay(hands, seat, card, trump, &points, &best, &best_seat);
            seat = ns[seat];
        }
        p[best_seat & 1] += points;
        t[best_seat & 1] += 1;
    }
    int size = popc(hands[best_seat]);
    while (size > 1) {
        int seat = best_seat;
        int i = pick(&st, size);
        if (i < 0) return -1;
        int card = nth_low(hands[seat], i);
        hands[seat] ^= BIT(card);
        int led = card / 10, best = card, points = PTS(card);
        for (int k = 0; k < 3; k++) {
            seat = ns[seat];
            card = random_card(&st, hands[seat], hands[seat] & SUIT(led), size);
            if (card < 0) return -1;
            lay(hands, seat, card, trump, &points, &best, &best_seat);
        }
        p[best_seat & 1] += points;
        t[best_seat & 1] += 1;
        size--;
    }
    if (size) {
        int seat = best_seat, best = high(hands[seat]), points = PTS(best);
        for (int k = 0; k < 3; k++) {
            seat = ns[seat];
            lay(hands, seat, high(hands[seat]), trump, &points, &best, &best_seat);
        }
        p[best_seat & 1] += points;
        t[best_seat & 1] += 1;
    }
    out[0] = p[0];
    out[1] = p[1];
    out[2] = t[0];
    out[3] = t[1];
    return 0;
}

static PyObject *c_random_playout(PyObject *self, PyObject *args) {
    PyObject *position, *rng;
    if (!PyArg_ParseTuple(args, "OO", &position, &rng)) return NULL;
    Pos pos;
    if (get_position(position, &pos) < 0) return NULL;
    int out[4];
    if (random_playout_pos(&pos, rng, out) < 0) return NULL;
    return Py_BuildValue("(iiii)", out[0], out[1], out[2], out[3]);
}

/* --- random_subset, deal_to_seats (_deal.py) --------------------------------------------- */

static PyObject *str_random, *int_40;

static int bits40(PyObject *rng, u64 *out) {
    PyObject *v = PyObject_CallMethodOneArg(rng, str_getrandbits, int_40);
    if (!v) return -1;
    unsigned long long x = PyLong_AsUnsignedLongLong(v);
    Py_DECREF(v);
    if (x == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (u64)x;
    return 0;
}

static int uniform(PyObject *rng, double *out) {
    PyObject *v = PyObject_CallMethodNoArgs(rng, str_random);
    if (!v) return -1;
    double x = PyFloat_AsDouble(v);
    Py_DECREF(v);
    if (x == -1.0 && PyErr_Occurred()) return -1;
    *out = x;
    return 0;
}

/* A uniformly random set of size cards of pool (_deal.random_subset, the same draws). */
static int subset(u64 pool, int size, PyObject *rng, u64 *out) {
    int count = popc(pool);
    if (size >= count) {
        *out = pool;
        return 0;
    }
    if (size <= 0) {
        *out = 0;
        return 0;
    }
    int eighths = (8 * size + count / 2) / count;
    if (eighths < 1) eighths = 1;
    if (eighths > 7) eighths = 7;
    u64 bits = 0, word;
    for (int i = 0; i < 3; i++) {
        if (bits40(rng, &word) < 0) return -1;
        bits = (eighths >> i & 1) ? (word | bits) : (word & bits);
    }
    u64 chosen = bits & pool;
    int have = popc(chosen);
    double r;
    while (have > size) {
        if (uniform(rng, &r) < 0) return -1;
        chosen &= ~BIT(nth_low(chosen, (int)(r * have)));
        have--;
    }
    while (have < size) {
        if (uniform(rng, &r) < 0) return -1;
        chosen |= BIT(nth_low(pool & ~chosen, (int)(r * (count - have))));
        have++;
    }
    *out = chosen;
    return 0;
}

static PyObject *c_random_subset(PyObject *self, PyObject *args) {
    unsigned long long pool;
    int size;
    PyObject *rng;
    if (!PyArg_ParseTuple(args, "KiO", &pool, &size, &rng)) return NULL;
    if (pool & ~DECK) {
        PyErr_SetString(PyExc_ValueError, "random_subset: cards 0 to 39 only");
        return NULL;
    }
    u64 out;
    if (subset((u64)pool, size, rng, &out) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(out);
}

/* How the unseen cards are dealt (_hidden_hands.Sampler): by a _VoidPlan, or to the seats by
   their sizes alone; `base` the known cards of each hand (see dealer_of, deal_one). */
typedef struct {
    int planned;
    Py_buffer counts, cum;
    Py_ssize_t n;
    u64 total, pool, second_only, both, base[4];
    int first, second, third, size_second, sizes[4];
} Dealer;
static int dealer_of(PyObject *spec, Dealer *d);
static void dealer_release(Dealer *d);
static int deal_one(const Dealer *d, PyObject *rng, u64 *out);
static PyObject *hands_list(const u64 *h);

/* One deal by a deal spec (see dealer_of): the four hands as a list. */
static PyObject *deal_by(PyObject *spec, PyObject *rng) {
    Dealer d;
    u64 hands[4];
    if (dealer_of(spec, &d) < 0) return NULL;
    PyObject *out = deal_one(&d, rng, hands) < 0 ? NULL : hands_list(hands);
    dealer_release(&d);
    return out;
}

/* deal_to_seats(pool, sizes, rng): a deal spec (pool, sizes, base) with no known cards. */
static PyObject *c_deal_to_seats(PyObject *self, PyObject *args) {
    PyObject *pool, *sizes, *rng;
    if (!PyArg_ParseTuple(args, "OOO", &pool, &sizes, &rng)) return NULL;
    PyObject *spec = Py_BuildValue("(OO(iiii))", pool, sizes, 0, 0, 0, 0);
    if (!spec) return NULL;
    PyObject *out = deal_by(spec, rng);
    Py_DECREF(spec);
    return out;
}

/* plan_deal(counts, cumulative, total, pool, first, second, third, size_second, second_only,
   both, base, rng): bots._hidden_hands._VoidPlan.deal (the same draws), the four hands with
   the known cards of `base` added. counts: 4 bytes a composition; cumulative: 8 bytes
   (little-endian) each; total below 2**63. (A deal spec and the rng: see deal_one.) */
static PyObject *c_plan_deal(PyObject *self, PyObject *args) {
    if (PyTuple_GET_SIZE(args) != 12) {
        PyErr_SetString(PyExc_TypeError, "plan_deal takes 12 arguments");
        return NULL;
    }
    PyObject *spec = PyTuple_GetSlice(args, 0, 11);
    if (!spec) return NULL;
    PyObject *out = deal_by(spec, PyTuple_GET_ITEM(args, 11));
    Py_DECREF(spec);
    return out;
}

/* --- deal_hands --------------------------------------------------------------------------- */

static int deal_hands_into(PyObject *rng, u64 *out);

static PyObject *c_deal_hands(PyObject *self, PyObject *rng) {
    u64 hands[4];
    if (deal_hands_into(rng, hands) < 0) return NULL;
    return Py_BuildValue("[KKKK]", (unsigned long long)hands[0], (unsigned long long)hands[1],
                         (unsigned long long)hands[2], (unsigned long long)hands[3]);
}

/* random_deals(count, leader, next_seat, rng): what `count` times `deal_hands(rng)`, a trump
   suit `rng.getrandbits(2)` and `random_playout()` of the deal led by `leader` give, in one
   call (a study of random play; `benchmarks/run.py` times it): a list of outcomes. */
static PyObject *c_random_deals(PyObject *self, PyObject *args) {
    int count, leader;
    PyObject *next_seat, *rng;
    if (!PyArg_ParseTuple(args, "iiOO", &count, &leader, &next_seat, &rng)) return NULL;
    if (count < 0 || count > 100000000 || leader < 0 || leader > 3) {
        PyErr_SetString(PyExc_ValueError, "random_deals: count or leader out of range");
        return NULL;
    }
    Pos pos;
    memset(&pos, 0, sizeof pos);
    if (get_ints(next_seat, 4, 4, 0, 3, "next_seat", pos.next_seat) < 0) return NULL;
    PyObject *two = PyLong_FromLong(2);
    PyObject *list = PyList_New(count);
    if (!two || !list) goto fail;
    for (int d = 0; d < count; d++) {
        if (deal_hands_into(rng, pos.hands) < 0) goto fail;
        PyObject *trump = PyObject_CallMethodOneArg(rng, str_getrandbits, two);
        if (!trump) goto fail;
        pos.trump = (int)PyLong_AsLong(trump);
        Py_DECREF(trump);
        if (pos.trump < 0 || pos.trump > 3) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "getrandbits(2) gave no suit");
            goto fail;
        }
        pos.leader = leader;
        int out[4];
        if (random_playout_pos(&pos, rng, out) < 0) goto fail;
        PyObject *item = Py_BuildValue("(iiii)", out[0], out[1], out[2], out[3]);
        if (!item) goto fail;
        PyList_SET_ITEM(list, d, item);
    }
    Py_DECREF(two);
    return list;
fail:
    Py_XDECREF(two);
    Py_XDECREF(list);
    return NULL;
}

static int deal_hands_into(PyObject *rng, u64 *out) {
    Stream st = {rng, {0}, 0, 0};
    if (stream_fill(&st, 42) < 0) return -1; /* getrandbits(336), little-endian */
    u64 lo = 0, hi = 0;
    for (int i = 0; i < 5; i++) lo |= (u64)st.buf[i] << (8 * i);
    for (int i = 0; i < 5; i++) hi |= (u64)st.buf[5 + i] << (8 * i);
    u64 hands[4] = {DECK & ~(lo | hi), lo & ~hi, hi & ~lo, lo & hi};
    int counts[4];
    for (int s = 0; s < 4; s++) counts[s] = popc(hands[s]);
    st.pos = 10;
    int short_seat = -1, wanted = 0;
    for (int seat = 0; seat < 4; seat++) {
        int excess = counts[seat] - 10;
        if (excess <= 0) continue;
        u64 hand = hands[seat];
        while (excess) {
            u64 card = 0;
            while (!card) {
                if (st.pos == st.len && stream_fill(&st, 32) < 0) return -1;
                int r = st.buf[st.pos++];
                u64 c = r < 240 ? BIT(r % 40) : 0;
                if (hand & c) card = c;
            }
            if (!wanted) {
                short_seat++;
                while (counts[short_seat] >= 10) short_seat++;
                wanted = 10 - counts[short_seat];
            }
            hand ^= card;
            hands[short_seat] |= card;
            wanted--;
            excess--;
        }
        hands[seat] = hand;
    }
    memcpy(out, hands, sizeof hands);
    return 0;
}

/* --- solve -------------------------------------------------------------------------------- */

typedef struct {
    u64 hands[4];
    uint32_t gen; /* the search it belongs to: an entry of another is empty */
    int8_t leader, lo, hi;
} Entry;

typedef struct {
    u64 hands[4];
    int trump, ns[4];
    PyObject *stop;
    long ticks;
    int aborted; /* 1: stop said so; 2: a Python error */
    Entry *table;
    size_t mask, count;
    uint32_t gen;
} Search;

/* The table of the searches, kept between them (a search marks its entries with its own
   generation number, so none is cleared); a search started while it is in use (from a `stop`
   test) gets a table of its own. */
static Entry *shared_table;
static size_t shared_mask;
static uint32_t shared_gen;
static int shared_busy;

#define CHECK_EVERY 4096

static size_t hash_key(const u64 *h, int leader) {
    u64 x = h[0] * 0x9E3779B97F4A7C15ULL;
    x ^= h[1] + 0x632BE59BD9B4E019ULL + (x << 6) + (x >> 2);
    x ^= h[2] * 0xC2B2AE3D27D4EB4FULL + (x << 6) + (x >> 2);
    x ^= h[3] * 0x165667B19E3779F9ULL + (x << 6) + (x >> 2) + (u64)leader;
    x ^= x >> 29;
    return (size_t)x;
}

static Entry *find(Search *s, const u64 *h, int leader) {
    size_t i = hash_key(h, leader) & s->mask;
    for (;;) {
        Entry *e = &s->table[i];
        if (e->gen != s->gen) return e;
        if (e->leader == leader && e->hands[0] == h[0] && e->hands[1] == h[1] &&
            e->hands[2] == h[2] && e->hands[3] == h[3])
            return e;
        i = (i + 1) & s->mask;
    }
}

static int grow(Search *s) {
    size_t old = s->mask + 1;
    Entry *was = s->table;
    s->table = calloc(2 * old, sizeof(Entry));
    if (!s->table) {
        s->table = was;
        return -1;
    }
    s->mask = 2 * old - 1;
    for (size_t i = 0; i < old; i++)
        if (was[i].gen == s->gen) *find(s, was[i].hands, was[i].leader) = was[i];
    free(was);
    return 0;
}

static int last_trick(Search *s, int leader) {
    int seat = leader, best = high(s->hands[seat]), best_seat = seat, points = PTS(best);
    for (int k = 0; k < 3; k++) {
        seat = s->ns[seat];
        int card = high(s->hands[seat]);
        points += PTS(card);
        if (beats(s->trump, best, card)) {
            best = card;
            best_seat = seat;
        }
    }
    return best_seat & 1 ? 0 : points;
}

static int value(Search *s, int seat, int played, int led, int best, int best_seat,
                 int trick_points, u64 trick_mask, int alpha, int beta);

static int from_lead(Search *s, int leader, int alpha, int beta) {
    u64 hand = s->hands[leader];
    if (!(hand & (hand - 1))) return hand ? last_trick(s, leader) : 0;
    Entry *e = find(s, s->hands, leader);
    int lo = 0, hi = 120;
    if (e->gen == s->gen) {
        lo = e->lo;
        hi = e->hi;
    }
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    int v = value(s, leader, 0, 0, 0, 0, 0, 0, alpha > lo - 1 ? alpha : lo - 1,
                  beta < hi + 1 ? beta : hi + 1);
    if (s->aborted) return 0;
    if (v <= alpha) {
        if (v < hi) hi = v;
    } else if (v >= beta) {
        if (v > lo) lo = v;
    } else {
        lo = hi = v;
    }
    e = find(s, s->hands, leader); /* the table may have grown meanwhile */
    if (e->gen != s->gen) {
        if (2 * (s->count + 1) > s->mask + 1) {
            if (grow(s) < 0) {
                s->aborted = 2;
                PyErr_NoMemory();
                return 0;
            }
            e = find(s, s->hands, leader);
        }
        s->count++;
        e->gen = s->gen;
        memcpy(e->hands, s->hands, sizeof e->hands);
        e->leader = (int8_t)leader;
    }
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    return v;
}

static int value(Search *s, int seat, int played, int led, int best, int best_seat,
                 int trick_points, u64 trick_mask, int alpha, int beta) {
    if (s->stop && --s->ticks <= 0) {
        s->ticks = CHECK_EVERY;
        PyObject *r = PyObject_CallNoArgs(s->stop);
        if (!r) {
            s->aborted = 2;
            return 0;
        }
        int yes = PyObject_IsTrue(r);
        Py_DECREF(r);
        if (yes) {
            s->aborted = yes < 0 ? 2 : 1;
            return 0;
        }
    }
    u64 *hands = s->hands;
    u64 hand = hands[seat], legal = hand;
    if (played) {
        u64 follow = hand & SUIT(led);
        if (follow) legal = follow;
    }
    u64 elsewhere = (hands[0] | hands[1] | hands[2] | hands[3] | trick_mask) & ~hand;
    int maximize = !(seat & 1);
    int result_value = maximize ? -1 : 121;
    /* The cards in the order to try them: those that take the trick (all, leading) highest
       first, then the others lowest first. */
    int order[10], n = 0;
    u64 winners = 0;
    if (!played) {
        winners = legal;
    } else {
        for (u64 c = legal; c; c &= c - 1) {
            int card = low(c);
            if (beats(s->trump, best, card)) winners |= BIT(card);
        }
    }
    for (u64 c = winners; c; c &= ~BIT(high(c))) order[n++] = high(c);
    for (u64 c = legal & ~winners; c; c &= c - 1) order[n++] = low(c);
    int previous = -1;
    for (int k = 0; k < n; k++) {
        int card = order[k];
        if (previous >= 0 && previous / 10 == card / 10 && PTS(previous) == PTS(card)) {
            int a = previous < card ? previous : card, b = previous < card ? card : previous;
            if (!(elsewhere & (above(a) ^ above(b)) & ~BIT(b))) continue;
        }
        previous = card;
        hands[seat] = hand ^ BIT(card);
        int points = trick_points + PTS(card), result;
        if (!played) {
            result = value(s, s->ns[seat], 1, card / 10, card, seat, points, BIT(card), alpha, beta);
        } else {
            int winner = beats(s->trump, best, card) ? seat : best_seat;
            if (played == 3) {
                int gain = winner & 1 ? 0 : points;
                result = gain + from_lead(s, winner, alpha - gain, beta - gain);
            } else {
                int top = winner == seat ? card : best;
                result = value(s, s->ns[seat], played + 1, led, top, winner, points,
                               trick_mask | BIT(card), alpha, beta);
            }
        }
        hands[seat] = hand;
        if (s->aborted) return 0;
        if (maximize) {
            if (result > result_value) {
                result_value = result;
                if (result > alpha) alpha = result;
            }
        } else if (result < result_value) {
            result_value = result;
            if (result < beta) beta = result;
        }
        if (alpha >= beta) break;
    }
    return result_value;
}

/* Team 0's points from pos to the end; -1 when stopped (-2 and a Python error set). */
static int solve_pos(const Pos *pos, PyObject *stop) {
    Search s;
    memcpy(s.hands, pos->hands, sizeof s.hands);
    s.trump = pos->trump;
    memcpy(s.ns, pos->next_seat, sizeof s.ns);
    s.stop = stop;
    s.ticks = CHECK_EVERY;
    s.aborted = 0;
    s.count = 0;
    int own = shared_busy;
    if (own) {
        s.mask = 255;
        s.gen = 1;
        s.table = calloc(s.mask + 1, sizeof(Entry));
    } else {
        if (!shared_table) {
            shared_mask = 1023;
            shared_table = calloc(shared_mask + 1, sizeof(Entry));
        }
        if (++shared_gen == 0) { /* wrapped: clear every mark */
            memset(shared_table, 0, (shared_mask + 1) * sizeof(Entry));
            shared_gen = 1;
        }
        s.mask = shared_mask;
        s.gen = shared_gen;
        s.table = shared_table;
        shared_busy = 1;
    }
    if (!s.table) {
        shared_busy = 0;
        PyErr_NoMemory();
        return -2;
    }
    TrickState ts = trick_state(pos);
    int v;
    if (!ts.played) {
        v = from_lead(&s, ts.to_play, -1, 121);
    } else {
        u64 trick_mask = 0;
        for (int i = 0; i < pos->ntrick; i++) trick_mask |= BIT(pos->trick[i]);
        v = value(&s, ts.to_play, ts.played, ts.led, ts.best, ts.best_seat, ts.points, trick_mask,
                  -1, 121);
    }
    if (own) {
        free(s.table);
    } else {
        shared_table = s.table; /* it may have grown */
        shared_mask = s.mask;
        shared_busy = 0;
    }
    if (s.aborted) return s.aborted == 1 ? -1 : -2;
    return v;
}

static PyObject *c_solve(PyObject *self, PyObject *args) {
    PyObject *position, *stop = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &position, &stop)) return NULL;
    Pos pos;
    if (get_position(position, &pos) < 0) return NULL;
    int v = solve_pos(&pos, stop == Py_None ? NULL : stop);
    if (v == -2) return NULL;
    if (v == -1) Py_RETURN_NONE;
    return PyLong_FromLong(v);
}

/* Whether stop() says the time is up (-1: an error). */
static int stopped_now(PyObject *stop) {
    PyObject *r = PyObject_CallNoArgs(stop);
    if (!r) return -1;
    int truth = PyObject_IsTrue(r);
    Py_DECREF(r);
    return truth;
}

static int get_base(PyObject *obj, u64 *base);

/* --- the rules of thumb (bots/_rules_of_thumb.py) ---------------------------------------- */

typedef struct {
    int trump;
    const int *ns;
    u64 unseen;
    u64 voids;
    int held_seat, held_card; /* held_card -1: none */
    int memory;
} Know;

static int ruff_suits(int seat, const Know *k) {
    int suits = 0;
    int rivals[2] = {k->ns[seat], k->ns[seat ^ 2]};
    for (int i = 0; i < 2; i++) {
        int rv = (int)(k->voids >> (4 * rivals[i]) & 15);
        if (!(rv >> k->trump & 1)) suits |= rv;
    }
    return suits;
}

static int can_cash(int suit, int seat, int left, const Know *k) {
    if (!k->memory) return left >= 6;
    if (!(k->unseen & SUIT(k->trump))) return 1;
    if (ruff_suits(seat, k) >> suit & 1) return 0;
    return popc(k->unseen & SUIT(suit)) >= 3;
}

static int winning_card(u64 legal, int best, int led, int trump, int trick_points, u64 higher,
                        int ruff, u64 hand) {
    u64 suit_led = SUIT(led);
    if (legal & suit_led) {
        if (led != trump && (ruff || best / 10 == trump)) return NO_CARD;
        int floor = best;
        u64 rivals = higher & suit_led;
        if (rivals && high(rivals) > floor) floor = high(rivals);
        u64 winners = legal & above(floor);
        if (!winners) return NO_CARD;
        int top = high(winners);
        return PTS(top) ? top : low(winners);
    }
    u64 trumps = legal & SUIT(trump);
    int late = popc(hand) <= 3;
    if (led == trump || !trumps || (trick_points < 2 && !late)) return NO_CARD;
    u64 winners = trumps, rivals = higher & SUIT(trump);
    int floor = best / 10 == trump ? best : -1;
    if (rivals && high(rivals) > floor) floor = high(rivals);
    if (floor >= 0) winners &= above(floor);
    if (trick_points < 10 && !late) winners &= ~(BIT(10 * trump + SEVEN) | BIT(10 * trump + ACE));
    return winners ? low(winners) : NO_CARD;
}

static int discard(u64 legal, u64 hand, int follows, int trump, u64 unseen) {
    if (follows) return low(legal);
    int pick_card = NO_CARD, pick_key = 1000000000;
    for (int suit = 0; suit < 4; suit++) {
        u64 mine = legal & SUIT(suit);
        if (!mine) continue;
        int card = low(mine), key = PTS(card) * 64 + card % 10;
        if (suit == trump) {
            key += 2000;
        } else {
            int length = popc(hand & SUIT(suit));
            key += length * 2;
            int seven = 10 * suit + SEVEN;
            if ((hand >> seven & 1) && card != seven && length <= 2 && (unseen >> (seven + 1) & 1))
                key += 40;
        }
        if (key < pick_key) {
            pick_key = key;
            pick_card = card;
        }
    }
    return pick_card;
}

static int load(u64 legal, u64 hand, int follows, int seat, const Know *k) {
    int trump = k->trump;
    u64 unseen = k->unseen, cards = legal;
    if (!follows) {
        cards = legal & ~SUIT(trump);
        if (!cards) return discard(legal, hand, follows, trump, unseen);
    }
    int left = popc(hand), pick_card = NO_CARD, pick_key = -1000000000;
    for (; cards; cards &= cards - 1) {
        int card = low(cards), rank = card % 10, key = PTS(card) * 16 + rank;
        int master = !(unseen & above(card));
        if (card / 10 == trump) {
            if (master || rank >= SEVEN) key = -1000 - rank;
        } else if (!follows && master && can_cash(card / 10, seat, left, k)) {
            key -= 200;
        }
        if (key > pick_key) {
            pick_key = key;
            pick_card = card;
        }
    }
    return pick_card;
}

static int follow_card(u64 hand, u64 legal, int follows, int seat, int led, int best,
                       int best_seat, int trick_points, int played, const Know *k) {
    int trump = k->trump;
    u64 higher = 0;
    int ruff = 0;
    if (played < 3) {
        int rival = k->ns[seat];
        int rival_voids = (int)(k->voids >> (4 * rival) & 15);
        u64 cards = k->unseen & ~void_cards(rival_voids);
        if (k->held_card >= 0)
            cards = k->held_seat == rival ? cards | BIT(k->held_card) : cards & ~BIT(k->held_card);
        if (rival_voids >> led & 1) {
            higher = cards & SUIT(trump);
            ruff = higher != 0;
        } else {
            higher = cards & SUIT(led);
        }
    }
    if (best_seat == (seat ^ 2)) {
        if (!((higher & above(best)) || (ruff && best / 10 != trump)))
            return load(legal, hand, follows, seat, k);
        int win = winning_card(legal, best, led, trump, trick_points, higher, ruff, hand);
        if (win >= 0 && trick_points + PTS(win) >= 10) return win;
        return discard(legal, hand, follows, trump, k->unseen);
    }
    int win = winning_card(legal, best, led, trump, trick_points, higher, ruff, hand);
    if (win >= 0) return win;
    return discard(legal, hand, follows, trump, k->unseen);
}

static int cash_master(u64 hand, int seat, int ruff, const Know *k) {
    u64 unseen = k->unseen, trumps_out = unseen & SUIT(k->trump);
    int left = popc(hand), best = NO_CARD, best_key = -1;
    for (int suit = 0; suit < 4; suit++) {
        if (suit == k->trump) continue;
        u64 mine = hand & SUIT(suit);
        if (!mine) continue;
        int top = high(mine);
        if (!PTS(top) || (unseen & above(top))) continue;
        int out = popc(unseen & SUIT(suit));
        if (k->memory) {
            if (trumps_out && ((ruff >> suit & 1) || out < 3)) continue;
        } else if (left < 6) {
            continue;
        }
        int key = PTS(top) * 16 + out;
        if (key > best_key) {
            best_key = key;
            best = top;
        }
    }
    return best;
}

static int lead_for_partner_to_trump(u64 hand, int seat, const Know *k) {
    int trump = k->trump;
    int mate_voids = (int)(k->voids >> (4 * (seat ^ 2)) & 15);
    if (!(k->unseen & SUIT(trump)) || (mate_voids >> trump & 1)) return NO_CARD;
    for (int suit = 0; suit < 4; suit++) {
        if (suit == trump || !(mate_voids >> suit & 1)) continue;
        u64 mine = hand & SUIT(suit);
        if (!mine) continue;
        int c = low(mine);
        if (PTS(c) < 10) return c;
    }
    return NO_CARD;
}

static int draw_trumps(u64 hand, int seat, const Know *k) {
    int trump = k->trump;
    u64 trumps_out = k->unseen & SUIT(trump), mine = hand & SUIT(trump);
    if (!mine || !trumps_out) return NO_CARD;
    int first = k->ns[seat], second = k->ns[seat ^ 2];
    if ((k->voids >> (4 * first + trump) & 1) && (k->voids >> (4 * second + trump) & 1))
        return NO_CARD;
    int count = popc(mine), top = high(mine);
    int top_is_master = !(k->unseen & above(top));
    if (count >= 4 || (count >= 3 && top_is_master)) return low(mine);
    if (top_is_master && count >= popc(trumps_out)) return top;
    return NO_CARD;
}

static int cheapest_lead(u64 hand, int seat, int ruff, const Know *k) {
    int trump = k->trump;
    u64 unseen = k->unseen;
    int mate_voids = k->memory ? (int)(k->voids >> (4 * (seat ^ 2)) & 15) : 0;
    if (!(unseen & SUIT(trump)))
        ruff = 0;
    else if (!k->memory)
        ruff = ruff_suits(seat, k);
    int pick_card = NO_CARD, pick_key = 1000000000;
    for (int suit = 0; suit < 4; suit++) {
        u64 mine = hand & SUIT(suit);
        if (!mine) continue;
        int extra;
        if (suit == trump) {
            extra = 3000;
        } else {
            int seven = 10 * suit + SEVEN;
            extra = ((hand >> seven & 1) && (unseen >> (seven + 1) & 1)) ? 1500 : 0;
            if (ruff >> suit & 1) extra += 800;
            if (mate_voids >> suit & 1) extra -= 100;
        }
        int c = low(mine);
        if (!PTS(c)) {
            int key = c % 10 + extra;
            if (key < pick_key) {
                pick_key = key;
                pick_card = c;
            }
            continue;
        }
        for (; mine; mine &= mine - 1) {
            int card = low(mine);
            int key = PTS(card) * 64 + card % 10 + extra;
            if (suit != trump && (unseen & above(card))) key += 500;
            if (key < pick_key) {
                pick_key = key;
                pick_card = card;
            }
        }
    }
    return pick_card;
}

static int lead_card(u64 hand, int seat, const Know *k) {
    int ruff = k->memory && k->voids ? ruff_suits(seat, k) : 0;
    int card = cash_master(hand, seat, ruff, k);
    if (card >= 0) return card;
    if (k->memory) {
        card = lead_for_partner_to_trump(hand, seat, k);
        if (card >= 0) return card;
        card = draw_trumps(hand, seat, k);
        if (card >= 0) return card;
    }
    return cheapest_lead(hand, seat, ruff, k);
}

/* The deal from pos (a copy, played on) to its end by the rules of thumb (heuristic_playout):
   0 and the tally (points0, points1, tricks0, tricks1); -1 when stop said so, -2 on an error. */
static int heuristic_pos(Pos pos, u64 voids_in, int held_seat, int held_card, int first,
                         int exact_tricks, PyObject *stop, int *tally) {
    u64 *hands = pos.hands;
    const int *ns = pos.next_seat;
    tally[0] = pos.points[0];
    tally[1] = pos.points[1];
    tally[2] = pos.tricks[0];
    tally[3] = pos.tricks[1];
    u64 in_hands = hands[0] | hands[1] | hands[2] | hands[3];
    if (held_card >= 0 && !(in_hands & BIT(held_card))) held_card = -1;
    Know k = {pos.trump, ns, 0, voids_in & 0xFFFF, held_seat, held_card, 1};
    TrickState ts = trick_state(&pos);
    int played = ts.played, led = ts.led, best = ts.best, best_seat = ts.best_seat;
    int trick_points = ts.points, seat = ts.to_play;
    if (played) seat = ns[ns[ns[seat]]];
    for (;;) {
        if (!played) {
            u64 hand = hands[seat];
            if (!hand) break;
            if (exact_tricks && popc(in_hands) <= 4 * exact_tricks && first < 0) {
                Pos end;
                memcpy(end.hands, hands, sizeof end.hands);
                end.trump = pos.trump;
                end.leader = seat;
                end.ntrick = 0;
                end.points[0] = end.points[1] = end.tricks[0] = end.tricks[1] = 0;
                memcpy(end.next_seat, ns, sizeof end.next_seat);
                int team0 = solve_pos(&end, stop);
                if (team0 < 0) return team0;
                tally[1] += 120 - tally[0] - tally[1] - team0;
                tally[0] += team0;
                break;
            }
            int card;
            if (first >= 0) {
                card = first;
                first = NO_CARD;
            } else if (hand & (hand - 1)) {
                k.unseen = in_hands & ~hand;
                card = lead_card(hand, seat, &k);
            } else {
                card = high(hand);
            }
            hands[seat] = hand ^ BIT(card);
            in_hands ^= BIT(card);
            if (card == k.held_card) k.held_card = -1;
            led = card / 10;
            best = card;
            best_seat = seat;
            trick_points = PTS(card);
            played = 1;
        }
        for (int place = played; place < 4; place++) {
            seat = ns[seat];
            u64 hand = hands[seat], follow = hand & SUIT(led), legal = follow ? follow : hand;
            int card;
            if (first >= 0) {
                card = first;
                first = NO_CARD;
            } else if (!(legal & (legal - 1))) {
                card = high(legal);
            } else {
                k.unseen = in_hands & ~hand;
                card = follow_card(hand, legal, follow != 0, seat, led, best, best_seat,
                                   trick_points, place, &k);
            }
            if (!follow) k.voids |= (u64)1 << (4 * seat + led);
            hands[seat] = hand ^ BIT(card);
            in_hands ^= BIT(card);
            if (card == k.held_card) k.held_card = -1;
            trick_points += PTS(card);
            if (beats(pos.trump, best, card)) {
                best = card;
                best_seat = seat;
            }
        }
        tally[best_seat & 1] += trick_points;
        tally[2 + (best_seat & 1)] += 1;
        played = 0;
        seat = best_seat;
    }
    return 0;
}

/* heuristic_playout(position, voids, held_seat, held_card, first, exact_tricks, stop):
   (points0, points1, tricks0, tricks1), or None when stop said so. held_card -1: none. */
static PyObject *c_heuristic_playout(PyObject *self, PyObject *args) {
    PyObject *position, *stop = Py_None;
    unsigned long long voids_in;
    int held_seat, held_card, first, exact_tricks;
    if (!PyArg_ParseTuple(args, "OKiiii|O", &position, &voids_in, &held_seat, &held_card, &first,
                          &exact_tricks, &stop))
        return NULL;
    Pos pos;
    if (get_position(position, &pos) < 0) return NULL;
    if (held_card < -1 || held_card > 39 || held_seat < 0 || held_seat > 3 || first < -1 ||
        first > 39 || exact_tricks < 0 || exact_tricks > 10) {
        PyErr_SetString(PyExc_ValueError, "heuristic_playout: an argument is out of range");
        return NULL;
    }
    int tally[4];
    int r = heuristic_pos(pos, (u64)voids_in, held_seat, held_card, first, exact_tricks,
                          stop == Py_None ? NULL : stop, tally);
    if (r == -2) return NULL;
    if (r == -1) Py_RETURN_NONE;
    return Py_BuildValue("(iiii)", tally[0], tally[1], tally[2], tally[3]);
}

/* pos after card is played (_playouts.play_cards with one card, not checked). */
static void play_one(Pos *pos, int card) {
    int seat = pos->leader;
    for (int i = 0; i < pos->ntrick; i++) seat = pos->next_seat[seat];
    pos->hands[seat] &= ~BIT(card);
    pos->trick[pos->ntrick++] = card;
    if (pos->ntrick < 4) return;
    int best = pos->trick[0], winner = pos->leader, points = PTS(best);
    seat = pos->leader;
    for (int i = 1; i < 4; i++) {
        seat = pos->next_seat[seat];
        points += PTS(pos->trick[i]);
        if (beats(pos->trump, best, pos->trick[i])) {
            best = pos->trick[i];
            winner = seat;
        }
    }
    pos->points[winner & 1] += points;
    pos->tricks[winner & 1] += 1;
    pos->ntrick = 0;
    pos->leader = winner;
}

/* The value of an end of deal to team (bots._sampling._end_value): tables[0..120] by the team's
   points, tables[121] a sweep of the tricks, tables[122] being swept. */
static double end_value(const int *end, int team, const double *tables) {
    int mine = end[team], my_tricks = end[2 + team], their_tricks = end[3 - team];
    if (my_tricks + their_tricks == 10) {
        if (my_tricks == 10) return tables[121];
        if (their_tricks == 10) return tables[122];
    } else {
        if (mine == 120 && !their_tricks) return tables[121];
        if (!mine && !my_tricks) return tables[122];
    }
    return tables[mine];
}

/* play_deals(start, deals, cards, exact, voids, held_seat, held_card, endgame_tricks, team,
   tables, stop): SamplingBot._play_out for each deal of the list `deals` (four hands each, the
   rest of the position as in the Position `start`): the value of playing each of `cards` then
   the deal to its end, solved exactly (`exact`) or by the rules of thumb, the last
   `endgame_tricks` tricks solved. tables: 123 doubles (see end_value). (rows, stopped): a list of
   values per deal played out, and whether `stop` (or None) said stop, asked before each card but
   the first of a deal (the deal under way then dropped) and after each deal. */
static PyObject *c_play_deals(PyObject *self, PyObject *args) {
    PyObject *start, *deals, *cards_obj, *stop;
    Py_buffer tables;
    unsigned long long voids;
    int exact, held_seat, held_card, endgame_tricks, team;
    if (!PyArg_ParseTuple(args, "OO!OpKiiiiy*O", &start, &PyList_Type, &deals, &cards_obj, &exact,
                          &voids, &held_seat, &held_card, &endgame_tricks, &team, &tables, &stop))
        return NULL;
    PyObject *rows = NULL, *result = NULL;
    int cards[40];
    Pos base;
    int ncards = get_ints(cards_obj, 1, 40, 0, 39, "cards", cards);
    if (ncards < 0 || get_position(start, &base) < 0) goto done;
    if (tables.len != 123 * (Py_ssize_t)sizeof(double) || held_card < -1 || held_card > 39 ||
        held_seat < 0 || held_seat > 3 || endgame_tricks < 0 || endgame_tricks > 10 || team < 0 ||
        team > 1) {
        PyErr_SetString(PyExc_ValueError, "play_deals: an argument is out of range");
        goto done;
    }
    const double *table = tables.buf;
    PyObject *halt = stop == Py_None ? NULL : stop;
    Py_ssize_t n = PyList_GET_SIZE(deals);
    rows = PyList_New(0);
    if (!rows) goto done;
    int stopped = 0;
    for (Py_ssize_t d = 0; d < n && !stopped; d++) {
        Pos now = base;
        if (get_base(PyList_GET_ITEM(deals, d), now.hands) < 0 || check_position(&now) < 0)
            goto done;
        PyObject *row = PyList_New(ncards);
        if (!row) goto done;
        for (int i = 0; i < ncards; i++) {
            if (halt && i) {
                int s = stopped_now(halt);
                if (s) {
                    Py_DECREF(row);
                    if (s < 0) goto done;
                    stopped = 1;
                    row = NULL;
                    break;
                }
            }
            double value;
            if (exact) {
                Pos after = now;
                play_one(&after, cards[i]);
                int got = solve_pos(&after, halt);
                if (got < 0) {
                    Py_DECREF(row);
                    if (got == -2) goto done;
                    stopped = 1;
                    row = NULL;
                    break;
                }
                int mine = team == 0 ? after.points[0] + got : 120 - after.points[0] - got;
                value = mine == 120 ? table[121] : mine == 0 ? table[122] : table[mine];
            } else {
                int end[4];
                int r = heuristic_pos(now, (u64)voids, held_seat, held_card, cards[i],
                                      endgame_tricks, halt, end);
                if (r < 0) {
                    Py_DECREF(row);
                    if (r == -2) goto done;
                    stopped = 1;
                    row = NULL;
                    break;
                }
                value = end_value(end, team, table);
            }
            PyObject *v = PyFloat_FromDouble(value);
            if (!v) {
                Py_DECREF(row);
                goto done;
            }
            PyList_SET_ITEM(row, i, v);
        }
        if (!row) break;
        int bad = PyList_Append(rows, row);
        Py_DECREF(row);
        if (bad) goto done;
        if (halt) {
            int s = stopped_now(halt);
            if (s < 0) goto done;
            stopped = s;
        }
    }
    result = Py_BuildValue("(OO)", rows, stopped ? Py_True : Py_False);
done:
    Py_XDECREF(rows);
    PyBuffer_Release(&tables);
    return result;
}

/* follow_or_lead(hand, legal, follows, seat, led, best, best_seat, points, played, trump,
   next_seat, unseen, voids, held_seat, held_card, memory): the rules of thumb's card
   (lead_card() when played is 0, else follow_card()). */
static PyObject *c_rule_card(PyObject *self, PyObject *args) {
    unsigned long long hand, legal, unseen, voids;
    int follows, seat, led, best, best_seat, points, played, trump, held_seat, held_card, memory;
    PyObject *next_seat;
    if (!PyArg_ParseTuple(args, "KKpiiiiiiiOKKiip", &hand, &legal, &follows, &seat, &led, &best,
                          &best_seat, &points, &played, &trump, &next_seat, &unseen, &voids,
                          &held_seat, &held_card, &memory))
        return NULL;
    int ns[4];
    if (get_ints(next_seat, 4, 4, 0, 3, "next_seat", ns) < 0) return NULL;
    if ((hand | legal | unseen) & ~DECK || !hand || (legal & ~hand) || seat < 0 || seat > 3 ||
        led < 0 || led > 3 || best < 0 || best > 39 || best_seat < 0 || best_seat > 3 ||
        played < 0 || played > 3 || trump < 0 || trump > 3 || held_card < -1 || held_card > 39 ||
        held_seat < 0 || held_seat > 3 || (played && !legal)) {
        PyErr_SetString(PyExc_ValueError, "rule_card: an argument is out of range");
        return NULL;
    }
    Know k = {trump, ns, (u64)unseen, (u64)voids & 0xFFFF, held_seat, held_card, memory};
    int card = played ? follow_card((u64)hand, (u64)legal, follows, seat, led, best, best_seat,
                                    points, played, &k)
                      : lead_card((u64)hand, seat, &k);
    return PyLong_FromLong(card);
}

/* Whether two cards of one hand play the same (_bits.interchangeable). */
static int interchangeable(int a, int b, u64 others) {
    if (a / 10 != b / 10 || PTS(a) != PTS(b)) return 0;
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return !(others & above(lo) & ~above(hi) & ~BIT(hi));
}

/* How many of the legal cards play differently (_hidden_hands._choices). */
static int count_choices(u64 legal, u64 others) {
    int count = 0, last = -1;
    for (u64 c = legal; c; c &= c - 1) {
        int card = low(c);
        if (last < 0 || !interchangeable(last, card, others)) {
            count++;
            last = card;
        }
    }
    return count;
}

/* The weights of _hidden_hands.SEARCHER_LEAD and SEARCHER_FOLLOW (the same numbers). */
static const double LEAD_WEIGHTS[13] = {0.33, -1.12, 0.1,  0.52, -0.39, 0.36, 0.69,
                                        -0.02, 0.04,  1.26, 2.17, -0.29, -0.84};
static const double FOLLOW_WEIGHTS[16] = {0.81, 0.06, -0.23, 1.22, -1.28, 0.64,  -1.29, -0.39,
                                          1.2,  0.36, 0.5,   -0.57, -0.23, 0.23, -0.41, -0.31};

/* _hidden_hands._exp: e to the x (x <= 0) from the four operations alone, as Python computes
   it (a library's exp may differ in its last digit between machines). */
static double exp_of(double x) {
    const double ln2 = 0.6931471805599453;
    double k = floor(x / ln2 + 0.5);
    double r = x - k * ln2;
    double term = 1.0;
    for (int n = 13; n > 0; n--) term = 1.0 + term * r / n;
    return ldexp(term, (int)k);
}

/* _hidden_hands.searcher_chance: the chance a searching player plays card (0 for a card not
   among the legal ones); *choices gets how many legal cards play differently. The features
   of each such card as _hidden_hands.searcher_features gives them, in the same order. */
static double searcher_chance(u64 hand, u64 legal, int follows, int seat, int led, int best,
                              int best_seat, int points, int played, const Know *k, int card,
                              int pick, int *choices) {
    u64 unseen = k->unseen;
    int trump = k->trump, partner = seat ^ 2;
    double f[40][16];
    int n = 0, chosen = -1, last = -1;
    const double *w = played ? FOLLOW_WEIGHTS : LEAD_WEIGHTS;
    int nw = played ? 16 : 13;
    for (u64 cards = legal; cards; cards &= cards - 1) {
        int c = low(cards);
        if (last >= 0 && interchangeable(last, c, unseen)) {
            if (c == card) chosen = n - 1;
            if (c == pick) f[n - 1][0] = 1.0;
            continue;
        }
        last = c;
        if (c == card) chosen = n;
        int suit = c / 10;
        u64 in_suit = hand & SUIT(suit);
        double high = (in_suit & above(c)) ? 0.0 : 1.0;
        double lowest_card = (in_suit & (BIT(c) - 1)) ? 0.0 : 1.0;
        double master = (unseen & above(c)) ? 0.0 : 1.0;
        double pts = PTS(c) / 10.0;
        double is_trump = suit == trump ? 1.0 : 0.0;
        double *x = f[n++];
        x[0] = c == pick ? 1.0 : 0.0;
        x[1] = pts;
        if (played) {
            double wins = beats(trump, best, c) ? 1.0 : 0.0;
            double partner_wins = best_seat == partner ? 1.0 : 0.0;
            x[2] = (suit == trump && led != trump) ? 1.0 : 0.0;
            x[3] = wins;
            x[4] = wins * partner_wins;
            x[5] = pts * partner_wins;
            x[6] = pts * (1.0 - partner_wins) * (1.0 - wins);
            x[7] = wins * (played == 3 ? 1.0 : 0.0);
            x[8] = points / 10.0 * wins;
            x[9] = high;
            x[10] = lowest_card;
            x[11] = master;
            x[12] = is_trump;
            x[13] = (!follows && suit != trump) ? 1.0 : 0.0;
            x[14] = wins * (played == 1 ? 1.0 : 0.0);
            x[15] = pts * wins;
        } else {
            int rival_void = ((k->voids >> (4 * k->ns[seat] + suit)) & 1) ||
                             ((k->voids >> (4 * k->ns[partner] + suit)) & 1);
            double partner_void = ((k->voids >> (4 * partner + suit)) & 1) ? 1.0 : 0.0;
            int trumps = popc(hand & SUIT(trump));
            x[2] = is_trump;
            x[3] = master;
            x[4] = popc(in_suit) / 10.0;
            x[5] = high;
            x[6] = lowest_card;
            x[7] = (rival_void ? 1.0 : 0.0) * (1.0 - is_trump);
            x[8] = partner_void * (1.0 - is_trump);
            x[9] = master * pts;
            x[10] = is_trump * trumps / 10.0;
            x[11] = high * (1.0 - master);
            x[12] = master * is_trump;
        }
    }
    *choices = n;
    if (chosen < 0) return 0.0;
    double scores[40], top = 0.0;
    for (int i = 0; i < n; i++) {
        double score = 0.0;
        for (int j = 0; j < nw; j++) score += w[j] * f[i][j];
        scores[i] = score;
        if (i == 0 || score > top) top = score;
    }
    double total = 0.0;
    for (int i = 0; i < n; i++) total += exp_of(scores[i] - top);
    return exp_of(scores[chosen] - top) / total;
}

/* The likelihood of one rival's plays had it held hand_now and the cards it played since (n
   decisions packed by _hidden_hands._pack at p): Likelihood.rival_weight. k holds the trump, the
   order of play and the dealer; -1 for a bad decision record (an error set). */
static int rival_weight_of(const unsigned char *p, Py_ssize_t n, u64 hand_now, int rival, Know k,
                           int held_card, double miss, double floor, double trust, int model,
                           double *out) {
    double weight = 1.0;
    int mixed = trust < 1.0;
    double scale = 1.0, uniform = 1.0; /* with trust below 1 (see Likelihood) */
    for (Py_ssize_t i = 0; i < n; i++, p += 32) {
        u64 later, remaining, voids;
        memcpy(&later, p, 8);
        memcpy(&remaining, p + 8, 8);
        memcpy(&voids, p + 16, 8);
        int card = (signed char)p[24], played = (signed char)p[25], led = (signed char)p[26];
        int best = (signed char)p[27], best_seat = (signed char)p[28];
        int points = (signed char)p[29], held = p[30];
        if (card < 0 || card > 39 || played < 0 || played > 3 || led < 0 || led > 3 || best < 0 ||
            best > 39 || best_seat < 0 || best_seat > 3) {
            PyErr_SetString(PyExc_ValueError, "rival_weight: a bad decision record");
            return -1;
        }
        u64 hand = ((u64)hand_now | later) & DECK;
        u64 follow = played ? hand & SUIT(led) : 0, legal = follow ? follow : hand;
        if (!(legal & (legal - 1))) continue;
        k.unseen = remaining & ~hand;
        k.voids = voids & 0xFFFF;
        k.held_card = held ? held_card : -1;
        int pick_card = played ? follow_card(hand, legal, follow != 0, rival, led, best, best_seat,
                                             points, played, &k)
                               : lead_card(hand, rival, &k);
        if (model) {
            int choices;
            double chance = searcher_chance(hand, legal, follow != 0, rival, led, best, best_seat,
                                            points, played, &k, card, pick_card, &choices);
            weight *= (legal >> card & 1) ? chance : miss; /* miss: a renúncia */
            uniform /= choices;
            if (!mixed && (weight < floor || weight == 0.0)) {
                *out = 0.0;
                return 0;
            }
            continue;
        }
        int stray = pick_card != card && !interchangeable(pick_card, card, k.unseen);
        if (mixed) {
            int choices = count_choices(legal, k.unseen);
            scale *= 1.0 + miss;
            uniform /= choices;
            if (stray) weight *= miss / (choices > 1 ? choices - 1 : 1);
        } else if (stray) {
            int choices = count_choices(legal, k.unseen);
            weight *= miss / (choices > 1 ? choices - 1 : 1);
            if (weight < floor || weight == 0.0) {
                *out = 0.0;
                return 0;
            }
        }
    }
    if (mixed) {
        if (model) scale = 1.0;
        weight = trust * (weight / scale) + (1.0 - trust) * uniform;
        if (weight < floor) weight = 0.0;
    }
    *out = weight;
    return 0;
}

/* rival_weight(packed, hand_now, rival, trump, next_seat, held_seat, held_card, miss, floor,
   trust): Likelihood.rival_weight, the decisions packed by _hidden_hands._pack. */
static PyObject *c_rival_weight(PyObject *self, PyObject *args) {
    Py_buffer buf;
    unsigned long long hand_now;
    int rival, trump, held_seat, held_card;
    double miss, floor, trust;
    int model;
    PyObject *next_seat;
    if (!PyArg_ParseTuple(args, "y*KiiOiidddi", &buf, &hand_now, &rival, &trump, &next_seat,
                          &held_seat, &held_card, &miss, &floor, &trust, &model))
        return NULL;
    int ns[4];
    if (buf.len % 32 || rival < 0 || rival > 3 || trump < 0 || trump > 3 || held_seat < 0 ||
        held_seat > 3 || held_card < -1 || held_card > 39 || (hand_now & ~DECK)) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "rival_weight: an argument is out of range");
        return NULL;
    }
    if (get_ints(next_seat, 4, 4, 0, 3, "next_seat", ns) < 0) {
        PyBuffer_Release(&buf);
        return NULL;
    }
    Know k = {trump, ns, 0, 0, held_seat, -1, 1};
    double weight;
    int bad = rival_weight_of(buf.buf, buf.len / 32, (u64)hand_now, rival, k, held_card, miss,
                              floor, trust, model, &weight);
    PyBuffer_Release(&buf);
    if (bad) return NULL;
    return PyFloat_FromDouble(weight);
}

/* --- a decision's deals drawn and weighed (bots/_sampling._Deals) ------------------------ */

static void dealer_release(Dealer *d) {
    if (d->planned) {
        PyBuffer_Release(&d->counts);
        PyBuffer_Release(&d->cum);
        d->planned = 0;
    }
}

static int get_base(PyObject *obj, u64 *base) {
    PyObject *f;
    if (get_seq(obj, 4, 4, "base", &f) < 0) return -1;
    for (int i = 0; i < 4; i++)
        if (get_mask(PySequence_Fast_ITEMS(f)[i], &base[i]) < 0) {
            Py_DECREF(f);
            return -1;
        }
    Py_DECREF(f);
    return 0;
}

/* spec: (counts, cumulative, total, pool, first, second, third, size_second, second_only, both,
   base) for a plan (plan_deal's arguments), or (pool, sizes, base). */
static int dealer_of(PyObject *spec, Dealer *d) {
    memset(d, 0, sizeof *d);
    if (!PyTuple_Check(spec)) {
        PyErr_SetString(PyExc_TypeError, "a deal spec must be a tuple");
        return -1;
    }
    PyObject *base;
    if (PyTuple_GET_SIZE(spec) == 3) {
        unsigned long long pool;
        PyObject *sizes;
        if (!PyArg_ParseTuple(spec, "KOO", &pool, &sizes, &base)) return -1;
        if ((pool & ~DECK) || get_ints(sizes, 4, 4, 0, 40, "sizes", d->sizes) < 0 ||
            get_base(base, d->base) < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "cards 0 to 39 only");
            return -1;
        }
        d->pool = (u64)pool;
        return 0;
    }
    unsigned long long total, pool, second_only, both;
    if (!PyArg_ParseTuple(spec, "y*y*KKiiiiKKO", &d->counts, &d->cum, &total, &pool, &d->first,
                          &d->second, &d->third, &d->size_second, &second_only, &both, &base))
        return -1;
    d->planned = 1;
    d->n = d->cum.len / 8;
    d->total = total;
    d->pool = pool;
    d->second_only = second_only;
    d->both = both;
    if (d->counts.len != 4 * d->n || !d->n || !total || total >> 63 || d->first < 0 ||
        d->first > 3 || d->second < 0 || d->second > 3 || d->third < 0 || d->third > 3 ||
        (pool & ~DECK)) {
        PyErr_SetString(PyExc_ValueError, "a deal plan argument is out of range");
        dealer_release(d);
        return -1;
    }
    if (get_base(base, d->base) < 0) {
        dealer_release(d);
        return -1;
    }
    return 0;
}

/* One deal (Sampler.sample, the same draws): the four hands. */
static int deal_one(const Dealer *d, PyObject *rng, u64 *out) {
    u64 dealt[4] = {0, 0, 0, 0}, part;
    if (!d->planned) {
        u64 pool = d->pool;
        int left = popc(pool);
        for (int seat = 0; seat < 4; seat++) {
            int size = d->sizes[seat];
            if (size >= left) {
                dealt[seat] = pool;
                break;
            }
            if (size) {
                if (subset(pool, size, rng, &dealt[seat]) < 0) return -1;
                pool &= ~dealt[seat];
                left -= size;
            }
        }
    } else {
        int k = high(d->total) + 1;
        PyObject *bits = PyLong_FromLong(k);
        if (!bits) return -1;
        u64 r;
        for (;;) {
            PyObject *v = PyObject_CallMethodOneArg(rng, str_getrandbits, bits);
            if (!v) {
                Py_DECREF(bits);
                return -1;
            }
            unsigned long long x = PyLong_AsUnsignedLongLong(v);
            Py_DECREF(v);
            if (x == (unsigned long long)-1 && PyErr_Occurred()) {
                Py_DECREF(bits);
                return -1;
            }
            r = (u64)x;
            if (r < d->total) break;
        }
        Py_DECREF(bits);
        const unsigned char *c = d->cum.buf;
        Py_ssize_t lo = 0, hi = d->n;
        while (lo < hi) {
            Py_ssize_t mid = (lo + hi) / 2;
            u64 at;
            memcpy(&at, c + 8 * mid, 8);
            if (r < at)
                hi = mid;
            else
                lo = mid + 1;
        }
        if (lo >= d->n) {
            PyErr_SetString(PyExc_ValueError, "a deal plan's running totals end below its total");
            return -1;
        }
        const unsigned char *want = (const unsigned char *)d->counts.buf + 4 * lo;
        for (int suit = 0; suit < 4; suit++)
            if (want[suit]) {
                if (subset(d->pool & SUIT(suit), want[suit], rng, &part) < 0) return -1;
                dealt[d->first] |= part;
            }
        u64 rest = d->pool & ~dealt[d->first];
        u64 forced = rest & d->second_only, free_cards = rest & d->both;
        if (subset(free_cards, d->size_second - popc(forced), rng, &part) < 0) return -1;
        dealt[d->second] = forced | part;
        dealt[d->third] = rest & ~dealt[d->second];
    }
    for (int i = 0; i < 4; i++) out[i] = d->base[i] | dealt[i];
    return 0;
}

/* The likelihood of the rivals' plays (_hidden_hands.Likelihood): each rival's packed decisions
   and its memo (a dict from a hand now to its weight). */
typedef struct {
    Py_buffer packed[2];
    int rivals[2], ns[4], held_card, ready;
    Know k;
    double miss, floor, trust;
    int model;
    PyObject *memo[2];
} Weigher;

static void weigher_release(Weigher *w) {
    if (w->ready) {
        PyBuffer_Release(&w->packed[0]);
        PyBuffer_Release(&w->packed[1]);
        w->ready = 0;
    }
}

/* spec: (packed0, packed1, rival0, rival1, trump, next_seat, held_seat, held_card, miss, floor,
   trust, memo0, memo1). */
static int weigher_of(PyObject *spec, Weigher *w) {
    memset(w, 0, sizeof *w);
    int trump, held_seat;
    PyObject *next_seat;
    if (!PyTuple_Check(spec)) {
        PyErr_SetString(PyExc_TypeError, "a likelihood spec must be a tuple");
        return -1;
    }
    if (!PyArg_ParseTuple(spec, "y*y*iiiOiidddiO!O!", &w->packed[0], &w->packed[1],
                          &w->rivals[0], &w->rivals[1], &trump, &next_seat, &held_seat,
                          &w->held_card, &w->miss, &w->floor, &w->trust, &w->model, &PyDict_Type,
                          &w->memo[0], &PyDict_Type, &w->memo[1]))
        return -1;
    w->ready = 1;
    if (w->packed[0].len % 32 || w->packed[1].len % 32 || w->rivals[0] < 0 || w->rivals[0] > 3 ||
        w->rivals[1] < 0 || w->rivals[1] > 3 || trump < 0 || trump > 3 || held_seat < 0 ||
        held_seat > 3 || w->held_card < -1 || w->held_card > 39) {
        PyErr_SetString(PyExc_ValueError, "a likelihood argument is out of range");
        weigher_release(w);
        return -1;
    }
    if (get_ints(next_seat, 4, 4, 0, 3, "next_seat", w->ns) < 0) {
        weigher_release(w);
        return -1;
    }
    Know k = {trump, w->ns, 0, 0, held_seat, -1, 1};
    w->k = k;
    return 0;
}

/* A deal's weight (Likelihood.weight): the product of both rivals' weights, each looked up in
   or added to its memo, 0 below the floor. */
static int weigh(Weigher *w, const u64 *hands, double *out) {
    double total = 1.0;
    for (int i = 0; i < 2; i++) {
        u64 hand = hands[w->rivals[i]];
        PyObject *key = PyLong_FromUnsignedLongLong(hand);
        if (!key) return -1;
        PyObject *got = PyDict_GetItemWithError(w->memo[i], key);
        double weight;
        if (got) {
            weight = PyFloat_AsDouble(got);
            if (weight == -1.0 && PyErr_Occurred()) {
                Py_DECREF(key);
                return -1;
            }
        } else {
            if (PyErr_Occurred() ||
                rival_weight_of(w->packed[i].buf, w->packed[i].len / 32, hand, w->rivals[i], w->k,
                                w->held_card, w->miss, w->floor, w->trust, w->model,
                                &weight) < 0) {
                Py_DECREF(key);
                return -1;
            }
            PyObject *value = PyFloat_FromDouble(weight);
            if (!value || PyDict_SetItem(w->memo[i], key, value) < 0) {
                Py_XDECREF(value);
                Py_DECREF(key);
                return -1;
            }
            Py_DECREF(value);
        }
        Py_DECREF(key);
        total *= weight;
        if (total < w->floor || total == 0.0) {
            *out = 0.0;
            return 0;
        }
    }
    *out = total;
    return 0;
}

static PyObject *hands_list(const u64 *h) {
    return Py_BuildValue("[KKKK]", (unsigned long long)h[0], (unsigned long long)h[1],
                         (unsigned long long)h[2], (unsigned long long)h[3]);
}

/* sample_deals(deal_spec, count, rng): `count` deals (Sampler.sample `count` times). */
static PyObject *c_sample_deals(PyObject *self, PyObject *args) {
    PyObject *spec, *rng;
    Py_ssize_t count;
    if (!PyArg_ParseTuple(args, "OnO", &spec, &count, &rng)) return NULL;
    if (count < 0 || count > 100000000) {
        PyErr_SetString(PyExc_ValueError, "sample_deals: count out of range");
        return NULL;
    }
    Dealer d;
    if (dealer_of(spec, &d) < 0) return NULL;
    PyObject *out = PyList_New(count);
    u64 hands[4];
    for (Py_ssize_t i = 0; out && i < count; i++) {
        PyObject *item = deal_one(&d, rng, hands) < 0 ? NULL : hands_list(hands);
        if (!item) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, item);
    }
    dealer_release(&d);
    return out;
}

/* pool_deals(deal_spec, likelihood_spec, count, rng, stop, pool, weights, total, squares):
   `count` deals drawn and weighed (_Deals.batch's loop), appended to the lists `pool` and
   `weights`; (total, squares) with their weights and squared weights added, in order; None
   once `stop` (or None) says so, asked before a deal whenever len(weights) % 8 == 7. */
static PyObject *c_pool_deals(PyObject *self, PyObject *args) {
    PyObject *spec, *lspec, *rng, *stop, *pool, *weights;
    Py_ssize_t count;
    double total, squares;
    if (!PyArg_ParseTuple(args, "OOnOOO!O!dd", &spec, &lspec, &count, &rng, &stop, &PyList_Type,
                          &pool, &PyList_Type, &weights, &total, &squares))
        return NULL;
    if (count < 0 || count > 100000000) {
        PyErr_SetString(PyExc_ValueError, "pool_deals: count out of range");
        return NULL;
    }
    Dealer d;
    Weigher w;
    if (dealer_of(spec, &d) < 0) return NULL;
    if (weigher_of(lspec, &w) < 0) {
        dealer_release(&d);
        return NULL;
    }
    PyObject *result = NULL;
    u64 hands[4];
    for (Py_ssize_t i = 0; i < count; i++) {
        if (stop != Py_None && PyList_GET_SIZE(weights) % 8 == 7) {
            int s = stopped_now(stop);
            if (s < 0) goto done;
            if (s) {
                result = Py_NewRef(Py_None);
                goto done;
            }
        }
        double weight;
        if (deal_one(&d, rng, hands) < 0 || weigh(&w, hands, &weight) < 0) goto done;
        PyObject *item = hands_list(hands);
        if (!item) goto done;
        int bad = PyList_Append(pool, item);
        Py_DECREF(item);
        if (bad) goto done;
        PyObject *value = PyFloat_FromDouble(weight);
        if (!value) goto done;
        bad = PyList_Append(weights, value);
        Py_DECREF(value);
        if (bad) goto done;
        total += weight;
        squares += weight * weight;
    }
    result = Py_BuildValue("(dd)", total, squares);
done:
    dealer_release(&d);
    weigher_release(&w);
    return result;
}

/* weigh_deals(likelihood_spec, deals, stop): the weight of each deal of the list `deals`
   (Likelihood.weight), None once `stop` (or None) says so, asked before a deal whenever the
   weights so far number 63 modulo 64. */
static PyObject *c_weigh_deals(PyObject *self, PyObject *args) {
    PyObject *lspec, *deals, *stop;
    if (!PyArg_ParseTuple(args, "OO!O", &lspec, &PyList_Type, &deals, &stop)) return NULL;
    Weigher w;
    if (weigher_of(lspec, &w) < 0) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(deals);
    PyObject *out = PyList_New(n);
    u64 hands[4];
    for (Py_ssize_t i = 0; out && i < n; i++) {
        if (stop != Py_None && i % 64 == 63) {
            int s = stopped_now(stop);
            if (s) {
                Py_CLEAR(out);
                if (s > 0) out = Py_NewRef(Py_None);
                break;
            }
        }
        double weight;
        PyObject *value = NULL;
        if (get_base(PyList_GET_ITEM(deals, i), hands) == 0 && weigh(&w, hands, &weight) == 0)
            value = PyFloat_FromDouble(weight);
        if (!value) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, value);
    }
    weigher_release(&w);
    return out;
}

/* resample(pool, weights, total, count, rng): bots._sampling._resample (systematic resampling:
   one rng.random(), the same float steps), `count` items of the list `pool` by the list of
   their weights. */
static PyObject *c_resample(PyObject *self, PyObject *args) {
    PyObject *pool, *weights, *rng;
    double total;
    Py_ssize_t count;
    if (!PyArg_ParseTuple(args, "O!O!dnO", &PyList_Type, &pool, &PyList_Type, &weights, &total,
                          &count, &rng))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(pool);
    if (count < 1 || count > 100000000 || !n || PyList_GET_SIZE(weights) != n) {
        PyErr_SetString(PyExc_ValueError, "resample: an argument is out of range");
        return NULL;
    }
    double step = total / (double)count, r;
    if (uniform(rng, &r) < 0) return NULL;
    double target = r * step, running = 0.0;
    Py_ssize_t index = -1;
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        while (running <= target && index < n - 1) {
            index++;
            double w = PyFloat_AsDouble(PyList_GET_ITEM(weights, index));
            if (w == -1.0 && PyErr_Occurred()) {
                Py_DECREF(out);
                return NULL;
            }
            running += w;
        }
        PyObject *item = PyList_GET_ITEM(pool, index < 0 ? 0 : index);
        Py_INCREF(item);
        PyList_SET_ITEM(out, i, item);
        target += step;
    }
    return out;
}

/* The sets of `size` cards of `cards` in itertools.combinations' order over the cards from the
   lowest (_hidden_hands._subsets): *count of them into a new array (NULL and an error set when
   out of memory). */
static u64 *subsets_of(u64 cards, int size, Py_ssize_t *count) {
    int bits[40], n = 0;
    for (int c = 0; c < 40; c++)
        if (cards >> c & 1) bits[n++] = c;
    *count = 0;
    if (size > n || size < 0) return PyMem_Malloc(1);
    /* C(n, size), exactly (each step's product divides), at most C(40, 20): fits */
    u64 ways = 1;
    for (int i = 0; i < size; i++) ways = ways * (u64)(n - i) / (u64)(i + 1);
    if (ways > 50000000) {
        PyErr_SetString(PyExc_ValueError, "every_deal: too many deals to list");
        return NULL;
    }
    Py_ssize_t total = (Py_ssize_t)ways;
    u64 *out = PyMem_Malloc((total ? total : 1) * sizeof(u64));
    if (!out) {
        PyErr_NoMemory();
        return NULL;
    }
    int idx[40];
    for (int i = 0; i < size; i++) idx[i] = i;
    Py_ssize_t k = 0;
    for (;;) {
        u64 m = 0;
        for (int i = 0; i < size; i++) m |= BIT(bits[idx[i]]);
        if (k < total) out[k++] = m;
        int i = size - 1;
        while (i >= 0 && idx[i] == i + n - size) i--;
        if (i < 0) break;
        idx[i]++;
        for (int j = i + 1; j < size; j++) idx[j] = idx[j - 1] + 1;
    }
    *count = k;
    return out;
}

/* every_deal(pool, sizes, base, seats, voids): Sampler.every_deal, the same deals in the same
   order: the pool dealt to seats (first, second, last) by their sizes, none of them a card of
   its voids (voids: the cards each of the three may not hold), base's cards added. */
static PyObject *c_every_deal(PyObject *self, PyObject *args) {
    unsigned long long pool;
    PyObject *sizes_obj, *base_obj, *seats_obj, *voids_obj;
    if (!PyArg_ParseTuple(args, "KOOOO", &pool, &sizes_obj, &base_obj, &seats_obj, &voids_obj))
        return NULL;
    int sizes[4], seats[3];
    u64 base[4], voids[3];
    if (get_ints(sizes_obj, 4, 4, 0, 40, "sizes", sizes) < 0 ||
        get_ints(seats_obj, 3, 3, 0, 3, "seats", seats) < 0 || get_base(base_obj, base) < 0)
        return NULL;
    PyObject *f;
    if (get_seq(voids_obj, 3, 3, "voids", &f) < 0) return NULL;
    for (int i = 0; i < 3; i++)
        if (get_mask(PySequence_Fast_ITEMS(f)[i], &voids[i]) < 0) {
            Py_DECREF(f);
            return NULL;
        }
    Py_DECREF(f);
    if (pool & ~DECK) {
        PyErr_SetString(PyExc_ValueError, "every_deal: cards 0 to 39 only");
        return NULL;
    }
    int first = seats[0], second = seats[1], last = seats[2];
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    Py_ssize_t na, nb;
    u64 *as = subsets_of((u64)pool & ~voids[0], sizes[first], &na);
    if (!as) {
        Py_DECREF(out);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < na; i++) {
        u64 rest = (u64)pool ^ as[i];
        u64 *bs = subsets_of(rest & ~voids[1], sizes[second], &nb);
        if (!bs) {
            PyMem_Free(as);
            Py_DECREF(out);
            return NULL;
        }
        for (Py_ssize_t j = 0; j < nb; j++) {
            u64 c = rest ^ bs[j];
            if ((c & voids[2]) || popc(c) != sizes[last]) continue;
            u64 hands[4] = {base[0], base[1], base[2], base[3]};
            hands[first] |= as[i];
            hands[second] |= bs[j];
            hands[last] |= c;
            PyObject *item = hands_list(hands);
            if (!item || PyList_Append(out, item) < 0) {
                Py_XDECREF(item);
                PyMem_Free(bs);
                PyMem_Free(as);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(item);
        }
        PyMem_Free(bs);
    }
    PyMem_Free(as);
    return out;
}

static PyMethodDef methods[] = {
    {"rival_weight", c_rival_weight, METH_VARARGS, "Likelihood.rival_weight, compiled."},
    {"random_playout", c_random_playout, METH_VARARGS,
     "random_playout(position, rng): the deal played to its end with random legal cards."},
    {"plan_deal", c_plan_deal, METH_VARARGS, "One deal of a _VoidPlan (bots), compiled."},
    {"random_subset", c_random_subset, METH_VARARGS,
     "random_subset(pool, size, rng): a uniformly random set of size cards of pool."},
    {"deal_to_seats", c_deal_to_seats, METH_VARARGS,
     "deal_to_seats(pool, sizes, rng): the cards of pool dealt at random to four seats."},
    {"deal_hands", c_deal_hands, METH_O, "deal_hands(rng): a random deal, four hand masks."},
    {"random_deals", c_random_deals, METH_VARARGS,
     "random_deals(count, leader, next_seat, rng): count random deals dealt and played out."},
    {"solve", c_solve, METH_VARARGS,
     "solve(position, stop=None): team 0's points to the end with perfect play; None if stopped."},
    {"heuristic_playout", c_heuristic_playout, METH_VARARGS,
     "heuristic_playout(position, voids, held_seat, held_card, first, exact_tricks, stop=None)."},
    {"rule_card", c_rule_card, METH_VARARGS, "The rules of thumb's card (lead or follow)."},
    {"play_deals", c_play_deals, METH_VARARGS,
     "play_deals(start, deals, cards, exact, voids, held_seat, held_card, endgame_tricks, team, "
     "tables, stop): each card's value in each deal (SamplingBot._play_out)."},
    {"resample", c_resample, METH_VARARGS,
     "resample(pool, weights, total, count, rng): systematic resampling (bots._sampling)."},
    {"every_deal", c_every_deal, METH_VARARGS,
     "every_deal(pool, sizes, base, seats, voids): Sampler.every_deal, the same order."},
    {"sample_deals", c_sample_deals, METH_VARARGS,
     "sample_deals(deal_spec, count, rng): count deals of the unseen cards (Sampler.sample)."},
    {"pool_deals", c_pool_deals, METH_VARARGS,
     "pool_deals(deal_spec, likelihood_spec, count, rng, stop, pool, weights, total, squares)."},
    {"weigh_deals", c_weigh_deals, METH_VARARGS,
     "weigh_deals(likelihood_spec, deals, stop): each deal's weight (Likelihood.weight)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_ckernel", "The compiled play-out kernel of sueca-rules.", -1, methods,
};

PyMODINIT_FUNC PyInit__ckernel(void) {
    for (int n = 1; n <= 10; n++)
        for (int r = 0; r < 256; r++) PICK[n][r] = r < 256 - 256 % n ? (unsigned char)(r % n) : 255;
    str_getrandbits = PyUnicode_InternFromString("getrandbits");
    str_random = PyUnicode_InternFromString("random");
    int_40 = PyLong_FromLong(40);
    if (!str_getrandbits || !str_random || !int_40) return NULL;
    return PyModule_Create(&module);
}
