/* `rulegrid fmt` and `rulegrid convert`: placeholders until the writer lands. */
#include <stdio.h>

#include "cli.h"

int cli_fmt_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("rulegrid fmt: not built yet\n", stderr);
    return 2;
}

int cli_convert_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("rulegrid convert: not built yet\n", stderr);
    return 2;
}
