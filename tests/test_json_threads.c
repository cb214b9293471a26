/* Tests of the cJSON allocation hooks of core/base/json.c over threads: the
 * hooks are installed once, and no thread parses before they are in. Each
 * case runs in a child process of its own, where nothing has installed
 * them yet (they are global to a process and cannot be taken back). */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "base/json.h"
#include "rulegrid/rulegrid.h"
#include "support.h"

enum { THREADS = 4 };

static pthread_barrier_t start;

static const char text[] = "{\"format\": \"rulegrid\", \"version\": 1, \"rules\": "
                           "[{\"type\": \"box_grid\", \"box\": [3, 3]}, {\"type\": \"x\"}]}";

/* A parse as a worker makes it, started with the other threads at once. */
static void *parse_one(void *arg)
{
    (void)arg;
    pthread_barrier_wait(&start);
    cJSON *root = rg_json_parse(text, sizeof text - 1, NULL);
    if (!root) return (void *)1;
    cJSON_Delete(root); /* through rg_mem_free: a tree made by plain malloc aborts here */
    return NULL;
}

/* The child: THREADS first parses at once; its exit status 0 when each
 * parsed and every byte was given back through the counting hooks. */
static int racing_child(void)
{
    pthread_t t[THREADS];
    pthread_barrier_init(&start, NULL, THREADS);
    for (int k = 0; k < THREADS; k++)
        if (pthread_create(&t[k], NULL, parse_one, NULL) != 0) return 3;
    int bad = 0;
    for (int k = 0; k < THREADS; k++) {
        void *r;
        pthread_join(t[k], &r);
        bad |= r != NULL;
    }
    return bad ? 4 : rg_mem_in_use() != 0 ? 5 : 0;
}

/* fn run in a fresh child process (the k-th of its test), which must end
 * normally with status 0. */
static void in_child(int (*fn)(void), int k)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) _exit(fn());
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFEXITED(status)) fail_msg("child %d ended by signal %d", k, WTERMSIG(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

/* Threads whose first act is a parse: with the hooks' flag set before they
 * were installed, a thread could parse with plain malloc while another
 * installed them, then free its tree through rg_mem_free (seen as "free():
 * invalid pointer" in rulegrid count -j 2; the old code failed within the
 * first ten children). Many children, each a new race: fewer under the
 * sanitizers and Valgrind, which serialise or slow the threads anyway. */
static void first_parses_race(void **state)
{
    (void)state;
    int forks = t_rounds(200, 50, 10);
    for (int k = 0; k < forks; k++) in_child(racing_child, k);
}

/* A registry installs them: a tree built (not parsed) after rg_registry_new
 * is counted as the library's. */
static int registry_child(void)
{
    rg_registry *reg = rg_registry_new();
    if (!reg) return 3;
    size_t before = rg_mem_in_use();
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddNumberToObject(o, "n", 1)) return 4;
    int counted = rg_mem_in_use() > before;
    cJSON_Delete(o);
    rg_registry_free(reg);
    return !counted ? 5 : rg_mem_in_use() != 0 ? 6 : 0;
}

static void registry_installs_hooks(void **state)
{
    (void)state;
    in_child(registry_child, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_parses_race),
        cmocka_unit_test(registry_installs_hooks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
