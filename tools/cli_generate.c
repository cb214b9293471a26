/* `rulegrid generate`: placeholder until the generator lands. */
#include <stdio.h>

#include "cli.h"

int cli_generate_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("rulegrid generate: not built yet\n", stderr);
    return 2;
}
