/* The option parser of `rulegrid` and rulegrid-bench. A program describes its
 * commands and its options in two tables; from them come the parser, the
 * help of the program and of each command, and every usage error. */
#ifndef RG_OPTS_H
#define RG_OPTS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* How an option's value is read; the comment gives its field's type. */
enum opts_kind {
    OPTS_FLAG,    /* int: 1 when given; takes no value */
    OPTS_TEXT,    /* const char *: the value as given (the last one wins) */
    OPTS_TEXTS,   /* opts_list: every value in order (the option repeats) */
    OPTS_UINT,    /* uint64_t: a decimal whole number from min to max */
    OPTS_SECONDS, /* double: a decimal number of seconds, 0 or more */
    OPTS_NAME,    /* int: the index of one of names */
    OPTS_NAMES,   /* opts_choice: names, comma-separated, or "all" among them */
    OPTS_HELP,    /* int, unused: prints the command's help, exit status 0 */
    OPTS_VERSION  /* int, unused: prints the program's version, exit status 0 */
};

/* Values in the order given, NULL-terminated (v is NULL when n is 0). */
typedef struct opts_list {
    const char **v;
    int n;
} opts_list;

/* The names of an OPTS_NAMES option, as indexes: in the order given, or in
 * the order of the list when "all" was among them. */
#define OPTS_CHOICES 32
typedef struct opts_choice {
    int n;
    int v[OPTS_CHOICES];
} opts_choice;

/* A list of names an option chooses from: a table of the library
 * (strategies, heuristics, ...) or of the program. */
typedef struct opts_names {
    const char *noun; /* "strategy": "unknown strategy 'x' (one of ...)" */
    int count;
    const char *(*name)(int);
    const char *(*summary)(int); /* NULL: the help lists the names alone */
} opts_names;

/* One row of a program's option table. Rows come from an X-macro through
 * OPTS_ROW below, so that the table also declares the values' fields. */
typedef struct opts_option {
    const char *name;  /* "strategy" is --strategy */
    char letter;       /* 's' is -s; 0 for none */
    const char *arg;   /* its value in the help ("S", "FILE"); NULL for a flag */
    unsigned commands; /* bit c: command c takes it */
    size_t offset;     /* of its field in the program's values */
    const char *help;
    int kind;                /* OPTS_* */
    uint64_t min, max;       /* OPTS_UINT: the range */
    const char *bad;         /* OPTS_UINT, OPTS_SECONDS: the error after "'VALUE' " */
    const opts_names *names; /* OPTS_NAME, OPTS_NAMES */
    int (*in_all)(int i);    /* OPTS_NAMES: is name i part of "all"? NULL: every one */
    int (*check)(const char *value, char *why, size_t n); /* OPTS_TEXT(S), may be
                              NULL: 0, or not 0 with why (after "--option: ") */
} opts_option;

/* The "how" column of a table row: its kind, range and messages. Each
 * names the field's type (OPTS_TYPE_) and the row's settings (OPTS_SET_). */
#define OPTS_TYPE_FLAG                 int
#define OPTS_TYPE_TEXT                 const char *
#define OPTS_TYPE_TEXTS                opts_list
#define OPTS_TYPE_CHECKED(check)       const char *
#define OPTS_TYPE_CHECKED_TEXTS(check) opts_list
#define OPTS_TYPE_UINT(min, max, bad)  uint64_t
#define OPTS_TYPE_SECONDS(bad)         double
#define OPTS_TYPE_NAME(names)          int
#define OPTS_TYPE_NAMES(names, in_all) opts_choice
#define OPTS_TYPE_HELP                 int
#define OPTS_TYPE_VERSION              int
#define OPTS_SET_FLAG                  .kind = OPTS_FLAG
#define OPTS_SET_TEXT                  .kind = OPTS_TEXT
#define OPTS_SET_TEXTS                 .kind = OPTS_TEXTS
#define OPTS_SET_CHECKED(fn)           .kind = OPTS_TEXT, .check = (fn)
#define OPTS_SET_CHECKED_TEXTS(fn)     .kind = OPTS_TEXTS, .check = (fn)
#define OPTS_SET_UINT(lo, hi, msg)     .kind = OPTS_UINT, .min = (lo), .max = (hi), .bad = (msg)
#define OPTS_SET_SECONDS(msg)          .kind = OPTS_SECONDS, .bad = (msg)
#define OPTS_SET_NAME(list)            .kind = OPTS_NAME, .names = (list)
#define OPTS_SET_NAMES(list, all)      .kind = OPTS_NAMES, .names = (list), .in_all = (all)
#define OPTS_SET_HELP                  .kind = OPTS_HELP
#define OPTS_SET_VERSION               .kind = OPTS_VERSION
/* A field of the values struct, and a row of the table (type is the
 * values struct), from the columns of a program's X-macro. */
#define OPTS_FIELD(field, how) OPTS_TYPE_##how field;
#define OPTS_ROW(type, field, name, letter, arg, commands, how, help)                              \
    {name, letter, arg, commands, offsetof(type, field), help, OPTS_SET_##how},

/* One command of a program (a program without commands has one, unnamed). */
typedef struct opts_command {
    const char *name;       /* "solve", NULL for the program itself */
    const char *summary;    /* one line, in the program's help */
    const char *usage;      /* after "usage: rulegrid solve " */
    const char *about;      /* the help's text before the options (lines end with \n) */
    const char *after;      /* after the options: exit statuses (lines end with \n) */
    const char *who;        /* what its messages start with, NULL: the program's name */
    const char *no_operand; /* NULL: takes operands; else the message for one
                              (a format with one %s, the operand) */
} opts_command;

#define OPTS_MAX 64

typedef struct opts_program {
    const char *name;                  /* "rulegrid" */
    const char *version;               /* "rulegrid 0.1.0", NULL: no --version */
    const char *usage, *about, *after; /* the program's help around its command list */
    const opts_command *commands;
    int ncommands;
    const opts_option *options; /* at most OPTS_MAX */
    int noptions;
    const char *pass_prefix; /* arguments starting so are kept apart as they are */
    size_t size;             /* of the values struct */
} opts_program;

/* The start of every program's values struct: what is not an option's field. */
typedef struct opts_head {
    opts_list operands;            /* the other arguments, in order */
    opts_list passed;              /* those starting with pass_prefix */
    unsigned char given[OPTS_MAX]; /* times each option (by table row) was given */
} opts_head;

/* Parses argv[first..argc) for command cmd of prog into values, which is the
 * program's struct starting with an opts_head (all zeroed here first): each
 * option's field, given[], the operands. Options and operands may come in
 * any order; "--" ends the options; "-" is an operand; --name=value and
 * -xVALUE work as well as two arguments. Returns -1 to go on, or the exit
 * status to stop with once printed: 0 after --help or --version, 2 after a
 * usage error. opts_free releases what it kept, in any case. */
int opts_parse(const opts_program *prog, int cmd, int argc, char **argv, int first,
               opts_head *values);
void opts_free(const opts_program *prog, opts_head *values);

/* The help of command cmd (its usage, text, options and what follows), or
 * with cmd < 0 the program's (its usage and its commands with summaries). */
void opts_help(const opts_program *prog, int cmd, FILE *f);
/* "<who>: <message>" and "Try '<program> [command] --help'." on standard
 * error, cmd < 0 for the program; returns 2, the usage error status. */
int opts_usage_error(const opts_program *prog, int cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The same with the message's arguments in ap. */
int opts_usage_verror(const opts_program *prog, int cmd, const char *fmt, va_list ap);
/* The command called name, or -1. */
int opts_command_find(const opts_program *prog, const char *name);
/* "a, b, c" of the program's commands or of names, into buf. */
void opts_command_list(const opts_program *prog, char *buf, size_t n);
void opts_names_list(const opts_names *names, char *buf, size_t n);
/* The index of name in names, or -1. */
int opts_names_find(const opts_names *names, const char *name);
/* text (names of names, comma-separated, or "all" among them: every name
 * in_all keeps, or every one when in_all is NULL) into out. 0, or not 0
 * with why: an unknown name, one given twice, an empty list. */
int opts_choose(const opts_names *names, int (*in_all)(int), const char *text, opts_choice *out,
                char *why, size_t n);
/* "unknown <noun> 'value' (one of a, b, c<tail>)" into why: the message of a
 * bad name, also for lists checked by a program. */
void opts_unknown_name(const opts_names *names, const char *value, const char *tail, char *why,
                       size_t n);
/* The check of a folder to search (--plugins DIR): 0 when value is an
 * absolute path; else not 0, with why saying that a relative folder is
 * refused (it would be looked up from the current folder). */
int opts_absolute_folder(const char *value, char *why, size_t n);

#endif
